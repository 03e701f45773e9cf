class Resource:
    def __enter__(self):
        return self

    def __exit__(self, *args):
        pass

    def use(self):
        pass


with Resource() as r:
    r.use()
# expect: main.py -> main.py::Resource
# expect: main.py -> main.py::Resource.__enter__
# expect: main.py -> main.py::Resource.__exit__
# expect: main.py -> main.py::Resource.use
