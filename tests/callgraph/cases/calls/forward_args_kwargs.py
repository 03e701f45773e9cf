def target(a, b=None):
    pass


def forward(*args, **kwargs):
    return target(*args, **kwargs)


forward(1, b=2)
# expect: main.py -> main.py::forward
# expect: main.py::forward -> main.py::target
