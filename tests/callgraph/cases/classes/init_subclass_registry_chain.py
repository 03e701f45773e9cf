registry = {}


class Base:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        registry[cls.__name__] = cls


class Middle(Base):
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.check()

    @classmethod
    def check(cls):
        pass


class Leaf(Middle):
    pass
# Middle's creation calls Base's hook; Leaf's calls Middle's, which calls Base's through super()
# expect: main.py -> main.py::Base.__init_subclass__
# expect: main.py -> main.py::Middle.__init_subclass__
# expect: main.py::Middle.__init_subclass__ -> main.py::Base.__init_subclass__
# expect: main.py::Middle.__init_subclass__ -> main.py::Middle.check
