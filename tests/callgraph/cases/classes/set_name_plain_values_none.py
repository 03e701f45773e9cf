class Helper:
    def set_name(self, owner, name):
        pass


class Flag:
    def __set_name__(self, owner, name):
        pass


def make():
    return Helper()


class Settings:
    helper = make()
    label = "x"


flag = Flag()
# no instance of a class with __set_name__ is in Settings' body (the Flag is made outside any class)
# expect: main.py::Settings -> main.py::make
# expect: main.py::make -> main.py::Helper
# expect: main.py -> main.py::Flag
# expect-none: main.py -> main.py::Flag.__set_name__
