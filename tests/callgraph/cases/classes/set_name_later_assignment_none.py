class Field:
    def __set_name__(self, owner, name):
        pass


class Model:
    pass


Model.title = Field()
# __set_name__ runs only for what the class body binds when the class is made, not for a later assignment
# expect: main.py -> main.py::Field
