def weight(item):
    return item


sorted([3, 1], key=lambda i: weight(i))
# expect: main.py -> main.py::<lambda1>
# expect: main.py::<lambda1> -> main.py::weight
