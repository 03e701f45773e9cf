def check(x):
    return True


list(filter(lambda x: check(x), [1, 2]))
# expect: main.py -> main.py::<lambda1>
# expect: main.py::<lambda1> -> main.py::check
