def run(self):
    pass


def other(self):
    pass


class A:
    pass


class B(A):
    pass


class C:
    pass


A.run = run
C.other = other
B().run()
A().run()
# C's attribute is not A's
A.other
# the attribute is set on the class object after its body: instances of the class and of its
# subclasses read it as a method; other classes do not see it
# expect: main.py -> main.py::run
# expect: main.py -> main.py::A
# expect: main.py -> main.py::B
