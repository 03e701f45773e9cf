"""A subclass's ``self.x = …`` beside an ancestor's ``x``: a field of its own where the ancestor's ``x`` has no
declared type (a class-level default), the ancestor's attribute where it has one (an annotation, a type
comment, a method, a property)."""


class Node:
    parent = None
    error = None  # type: str | None
    label: str
    kind: str = "node"

    @property
    def size(self) -> int:
        return 0


class Leaf(Node):
    def __init__(self, parent: Node, error: str) -> None:
        self.parent = parent
        self.error = error
        #    ^ write: occurrences/defaults.py:8
        self.label = "leaf"
        #    ^ write: occurrences/defaults.py:9
        self.kind = "leaf"
        #    ^ write: occurrences/defaults.py:10
        self.size = 3  # type: ignore[assignment]
        #    ^ write: occurrences/defaults.py:13

    def describe(self) -> str:
        return f"{self.parent} {self.error} {self.label} {self.kind}"
        #              ^ value: occurrences/defaults.py:19
        #                            ^ value: occurrences/defaults.py:8
        #                                         ^ value: occurrences/defaults.py:9
        #                                                      ^ value: occurrences/defaults.py:10


class Branch(Node):
    def attach(self, parent: Node) -> None:
        self.parent = parent  # type: Node
        self.error = "none"  # type: str

    def show(self) -> str:
        return f"{self.parent} {self.error}"
        #              ^ value: occurrences/defaults.py:39
        #                            ^ value: occurrences/defaults.py:40

