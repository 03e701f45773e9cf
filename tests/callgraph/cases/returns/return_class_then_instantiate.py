class Csv:
    def read(self):
        pass


class Json:
    def read(self):
        pass


def reader_for(kind):
    if kind == "csv":
        return Csv
    return Json


reader_for("csv")().read()
# expect: main.py -> main.py::reader_for
# expect: main.py -> main.py::Csv | main.py::Json
# expect: main.py -> main.py::Csv.read | main.py::Json.read
