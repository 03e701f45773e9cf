class Router:
    def __init__(self, routes=None):
        self.routes = [] if routes is None else list(routes)

    async def __call__(self, scope):
        pass

    def mount(self, path, app=None):
        self.routes.append(Mount(path, app=app))


class Mount:
    def __init__(self, path, app=None, routes=None):
        self.path = path
        if app is not None:
            self._base_app = app
        else:
            self._base_app = Router(routes=routes)

    @property
    def app(self):
        return self._base_app

    async def handle(self, scope):
        await self.app(scope)
# starlette 0.38.6: `Router.mount` is called from outside the project only, and `app` is any ASGI app
# expect: main.py::Router.mount -> main.py::Mount.__init__
# expect: main.py::Mount.__init__ -> main.py::Router.__init__
# expect: main.py::Mount.handle -> main.py::Mount.app
# expect: main.py::Mount.handle -> main.py::Router.__call__ |
