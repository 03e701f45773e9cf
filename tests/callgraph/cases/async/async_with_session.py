class Session:
    async def fetch(self):
        pass


class Client:
    async def __aenter__(self):
        return Session()

    async def __aexit__(self, *exc):
        await self.close()

    async def close(self):
        pass


async def main():
    async with Client() as session:
        await session.fetch()


main()
# the async with target is what __aenter__ returns once awaited
# expect: main.py -> main.py::main
# expect: main.py::main -> main.py::Client
# expect: main.py::main -> main.py::Client.__aenter__
# expect: main.py::main -> main.py::Client.__aexit__
# expect: main.py::Client.__aenter__ -> main.py::Session
# expect: main.py::Client.__aexit__ -> main.py::Client.close
# expect: main.py::main -> main.py::Session.fetch
