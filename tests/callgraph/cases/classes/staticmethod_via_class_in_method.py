class Math:
    @staticmethod
    def double(x):
        return x

    @classmethod
    def quad(cls, x):
        return cls.double(cls.double(x))


Math.quad(1)
# expect: main.py -> main.py::Math.quad
# expect: main.py::Math.quad -> main.py::Math.double
