class Buffer:
    def __len__(self):
        return 0

    def pop(self):
        pass


class Ready:
    def __bool__(self):
        return True


def drain(buf):
    while buf:
        buf.pop()


drain(Buffer())
state = "go" if Ready() else "wait"
# expect: main.py -> main.py::drain
# expect: main.py -> main.py::Buffer
# expect: main.py -> main.py::Ready
# expect: main.py::drain -> main.py::Buffer.__len__
# expect: main.py::drain -> main.py::Buffer.pop
# expect: main.py -> main.py::Ready.__bool__
