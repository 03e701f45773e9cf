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


item = "module"
key = "module"


def nested(pairs: list[tuple[str, int]], groups: list[tuple[tuple[str, int], list[int]]]) -> list[str]:
    out = []
    for index, (item, count) in enumerate(pairs):
        out.append(f"{index}{item}{count}")
        #                    ^ local: 30
    for (key, _), values in groups:
        out.append(key)
        #          ^ local: 33
    return [str(key) for _, (key, _) in enumerate(pairs)]
    #           ^ local: 36
