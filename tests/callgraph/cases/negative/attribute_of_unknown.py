class A:
    def close(self):
        pass


def run(stream):
    stream.close()
# nothing flows into stream and nothing tells its type: not resolved to A.close
# expect: main.py::run -> main.py::A.close | main.py::A.close
