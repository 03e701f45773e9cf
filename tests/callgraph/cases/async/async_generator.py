def tick():
    return 1


def handle(t):
    pass


async def ticks():
    yield tick()


async def main():
    async for t in ticks():
        handle(t)


main()
# expect: main.py -> main.py::main
# expect: main.py::main -> main.py::ticks
# expect: main.py::ticks -> main.py::tick
# expect: main.py::main -> main.py::handle
