def load():
    return []


def process(items):
    return items


def main():
    process(load())


main()
# expect: main.py -> main.py::main
# expect: main.py::main -> main.py::process
# expect: main.py::main -> main.py::load
