class Base:
    def make(self):
        return type(self)()

    def run(self):
        pass


class Child(Base):
    def run(self):
        pass


Child().make().run()
# expect: main.py -> main.py::Child
# expect: main.py -> main.py::Base.make
# expect: main.py::Base.make -> main.py::Child
# expect: main.py -> main.py::Child.run
