def create():
    pass


def delete():
    pass


def dispatch(action, **handlers):
    handlers[action]()


dispatch("create", create=create, delete=delete)
# the call site passes the key as a literal: only create runs
# expect: main.py -> main.py::dispatch
# expect: main.py::dispatch -> main.py::create
