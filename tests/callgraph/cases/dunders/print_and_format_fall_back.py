class Point:
    def __repr__(self):
        return "P"


class Label:
    def __str__(self):
        return "L"

    def __format__(self, spec):
        return "F"


p = Point()
print("at", p)
text = f"{Label()} {p!r}"
str(Label())
# print calls str(), which falls back to __repr__; an f-string calls __format__; !r calls __repr__
# expect: main.py -> main.py::Point
# expect: main.py -> main.py::Label
# expect: main.py -> main.py::Point.__repr__
# expect: main.py -> main.py::Label.__format__
# expect: main.py -> main.py::Label.__str__
