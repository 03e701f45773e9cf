# A wrapper forwards `**kwargs` whose values are unknown (they come from outside the project) to a
# bound method. `**` binds keyword parameters only: never the receiver, which the bound method
# already holds, nor a parameter a positional argument filled. So `self` stays a Site, and
# `self.render()` is resolved.
import os


def wrap(view):
    def inner(request, **kwargs):
        return view(request, **kwargs)
    return inner


class Site:
    def index(self, request, label=None):
        self.render()

    def render(self):
        pass


def serve(options):
    handler = wrap(Site().index)
    handler(1, **options)


serve(os.environ)
# expect: main.py -> main.py::serve
# expect: main.py::serve -> main.py::wrap
# expect: main.py::serve -> main.py::Site
# expect: main.py::serve -> main.py::wrap.inner
# expect: main.py::wrap.inner -> main.py::Site.index
# expect: main.py::Site.index -> main.py::Site.render
