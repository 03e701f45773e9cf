import typing as t


class Param:
    name = ""


class Command:
    def __init__(self, params: t.List["Param"]) -> None:
        self.params: t.List[Param] = params

    def get_params(self) -> t.List["Param"]:
        return self.params

    def names(self, extra: t.Sequence[Param]) -> list[str]:
        for param in self.get_params():
            print(param.name)
            #           ^ value: occurrences/loops.py:5
        for other in self.params:
            print(other.name)
            #           ^ value: occurrences/loops.py:5
        return [p.name for p in extra]
        #         ^ value: occurrences/loops.py:5


class Flag:
    name = ""
    on = False


def reused(params: t.List[Param], flags: t.Dict[str, Flag], more: t.Iterable[Flag]) -> list[str]:
    # one name bound by several loops and comprehensions to elements of different types: in each, its own
    for v in params:
        print(v.name)
        #       ^ value: occurrences/loops.py:5
    names = [v.name for v in flags.values() if v.on]
    #          ^ value: occurrences/loops.py::Flag.name
    #                                            ^ value: occurrences/loops.py::Flag.on
    for k, v in flags.items():
        print(k, v.on)
        #          ^ value: occurrences/loops.py::Flag.on
    return names + [v.name for v in more] + [v.name for v in params]
    #                 ^ value: occurrences/loops.py::Flag.name
    #                                          ^ value: occurrences/loops.py:5
