def a():
    pass


def b():
    pass


d = {"x": a}
list(d.values())[0]()
sorted([b])[0]()
pairs = list(zip([a], [b]))
pairs[0][1]()
# a list built by list(), sorted(), zip() … has its elements at positions the analysis does not count:
# a literal index reads them all
# expect: main.py -> main.py::a
# expect: main.py -> main.py::b
