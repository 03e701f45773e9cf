"""A method call the points-to analysis answers with what runs (a subclass's override, several
overrides) also names, at its token, the method its text binds to as written: the member the
receiver's declared type has, as a type checker reads it. (``run`` is reached only from ``Child``: the
analysis says ``self.step()`` there runs ``Child.step``; the text names ``Base.step``.)"""

from typing import List


class Param:
    def info(self) -> int:
        return 1


class Option(Param):
    def info(self) -> int:
        return 2


class Base:
    def run(self) -> int:
        return self.step()
        #           ^ defined: occurrences/dispatch.py::Child.step
        #           ^ value: occurrences/dispatch.py::Base.step

    def step(self) -> int:
        return 0

    def params(self) -> List[Param]:
        return [Option()]

    def show(self) -> List[int]:
        return [p.info() for p in self.params()]
        #         ^ defined: occurrences/dispatch.py::Option.info
        #         ^ value: occurrences/dispatch.py::Param.info


class Child(Base):
    def step(self) -> int:
        return 1

    def again(self) -> int:
        return self.step() + self.run()
        #           ^ defined: occurrences/dispatch.py::Child.step
        #                         ^ defined: occurrences/dispatch.py::Base.run


def use(b: Base) -> int:
    return b.step()
    #        ^ ambiguous: occurrences/dispatch.py::Base.step, occurrences/dispatch.py::Child.step
    #        ^ value: occurrences/dispatch.py::Base.step
