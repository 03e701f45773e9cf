class Sqlite:
    def query(self):
        pass


class Repo:
    def __init__(self, backend_cls):
        self.backend = backend_cls()

    def fetch(self):
        self.backend.query()


Repo(Sqlite).fetch()
# expect: main.py -> main.py::Repo.__init__
# expect: main.py::Repo.__init__ -> main.py::Sqlite
# expect: main.py -> main.py::Repo.fetch
# expect: main.py::Repo.fetch -> main.py::Sqlite.query
