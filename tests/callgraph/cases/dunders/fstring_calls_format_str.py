class Name:
    def __str__(self):
        return "n"


n = Name()
print(f"{n}")
# formatting with no __format__ of its own: object.__format__ calls str(), which calls __str__
# expect: main.py -> main.py::Name
# expect: main.py -> main.py::Name.__str__
