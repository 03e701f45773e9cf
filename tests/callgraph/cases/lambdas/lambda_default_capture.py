def a():
    pass


fns = [lambda f=a: f()]
fns[0]()
# expect: main.py -> main.py::<lambda1>
# expect: main.py::<lambda1> -> main.py::a
