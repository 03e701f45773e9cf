class Json:
    def __init__(self):
        pass


class Xml:
    def __init__(self):
        pass


FORMATS = {"json": Json, "xml": Xml}
FORMATS["xml"]()
# expect: main.py -> main.py::Xml.__init__
