class Field:
    def __set_name__(self, owner, name):
        self.name = name


class Model:
    title = Field()
# creating Model calls __set_name__ on each descriptor in its body
# expect: main.py::Model -> main.py::Field
# expect: main.py -> main.py::Field.__set_name__
