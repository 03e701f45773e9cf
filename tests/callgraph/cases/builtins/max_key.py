def weight(x):
    return x


max([2, 1], key=weight)
# expect: main.py -> main.py::weight
