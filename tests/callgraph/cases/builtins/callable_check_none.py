def helper():
    pass


callable(helper)
isinstance(helper, object)
# expect-none: main.py -> main.py::helper
