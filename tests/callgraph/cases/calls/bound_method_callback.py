class Button:
    def on_click(self):
        pass


def connect(callback):
    callback()


b = Button()
connect(b.on_click)
# expect: main.py -> main.py::Button
# expect: main.py -> main.py::connect
# expect: main.py::connect -> main.py::Button.on_click
