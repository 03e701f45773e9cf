def a():
    pass


def b():
    pass


def make_all():
    made = []
    for fn in [a, b]:
        def call():
            fn()
        made.append(call)
    return made


for c in make_all():
    c()
# late binding: the closure sees fn, which may be a or b
# expect: main.py -> main.py::make_all
# expect: main.py -> main.py::make_all.call
# expect: main.py::make_all.call -> main.py::a | main.py::b
