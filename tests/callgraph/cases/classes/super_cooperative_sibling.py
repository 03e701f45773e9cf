class Base:
    def setup(self):
        pass


class Left(Base):
    def setup(self):
        super().setup()


class Right(Base):
    def setup(self):
        super().setup()


class Both(Left, Right):
    pass


class Plain(dict):
    def setup(self):
        super().setup()


Both().setup()
# the only instance is a Both, whose MRO is Both, Left, Right, Base: ``super()`` in Left is Right.
# Plain's ``super().setup()`` (never called) can reach only dict's, never a project class's ``setup``
# expect: main.py -> main.py::Both
# expect: main.py -> main.py::Left.setup
# expect: main.py::Left.setup -> main.py::Right.setup
# expect: main.py::Right.setup -> main.py::Base.setup
# expect-none: main.py::Plain.setup -> main.py::Base.setup
