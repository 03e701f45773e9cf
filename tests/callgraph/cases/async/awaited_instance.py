class Client:
    async def get(self):
        pass


async def connect():
    return Client()


async def main():
    client = await connect()
    await client.get()


main()
# awaiting a coroutine gives what the coroutine function returns
# expect: main.py -> main.py::main
# expect: main.py::main -> main.py::connect
# expect: main.py::connect -> main.py::Client
# expect: main.py::main -> main.py::Client.get
