class Dog:
    def speak(self):
        pass


class Cat:
    def speak(self):
        pass


def talk(animal):
    animal.speak()


talk(Dog())
talk(Cat())
# expect: main.py -> main.py::talk
# expect: main.py -> main.py::Dog
# expect: main.py -> main.py::Cat
# expect: main.py::talk -> main.py::Dog.speak | main.py::Cat.speak
