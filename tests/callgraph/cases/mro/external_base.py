import threading


class Worker(threading.Thread):
    def work(self):
        pass


w = Worker()
w.work()
w.start()
# start comes from outside the project: no project edge for it
# expect: main.py -> main.py::Worker
# expect: main.py -> main.py::Worker.work
