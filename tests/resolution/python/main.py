import app
from app import Model, exported_helper
from app.sub.tools import make, Derived
import app.sub.peer
import json


def run():
    make()
    # ^ defined: app/sub/tools.py:7
    exported_helper(1)
    # ^ defined: app/models.py:8
    app.Model("z")
    #   ^ defined: app/models.py:29
    app.sub.peer.ping()
    #            ^ defined: app/sub/peer.py:4
    Derived("d").validate()
    # ^ defined: app/models.py:29
    json.dumps({})
    #    ^ unresolved
    undefined_name()
    # ^ unresolved


class Local:
    def method(self):
        return run()
        #      ^ defined: main.py:8

    def other(self):
        self.method()
        #    ^ defined: main.py:26
        self.missing()
        #    ^ unresolved


def outer():
    def inner():
        return outer()
        #      ^ defined: main.py:37
    return inner()
    #      ^ defined: main.py:38
