def weight(x):
    return x


sorted([2, 1], key=weight)
# expect: main.py -> main.py::weight
