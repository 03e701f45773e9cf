import asyncio


async def a():
    pass


async def b():
    pass


async def main():
    await asyncio.gather(a(), b())


asyncio.run(main())
# expect: main.py -> main.py::main
# expect: main.py::main -> main.py::a
# expect: main.py::main -> main.py::b
