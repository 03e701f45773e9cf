def compute():
    return 1


def run(x=compute()):
    pass
# a default value is computed where the function is defined: the module
# expect: main.py -> main.py::compute
