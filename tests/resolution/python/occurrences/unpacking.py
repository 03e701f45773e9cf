class Pair:
    def __init__(self) -> None:
        self.left = 0
        self.right = 0

    def swap(self) -> None:
        self.left, self.right = self.right, self.left
        #    ^ write: occurrences/unpacking.py:3
        #               ^ write: occurrences/unpacking.py:4
        #                            ^ value: occurrences/unpacking.py:4
        #                                        ^ value: occurrences/unpacking.py:3
        [self.left, self.right] = (1, 2)
        #     ^ write: occurrences/unpacking.py:3
        #                ^ write: occurrences/unpacking.py:4


def fill(pair: Pair, rows: list[tuple[int, int]]) -> None:
    for pair.left, pair.right in rows:
        #    ^ write: occurrences/unpacking.py:3
        #               ^ write: occurrences/unpacking.py:4
        pass
