class Base:
    def who(self):
        pass


class Left(Base):
    pass


class Right(Base):
    def who(self):
        pass


class Child(Left, Right):
    pass


Child().who()
# C3 finds Right.who before Base.who
# expect: main.py -> main.py::Child
# expect: main.py -> main.py::Right.who
