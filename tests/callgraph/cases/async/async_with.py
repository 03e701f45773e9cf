class Lock:
    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False

    def held(self):
        pass


async def main():
    async with Lock() as lock:
        lock.held()


main()
# expect: main.py -> main.py::main
# expect: main.py::main -> main.py::Lock
# expect: main.py::main -> main.py::Lock.__aenter__
# expect: main.py::main -> main.py::Lock.__aexit__
# expect: main.py::main -> main.py::Lock.held
