class Impl:
    def run(self):
        pass


class Factory:
    def __new__(cls):
        return Impl()


Factory().run()
# __new__ returns an Impl, so Factory() is that Impl: run is Impl's, and no __init__ of Factory runs. Calling
# a class with a __new__ and no __init__ calls the __new__ (the class itself is no callee)
# expect: main.py -> main.py::Factory.__new__
# expect: main.py::Factory.__new__ -> main.py::Impl
# expect: main.py -> main.py::Impl.run
