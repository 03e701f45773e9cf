# A class method's ``cls(...)`` (pyparsing's ``ParserElement.using_each``): ``cls`` is the class or a subclass,
# and one subclass only defines ``__new__``. Its ``__new__`` runs for that subclass alone: the call may reach
# it, with the base's ``object.__new__`` otherwise (no resolved call of ``Literal.__new__``).
class Element:
    def __init__(self, text=""):
        self.text = text

    @classmethod
    def using_each(cls, seq):
        return [cls(item) for item in seq]


class Literal(Element):
    def __new__(cls, text=""):
        return super().__new__(cls)

    def __init__(self, text=""):
        super().__init__(text)


class Word(Element):
    pass


Literal("x")
# expect: main.py -> main.py::Literal.__new__
# expect: main.py -> main.py::Literal.__init__
# expect: main.py::Element.using_each -> main.py::Literal.__new__ |
# expect: main.py::Literal.__init__ -> main.py::Element.__init__
# expect: main.py::Element.using_each -> main.py::Element.__init__ | main.py::Literal.__init__
