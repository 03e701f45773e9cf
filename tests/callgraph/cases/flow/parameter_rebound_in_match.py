def default(x):
    return x


def other(x):
    return -x


def run(cb, mode):
    match mode:
        case "plain":
            cb = default
    return cb(1)


run(other, "x")
# no case matches "x": `cb` keeps the argument
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::default | main.py::other
