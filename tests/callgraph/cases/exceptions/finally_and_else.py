def risky():
    pass


def ok():
    pass


def cleanup():
    pass


def handle():
    pass


try:
    risky()
except ValueError:
    handle()
else:
    ok()
finally:
    cleanup()
# expect: main.py -> main.py::risky
# expect: main.py -> main.py::handle
# expect: main.py -> main.py::ok
# expect: main.py -> main.py::cleanup
