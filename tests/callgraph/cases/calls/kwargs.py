def target():
    pass


def call(**kwargs):
    kwargs["fn"]()


call(fn=target)
# expect: main.py -> main.py::call
# expect: main.py::call -> main.py::target
