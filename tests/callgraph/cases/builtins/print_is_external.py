def show():
    print("x")


show()
# expect: main.py -> main.py::show
