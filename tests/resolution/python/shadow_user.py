import shadow.sub
import shadow.tool
import shadow.own.inner


def use():
    # ``import shadow.sub`` sets the attribute ``sub`` of ``shadow`` to the module once ``__init__`` has run
    shadow.sub.x()
    #          ^ defined: shadow/sub.py:1
    shadow.sub.x()
    #      ^ defined: shadow/sub.py::
    shadow.tool.run()
    #           ^ defined: shadow/tool.py:1
    # ``own/__init__`` loads ``inner`` itself and then binds the name again: importing it again sets nothing
    shadow.own.inner()
    #          ^ defined: shadow/own/__init__.py:4
