def first():
    pass


def second():
    pass


def make():
    handler = first

    def swap():
        nonlocal handler
        handler = second

    def call():
        handler()

    return swap, call


swap, call = make()
swap()
call()
# expect: main.py -> main.py::make
# expect: main.py -> main.py::make.swap
# expect: main.py -> main.py::make.call
# expect: main.py::make.call -> main.py::first | main.py::second
