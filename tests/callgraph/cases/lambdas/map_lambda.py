def double(x):
    return x


list(map(lambda v: double(v), [1]))
# expect: main.py -> main.py::<lambda1>
# expect: main.py::<lambda1> -> main.py::double
