def apply(fn):
    return fn()


apply(lambda: 1)
# expect: main.py -> main.py::apply
# expect: main.py::apply -> main.py::<lambda1>
