def on_small():
    pass


def on_large():
    pass


def accept(callback):
    callback()
    return True


def pick(size):
    return on_small if size < 10 else on_large


def run(value):
    check = accept
    match value:
        # the guard runs after the pattern binds its captures, before the case's body
        case [first] if check(on_small) and (chosen := pick(first)):
            chosen()
        case other if accept(on_large):
            pass


run([1])
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::accept
# expect: main.py::run -> main.py::pick
# expect: main.py::run -> main.py::on_small | main.py::on_large
# expect: main.py::accept -> main.py::on_small | main.py::on_large
