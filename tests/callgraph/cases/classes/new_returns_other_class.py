class Impl:
    def run(self):
        pass


class Factory:
    def __new__(cls):
        return Impl()


Factory().run()
# __new__ returns an Impl, so Factory() is that Impl (and no __init__ of Factory runs)
# known-weak: a class call gives an instance of its class whatever its __new__ returns, so run is looked up on a Factory too
# expect: main.py -> main.py::Factory.__new__
# expect: main.py::Factory.__new__ -> main.py::Impl
# expect: main.py -> main.py::Impl.run
