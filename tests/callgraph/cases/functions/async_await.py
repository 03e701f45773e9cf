async def fetch():
    return 1


async def main():
    await fetch()


main()
# expect: main.py -> main.py::main
# expect: main.py::main -> main.py::fetch
