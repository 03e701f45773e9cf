class Base:
    def run(self):
        return self.step()

    def step(self):
        raise NotImplementedError


class Impl(Base):
    def step(self):
        pass


Impl().run()
# expect: main.py -> main.py::Impl
# expect: main.py -> main.py::Base.run
# expect: main.py::Base.run -> main.py::Impl.step
