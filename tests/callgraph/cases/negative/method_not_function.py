def run():
    pass


class A:
    def run(self):
        pass

    def go(self):
        run()


A().go()
# expect: main.py -> main.py::A
# expect: main.py -> main.py::A.go
# expect: main.py::A.go -> main.py::run
