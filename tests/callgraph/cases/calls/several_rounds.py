# Values flow against the order facts are evaluated in (callers after callees, a class defined after
# its users, returns read before they are known): the fixpoint needs several rounds, and a fact read
# early must be evaluated again each time a node it read grows.

def use(handler):
    return handler.go()


def step3(value):
    return use(value)


def step2(value):
    return step3(value)


def step1(value):
    return step2(value)


def consume():
    made = produce()
    made.go()
    return made


def produce():
    return forward()


def forward():
    return Late()


class Late:
    def go(self):
        return self


class Other:
    def go(self):
        return self


def main():
    step1(Late())
    step1(Other())
    consume().go()

# expect: main.py::use -> main.py::Late.go | main.py::Other.go
# expect: main.py::step3 -> main.py::use
# expect: main.py::step2 -> main.py::step3
# expect: main.py::step1 -> main.py::step2
# expect: main.py::consume -> main.py::produce
# expect: main.py::consume -> main.py::Late.go
# expect: main.py::produce -> main.py::forward
# expect: main.py::forward -> main.py::Late
# expect: main.py::main -> main.py::step1
# expect: main.py::main -> main.py::Late
# expect: main.py::main -> main.py::Other
# expect: main.py::main -> main.py::consume
# expect: main.py::main -> main.py::Late.go
