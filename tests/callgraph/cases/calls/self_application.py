# A function called with itself: calling its parameter passes an argument that flows back into
# that same parameter, so the parameter grows while its callees are being called. (This crashed the
# analysis once: the set was read while it grew.)

def apply(f, x=None):
    f(x)


apply(apply, apply)
# expect: main.py -> main.py::apply
# expect: main.py::apply -> main.py::apply
