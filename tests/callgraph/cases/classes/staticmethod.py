class A:
    @staticmethod
    def make():
        pass


A.make()
A().make()
# expect: main.py -> main.py::A.make
# expect: main.py -> main.py::A
