from ..models import Model, Base, helper
from .. import models
from ..missing import nothing
from . import peer


def make():
    m = Model("x")
    #   ^ defined: app/models.py:29
    models.helper(m)
    #      ^ defined: app/models.py:8
    models.Model.build("y")
    #            ^ defined: app/models.py:48
    nothing()
    # ^ unresolved
    peer.ping()
    #    ^ defined: app/sub/peer.py:4
    return helper(m)
    #      ^ defined: app/models.py:8


class Derived(Model):
    #         ^ defined: app/models.py:25
    def validate(self):
        return self.save()
        #           ^ defined: app/models.py:13


class Unrelated(Base):
    def validate(self):
        return False


def conditional(flag):
    if flag:
        def pick():
            return 1
    else:
        def pick():
            return 2
    return pick()
    #      ^ ambiguous: app/sub/tools.py:36, app/sub/tools.py:39
