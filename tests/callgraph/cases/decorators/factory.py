def repeat(times):
    def deco(fn):
        def wrapper():
            fn()
        return wrapper
    return deco


@repeat(3)
def work():
    pass


work()
# expect: main.py -> main.py::repeat
# expect: main.py -> main.py::repeat.deco
# expect: main.py -> main.py::repeat.deco.wrapper
# expect: main.py::repeat.deco.wrapper -> main.py::work
