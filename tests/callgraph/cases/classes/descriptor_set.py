class Checked:
    def __set__(self, obj, value):
        validate(value)


def validate(value):
    pass


class Form:
    age = Checked()


f = Form()
f.age = 3
# assigning a data descriptor attribute calls its __set__
# expect: main.py::Form -> main.py::Checked
# expect: main.py -> main.py::Form
# expect: main.py -> main.py::Checked.__set__
# expect: main.py::Checked.__set__ -> main.py::validate
