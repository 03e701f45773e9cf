import asyncio


class Worker:
    async def run(self):
        self.step()

    def step(self):
        pass


async def main():
    w = Worker()
    task = asyncio.create_task(w.run())
    await task


asyncio.run(main())
# expect: main.py -> main.py::main
# expect: main.py::main -> main.py::Worker
# expect: main.py::main -> main.py::Worker.run
# expect: main.py::Worker.run -> main.py::Worker.step
