"""An element read by a subscript of a name or a member chain typed as a collection (``List[Row]``,
``Dict[str, Row]``, ``Sequence[Row]``): its members are the element type's. A slice is no element."""

from typing import Dict, List, Sequence, Tuple


class Row:
    def __init__(self) -> None:
        self.size = 0
        self.label = ""

    def render(self) -> str:
        return self.label


class Other:
    size = 1


class Table:
    def __init__(self, rows: List[Row]) -> None:
        self.rows = rows
        self.by_name: Dict[str, Row] = {}

    def first(self) -> int:
        self.rows[0].label = "first"
        #            ^ write: occurrences/subscripts.py::Row.label
        return self.rows[0].size + self.by_name["a"].size
        #                   ^ value: occurrences/subscripts.py::Row.size
        #                                            ^ value: occurrences/subscripts.py::Row.size


def pick(rows: Sequence[Row], others: Dict[int, Other], i: int) -> int:
    return rows[i].size + others[i].size + rows[1:].index(rows[0])
    #              ^ value: occurrences/subscripts.py::Row.size
    #                                ^ value: occurrences/subscripts.py::Other.size



def show(rows: List[Row], named: Dict[str, Row]) -> str:
    return rows[0].render() + named["a"].render()
    #              ^ defined: occurrences/subscripts.py::Row.render
    #                                    ^ defined: occurrences/subscripts.py::Row.render


def held(table: Table, name: str) -> int:
    # a local assigned an element read by a subscript holds one (a mapping's value by its key)
    row = table.rows[0]
    named = table.by_name[name]
    return row.size + named.size
    #          ^ value: occurrences/subscripts.py::Row.size
    #                       ^ value: occurrences/subscripts.py::Row.size


def rows_of(table: Table) -> List[Row]:
    return table.rows


def called(table: Table, named: Dict[str, Row]) -> int:
    # a local assigned what a call returns: its elements are the declared return type's (a mapping's values too)
    made = rows_of(table)
    values = named.values()
    total = 0
    for row in made:
        total += row.size
        #            ^ value: occurrences/subscripts.py::Row.size
    for value in values:
        total += value.size
        #              ^ value: occurrences/subscripts.py::Row.size
    return total


def paired(body: List[Tuple[str, Row]], i: int) -> int:
    # a position of an element read by its key: ``body[i]`` is a tuple, ``[1]`` its second place
    item = body[i][1]
    return item.size
    #           ^ value: occurrences/subscripts.py::Row.size
