class Conn:
    def close(self):
        pass


class Pool:
    def close(self):
        pass


def maybe(flag):
    conn = Conn() if flag else None
    conn.close()


def later(flag):
    conn = None
    if flag:
        conn = Conn()
    if conn is not None:
        conn.close()


def counted(flag):
    value = Pool() if flag else 0
    value.close()


def labelled(flag):
    value = Pool() if flag else "none"
    value.close()


def opened(flag):
    return Conn() if flag else None


def caller(flag):
    found = opened(flag)
    if found:
        found.close()
# a value that is an instance or a constant (None, a number, a string): no constant has close(), so the call is
# the instance's method alone (on the constant it raises AttributeError)
# expect: main.py::maybe -> main.py::Conn
# expect: main.py::maybe -> main.py::Conn.close
# expect: main.py::later -> main.py::Conn
# expect: main.py::later -> main.py::Conn.close
# expect: main.py::counted -> main.py::Pool
# expect: main.py::counted -> main.py::Pool.close
# expect: main.py::labelled -> main.py::Pool
# expect: main.py::labelled -> main.py::Pool.close
# expect: main.py::opened -> main.py::Conn
# expect: main.py::caller -> main.py::opened
# expect: main.py::caller -> main.py::Conn.close
