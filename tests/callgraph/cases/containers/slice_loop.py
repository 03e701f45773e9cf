def a():
    pass


def b():
    pass


fns = [a, b]
for fn in fns[1:]:
    fn()
# a slice holds the list's elements (all of them: indices are not tracked through slices)
# expect: main.py -> main.py::a | main.py::b
