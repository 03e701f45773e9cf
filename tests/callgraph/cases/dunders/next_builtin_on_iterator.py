class Counter:
    def __iter__(self):
        return self

    def __next__(self):
        return 1


it = Counter()
next(it)
# expect: main.py -> main.py::Counter
# expect: main.py -> main.py::Counter.__next__
