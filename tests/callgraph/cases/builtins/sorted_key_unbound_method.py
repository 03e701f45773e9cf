class Item:
    def rank(self):
        return 0


sorted([Item(), Item()], key=Item.rank)
# expect: main.py -> main.py::Item
# expect: main.py -> main.py::Item.rank
