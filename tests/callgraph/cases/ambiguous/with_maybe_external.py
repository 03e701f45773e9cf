import os
import tempfile


class TempFile:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass


if os.name == "nt":
    Named = TempFile
else:
    Named = tempfile.NamedTemporaryFile

with Named() as handle:
    pass
# the context manager may be the project's class or the standard library's
# expect: main.py -> main.py::TempFile | main.py::TempFile
# expect: main.py -> main.py::TempFile.__enter__ | main.py::TempFile.__enter__
# expect: main.py -> main.py::TempFile.__exit__ | main.py::TempFile.__exit__
