from nowhere import helper

helper()
# an import from outside the project: no project edge
# expect-none: main.py -> main.py::helper
