def on_open():
    pass


def on_close():
    pass


class Hooks:
    def __iter__(self):
        yield on_open
        yield on_close


(opened, closed), count = Hooks(), 2
closed()
# the inner target unpacks the instance: its __iter__ runs, and what it yields is what the names hold
# expect: main.py -> main.py::Hooks
# expect: main.py -> main.py::Hooks.__iter__
# expect: main.py -> main.py::on_open | main.py::on_close
