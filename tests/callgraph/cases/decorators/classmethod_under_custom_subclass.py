def traced(fn):
    def inner(*args, **kwargs):
        return fn(*args, **kwargs)
    return inner


class Base:
    @classmethod
    @traced
    def build(cls):
        return cls()

    def describe(self):
        pass


class Child(Base):
    def describe(self):
        pass


Child.build().describe()
# the wrapper is bound to the class it is read off: cls is Child, so Child's describe runs
# expect: main.py::Base -> main.py::traced
# expect: main.py -> main.py::traced.inner
# expect: main.py::traced.inner -> main.py::Base.build
# expect: main.py::Base.build -> main.py::Child
# expect: main.py -> main.py::Child.describe
