def make_counter():
    count = 0

    def increment():
        nonlocal count
        count += 1
        return count
    return increment


counter = make_counter()
counter()
# expect: main.py -> main.py::make_counter
# expect: main.py -> main.py::make_counter.increment
