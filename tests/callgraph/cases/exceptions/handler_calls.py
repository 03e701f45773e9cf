def cleanup():
    pass


def run():
    try:
        pass
    except ValueError:
        cleanup()
    finally:
        cleanup()
# expect: main.py::run -> main.py::cleanup
