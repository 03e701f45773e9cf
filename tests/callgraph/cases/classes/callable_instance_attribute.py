class Validator:
    def __call__(self, value):
        self.check(value)

    def check(self, value):
        pass


class Field:
    def __init__(self, validator):
        self.validator = validator

    def clean(self, value):
        self.validator(value)


Field(Validator()).clean(1)
# expect: main.py -> main.py::Field.__init__
# expect: main.py -> main.py::Validator
# expect: main.py -> main.py::Field.clean
# expect: main.py::Field.clean -> main.py::Validator.__call__
# expect: main.py::Validator.__call__ -> main.py::Validator.check
