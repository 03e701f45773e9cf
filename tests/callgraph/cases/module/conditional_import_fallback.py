try:
    from fastjson import dumps
except ImportError:
    def dumps(value):
        return ""

dumps({})
# the name is the outside package's function or the local fallback
# expect: main.py -> main.py::dumps | main.py::dumps
