class Column:
    def __set_name__(self, owner, name):
        owner.register(name)


class Table:
    columns = []

    @classmethod
    def register(cls, name):
        cls.columns.append(name)


class Users(Table):
    id = Column()
    email = Column()
# making Users calls __set_name__ once per Column the body binds (one edge), with owner the new class
# expect: main.py::Users -> main.py::Column
# expect: main.py -> main.py::Column.__set_name__
# expect: main.py::Column.__set_name__ -> main.py::Table.register
