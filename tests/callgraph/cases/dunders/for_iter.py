class Counter:
    def __iter__(self):
        return self

    def __next__(self):
        raise StopIteration


for item in Counter():
    pass
# expect: main.py -> main.py::Counter
# expect: main.py -> main.py::Counter.__iter__
# expect: main.py -> main.py::Counter.__next__
