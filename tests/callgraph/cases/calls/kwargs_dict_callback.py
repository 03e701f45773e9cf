def on_done():
    pass


def run(**options):
    options["callback"]()


run(callback=on_done)
# expect: main.py -> main.py::run
# expect: main.py::run -> main.py::on_done
