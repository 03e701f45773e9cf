from importlib import import_module

handlers = import_module("app.handlers")
handlers.Handler().handle()
# --- file: app/__init__.py
# --- file: app/handlers.py
class Handler:
    def handle(self):
        pass
# the module a literal names is the call's value, whatever name the function is imported under
# expect: main.py -> app/handlers.py::Handler
# expect: main.py -> app/handlers.py::Handler.handle
