def start():
    pass


def stop():
    pass


actions = {
    "start": lambda: start(),
    "stop": lambda: stop(),
}
actions["stop"]()
# expect: main.py -> main.py::<lambda2>
# expect: main.py::<lambda1> -> main.py::start
# expect: main.py::<lambda2> -> main.py::stop
