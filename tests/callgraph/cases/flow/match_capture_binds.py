class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def handler():
    pass


def fallback():
    pass


def sequence(v):
    match v:
        case [first, *handler]:
            handler()


def mapping(v):
    match v:
        case {"k": handler, **rest}:
            handler()


def keyword(v):
    match v:
        case Point(x=0, y=handler):
            handler()


def positional(v):
    match v:
        case str(handler) | bytes(handler):
            handler()


def alias(v):
    match v:
        case int() as handler:
            handler()


def bare(v):
    match v:
        case handler:
            handler()


def value_pattern(v):
    h = handler
    match v:
        case Point.x:
            h()
    h()


sequence([fallback])
mapping({"k": fallback})
keyword(Point(0, fallback))
positional("")
alias(1)
bare(fallback)
value_pattern(1)
# a case pattern's capture binds its name (to a value from the subject, not modelled): the calls in the
# cases are of the captured value, never of the module function ``handler`` (the loop's case, whose call is
# ambiguous with one candidate, is in tests/resolution/python/occurrences/matching.py). A dotted value pattern
# (``Point.x``) binds nothing.
# expect: main.py -> main.py::sequence
# expect: main.py -> main.py::mapping
# expect: main.py -> main.py::keyword
# expect: main.py -> main.py::Point.__init__
# expect: main.py -> main.py::positional
# expect: main.py -> main.py::alias
# expect: main.py -> main.py::bare
# expect: main.py -> main.py::value_pattern
# expect: main.py::value_pattern -> main.py::handler
