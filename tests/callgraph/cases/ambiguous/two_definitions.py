import sys

if sys.platform == "win32":
    def helper():
        pass
else:
    def helper():
        pass

helper()
# expect: main.py -> main.py::helper | main.py::helper#2
