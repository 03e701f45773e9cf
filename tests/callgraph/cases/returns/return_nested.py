def make():
    def inner():
        pass
    return inner


make()()
# expect: main.py -> main.py::make
# expect: main.py -> main.py::make.inner
