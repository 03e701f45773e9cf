class Temperature:
    @property
    def celsius(self):
        return 0

    @celsius.setter
    def celsius(self, value):
        self.check(value)

    def check(self, value):
        pass


t = Temperature()
t.celsius = 5
# assigning the attribute calls the setter
# expect: main.py -> main.py::Temperature
# expect: main.py -> main.py::Temperature.celsius#2
# expect: main.py::Temperature.celsius#2 -> main.py::Temperature.check
