class A:
    @staticmethod
    def util():
        pass

    def run(self):
        self.util()


A().run()
# expect: main.py -> main.py::A
# expect: main.py -> main.py::A.run
# expect: main.py::A.run -> main.py::A.util
