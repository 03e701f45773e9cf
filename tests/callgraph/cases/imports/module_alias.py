import services.billing as billing

billing.charge()
# expect: main.py -> services/billing.py::charge
# --- file: services/__init__.py
# --- file: services/billing.py
def charge():
    pass
