class Engine:
    def start(self):
        pass


class Song:
    def start(self):
        pass


def run(thing):
    if not isinstance(thing, Engine):
        return None
    thing.start()


run(Song())
# expect: main.py -> main.py::Song
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::Engine.start
