class Form:
    def is_valid(self):
        pass


class Other:
    def is_valid(self):
        pass


def protect(base):
    class Protected(base):
        def is_valid(self):
            return super().is_valid()
    return Protected


protect(Form)
# the base is a parameter the name rules cannot follow, so it may be any project class: the points-to
# analysis does not follow class bases either, so the call is a guess among every is_valid, but never
# "nothing in the project"
# expect: main.py -> main.py::protect
# expect: main.py::protect.Protected.is_valid -> main.py::Form.is_valid | main.py::Other.is_valid
