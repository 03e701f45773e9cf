class A:
    pass


A()
# a class without __init__ in the project: the call edge goes to the class
# expect: main.py -> main.py::A
