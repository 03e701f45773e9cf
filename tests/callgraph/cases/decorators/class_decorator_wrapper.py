def singleton(cls):
    instances = {}

    def get():
        if cls not in instances:
            instances[cls] = cls()
        return instances[cls]

    return get


@singleton
class Db:
    def __init__(self):
        pass

    def query(self):
        pass


Db().query()
# Db is now the function get
# expect: main.py -> main.py::singleton
# expect: main.py -> main.py::singleton.get
# expect: main.py::singleton.get -> main.py::Db.__init__
# expect: main.py -> main.py::Db.query
