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
