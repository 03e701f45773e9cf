class Queue:
    def __len__(self):
        return 0


class Flag:
    def __bool__(self):
        return False


q = Queue()
if q:
    pass
f = Flag()
x = not f
# truth testing calls __bool__, or __len__ when there is no __bool__
# expect: main.py -> main.py::Queue
# expect: main.py -> main.py::Flag
# expect: main.py -> main.py::Queue.__len__
# expect: main.py -> main.py::Flag.__bool__
