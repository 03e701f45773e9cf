def a():
    pass


table = {"group": [a]}
table["group"][0]()
# expect: main.py -> main.py::a
