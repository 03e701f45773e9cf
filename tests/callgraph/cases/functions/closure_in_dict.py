def make_ops():
    def add():
        pass

    def sub():
        pass

    return {"add": add, "sub": sub}


ops = make_ops()
ops["sub"]()
# expect: main.py -> main.py::make_ops
# expect: main.py -> main.py::make_ops.sub
