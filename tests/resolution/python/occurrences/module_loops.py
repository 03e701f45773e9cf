"""A ``for`` loop at a module's top level binds module variables (a class body's loop: class fields), as an
assignment there does; in a function, locals."""

PAIRS = [("a", 1), ("b", 2)]
registry = {}

for loop_key, loop_value in PAIRS:
    registry[loop_key] = loop_value
    #        ^ value: occurrences/module_loops.py:7
    #                    ^ value: occurrences/module_loops.py:7

for (loop_first, loop_second) in PAIRS:
    print(loop_first, loop_second)
    #     ^ value: occurrences/module_loops.py:12
    #                 ^ value: occurrences/module_loops.py:12

for loop_item in PAIRS:
    pass
del loop_item
#   ^ value: occurrences/module_loops.py:17


def later() -> object:
    return loop_key
    #      ^ value: occurrences/module_loops.py:7


class Table:
    for table_row in range(2):
        pass
    print(table_row)
    #     ^ value: occurrences/module_loops.py::Table.table_row


def local_loop() -> None:
    for inner in PAIRS:
        #   ^ declares: variable
        print(inner)
        #     ^ local: 36
