def a():
    pass


def b():
    pass


pair = [a, b]
pair[-1]()
more = [a]
more.append(b)
more[-1]()
# a negative index counts from the literal's length; an appended element may be last too
# expect: main.py -> main.py::b
# expect: main.py -> main.py::a | main.py::b
