def run():
    for i in range(2):
        def step():
            pass
        step()


run()
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::run.step
