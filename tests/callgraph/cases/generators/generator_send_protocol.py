def worker():
    while True:
        job = yield
        job()


def task():
    pass


w = worker()
next(w)
w.send(task)
# expect: main.py -> main.py::worker
# expect: main.py::worker -> main.py::task
