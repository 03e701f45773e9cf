def compute():
    return 1


class Config:
    value = compute()
# a call in a class body belongs to the class
# expect: main.py::Config -> main.py::compute
