def default(x):
    return x


def other(x):
    return -x


def log():
    pass


def run(cb, flag):
    if flag:
        log()
    else:
        cb = default
    return cb(1)


run(other, True)
# only the `else` branch rebinds `cb`: the `if` branch keeps the argument
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::log
# expect: main.py::run -> main.py::default | main.py::other
