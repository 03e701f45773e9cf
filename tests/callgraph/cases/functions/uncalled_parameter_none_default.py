def default(x):
    return x


def run(cb=None):
    if cb is None:
        cb = default
    return cb(1)
# `run` is called from outside the project only (boltons `bucketize`): its callers may pass any callback
# known-weak: the phi after the `if` joins `cb@1` alone: the path on which `cb` keeps the value it came in with is dropped (flow.py's `join`), so even a project call `run(other)` is lost
# expect: main.py::run -> main.py::default |
