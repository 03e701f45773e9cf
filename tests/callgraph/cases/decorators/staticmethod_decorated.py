def log(fn):
    return fn


class Tool:
    @staticmethod
    @log
    def run():
        pass


Tool.run()
# expect: main.py::Tool -> main.py::log
# expect: main.py -> main.py::Tool.run
