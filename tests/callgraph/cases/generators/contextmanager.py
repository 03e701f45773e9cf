import contextlib


class Session:
    def query(self):
        pass


@contextlib.contextmanager
def session():
    yield Session()


with session() as s:
    s.query()
# expect: main.py -> main.py::session
# expect: main.py::session -> main.py::Session
# expect: main.py -> main.py::Session.query
