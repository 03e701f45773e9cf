class Cursor:
    def fetch(self):
        pass


class Connection:
    def __enter__(self):
        return Cursor()

    def __exit__(self, *exc):
        return False


with Connection() as cur:
    cur.fetch()
# the with target is what __enter__ returns
# expect: main.py -> main.py::Connection
# expect: main.py -> main.py::Connection.__enter__
# expect: main.py -> main.py::Connection.__exit__
# expect: main.py::Connection.__enter__ -> main.py::Cursor
# expect: main.py -> main.py::Cursor.fetch
