def helper():
    pass


run = lambda: helper()
run()
# expect: main.py -> main.py::<lambda1>
# expect: main.py::<lambda1> -> main.py::helper
