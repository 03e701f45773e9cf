from abc import ABCMeta


class Tagged(type):
    def __init__(cls, name, bases, namespace):
        super().__init__(name, bases, namespace)


class Model(metaclass=Tagged):
    def __init__(self):
        pass


class Shape(metaclass=ABCMeta):
    def __init__(self):
        pass


Model()
Shape()
# neither metaclass defines __call__ (ABCMeta is outside the project): type's runs, and so does each class's __init__
# expect: main.py -> main.py::Model.__init__
# expect: main.py -> main.py::Shape.__init__
