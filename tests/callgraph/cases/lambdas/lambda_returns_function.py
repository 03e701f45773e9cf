def target():
    pass


pick = lambda: target
pick()()
# expect: main.py -> main.py::<lambda1>
# expect: main.py -> main.py::target
