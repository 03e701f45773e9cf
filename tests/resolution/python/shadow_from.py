from shadow import sub
#                  ^ ambiguous: shadow/__init__.py::sub, shadow/sub.py::
from shadow.own import inner
#                      ^ defined: shadow/own/__init__.py:4


def use():
    # the function ``__init__`` binds, or the module where ``import shadow.sub`` ran first: the code cannot say
    sub.x()
    #   ^ defined: shadow/sub.py:1
    print(sub)
    #     ^ ambiguous: shadow/__init__.py::sub, shadow/sub.py::
    inner()
    # ^ defined: shadow/own/__init__.py:4
