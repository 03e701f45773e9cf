def setup():
    pass


def main():
    setup()


main()
# expect: main.py -> main.py::main
# expect: main.py::main -> main.py::setup
