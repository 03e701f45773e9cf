class Version:
    def __gt__(self, other):
        return True


1 < Version()
# int's __lt__ does not know a Version: Python asks the right operand's mirrored __gt__
# expect: main.py -> main.py::Version
# expect: main.py -> main.py::Version.__gt__
