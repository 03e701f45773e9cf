class Stream:
    def __aiter__(self):
        return self

    async def __anext__(self):
        raise StopAsyncIteration


async def main():
    async for item in Stream():
        pass


main()
# expect: main.py -> main.py::main
# expect: main.py::main -> main.py::Stream
# expect: main.py::main -> main.py::Stream.__aiter__
# expect: main.py::main -> main.py::Stream.__anext__
