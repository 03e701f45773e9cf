class Parser:
    @classmethod
    def default(cls):
        return cls()

    def parse(self):
        pass


class Strict(Parser):
    def parse(self):
        pass


Strict().default().parse()
# a classmethod read off an instance binds its class
# expect: main.py -> main.py::Strict
# expect: main.py -> main.py::Parser.default
# expect: main.py::Parser.default -> main.py::Strict
# expect: main.py -> main.py::Strict.parse
