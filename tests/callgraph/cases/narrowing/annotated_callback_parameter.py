import atexit


class Context:
    def exit(self):
        pass

    def get_help(self):
        return ""


class Option:
    def __init__(self, callback):
        self.callback = callback

    def handle(self):
        self.callback(Context())


def show_help(ctx: Context):
    ctx.get_help()


Option(show_help).handle()
atexit.register(show_help)
# a parameter annotated with a project class, given a Context by the project and something unknown by the
# code it is handed to outside (atexit): the annotation stands for what that code passes, as a type
# checker reads it (the call is Context.get_help, not "Context.get_help or something unknown")
# expect: main.py -> main.py::Option.__init__
# expect: main.py -> main.py::Option.handle
# expect: main.py::Option.handle -> main.py::Context
# expect: main.py::Option.handle -> main.py::show_help
# expect: main.py::show_help -> main.py::Context.get_help
