class Cat:
    def speak(self):
        pass


class Dog:
    def speak(self):
        pass


KINDS = {"cat": Cat, "dog": Dog}


def make(kind):
    return KINDS[kind]()


make("dog").speak()
# expect: main.py -> main.py::make
# expect: main.py::make -> main.py::Dog
# expect: main.py -> main.py::Dog.speak
