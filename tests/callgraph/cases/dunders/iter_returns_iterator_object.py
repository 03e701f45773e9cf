class CountIter:
    def __next__(self):
        raise StopIteration


class Count:
    def __iter__(self):
        return CountIter()


for _ in Count():
    pass
# the loop calls __next__ on what __iter__ returned
# expect: main.py -> main.py::Count
# expect: main.py -> main.py::Count.__iter__
# expect: main.py::Count.__iter__ -> main.py::CountIter
# expect: main.py -> main.py::CountIter.__next__
