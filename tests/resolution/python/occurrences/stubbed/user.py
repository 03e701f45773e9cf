# the import statement loads shapes.py (its imports edge); the names it binds are declared by shapes.pyi
from occurrences.stubbed import shapes
#                                ^ defined: occurrences/stubbed/shapes.py:1
from occurrences.stubbed.shapes import Circle, unit, untyped_helper
#                                      ^ import: occurrences/stubbed/shapes.pyi:3
#                                              ^ import: occurrences/stubbed/shapes.pyi:8
#                                                    ^ import: occurrences/stubbed/shapes.py:15


def measure(c: Circle) -> float:
    #          ^ defined: occurrences/stubbed/shapes.pyi:3
    size = c.radius
    #        ^ value: occurrences/stubbed/shapes.pyi:4
    callback = shapes.unit
    #                 ^ value: occurrences/stubbed/shapes.pyi:8
    resize = shapes.scale
    #               ^ value: occurrences/stubbed/shapes.pyi:11
    made = unit()
    #      ^ defined: occurrences/stubbed/shapes.py:11
    return size + callback().radius + resize(2) + made.area()
