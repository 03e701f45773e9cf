def register(cls):
    return cls


@register
class Plugin:
    def __init__(self):
        pass


Plugin()
# expect: main.py -> main.py::register
# expect: main.py -> main.py::Plugin.__init__
