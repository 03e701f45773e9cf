def default(x):
    return x


def run(cb=None):
    if cb is None:
        cb = default
    return cb(1)
# `run` is called from outside the project only (boltons `bucketize`): its callers may pass any callback
# the phi after the `if` joins `cb@1` and `cb` (what the parameter came in with: None or any callback)
# expect: main.py::run -> main.py::default |
