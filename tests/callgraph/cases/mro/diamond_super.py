class Base:
    def hello(self):
        pass


class Left(Base):
    def hello(self):
        super().hello()


class Right(Base):
    def hello(self):
        super().hello()


class Child(Left, Right):
    def hello(self):
        super().hello()


Child().hello()
# C3: Child, Left, Right, Base; super() in Left is Right for a Child
# expect: main.py -> main.py::Child
# expect: main.py -> main.py::Child.hello
# expect: main.py::Child.hello -> main.py::Left.hello
# expect: main.py::Left.hello -> main.py::Right.hello
# expect: main.py::Right.hello -> main.py::Base.hello
