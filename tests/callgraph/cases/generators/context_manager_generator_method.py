import contextlib


class Db:
    @contextlib.contextmanager
    def transaction(self):
        self.begin()
        yield self
        self.commit()

    def begin(self):
        pass

    def commit(self):
        pass

    def insert(self):
        pass


db = Db()
with db.transaction() as tx:
    tx.insert()
# expect: main.py -> main.py::Db
# expect: main.py -> main.py::Db.transaction
# expect: main.py::Db.transaction -> main.py::Db.begin
# expect: main.py::Db.transaction -> main.py::Db.commit
# expect: main.py -> main.py::Db.insert
