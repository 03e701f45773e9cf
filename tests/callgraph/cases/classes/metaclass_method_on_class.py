class Meta(type):
    def create(cls):
        return cls()


class Item(metaclass=Meta):
    def use(self):
        pass


Item.create().use()
# a metaclass's method is an attribute of its classes, bound to the class
# expect: main.py -> main.py::Meta.create
# expect: main.py::Meta.create -> main.py::Item
# expect: main.py -> main.py::Item.use
