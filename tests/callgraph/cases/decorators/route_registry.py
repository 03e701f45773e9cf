class Router:
    def __init__(self):
        self.routes = {}

    def route(self, path):
        def register(fn):
            self.routes[path] = fn
            return fn

        return register

    def dispatch(self, path):
        return self.routes[path]()


app = Router()


@app.route("/")
def index():
    pass


app.dispatch("/")
# expect: main.py -> main.py::Router.__init__
# expect: main.py -> main.py::Router.route
# expect: main.py -> main.py::Router.route.register
# expect: main.py -> main.py::Router.dispatch
# expect: main.py::Router.dispatch -> main.py::index
