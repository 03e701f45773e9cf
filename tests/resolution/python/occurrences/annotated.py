"""An annotated assignment says what the local holds, whatever its value is (a call of a class, of a function)."""


class Item:
    def __init__(self) -> None:
        self.value = 1


class Special(Item):
    pass


def make() -> Item:
    return Special()


def declared() -> int:
    kept: Item = Item()
    made: Item = make()
    return kept.value + made.value
    #           ^ value: occurrences/annotated.py::Item.value
    #                        ^ value: occurrences/annotated.py::Item.value
