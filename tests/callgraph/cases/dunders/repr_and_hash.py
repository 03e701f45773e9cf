class Key:
    def __repr__(self):
        return "k"

    def __hash__(self):
        return 1


k = Key()
repr(k)
hash(k)
# expect: main.py -> main.py::Key
# expect: main.py -> main.py::Key.__repr__
# expect: main.py -> main.py::Key.__hash__
