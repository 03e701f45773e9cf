def helper():
    pass


fn = helper
fn = None
# flow-insensitive: fn may still be helper, but nothing calls it
# expect-none: main.py -> main.py::helper
