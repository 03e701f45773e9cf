class A:
    def save(self):
        pass


class B:
    def save(self):
        pass


A().save()
# expect: main.py -> main.py::A
# expect: main.py -> main.py::A.save
