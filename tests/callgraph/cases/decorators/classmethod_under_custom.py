def traced(fn):
    def inner(*args, **kwargs):
        return fn(*args, **kwargs)
    return inner


class Repo:
    @classmethod
    @traced
    def create(cls):
        return cls()

    def save(self):
        pass


Repo.create().save()
# classmethod wraps inner: cls is passed on to create
# expect: main.py::Repo -> main.py::traced
# expect: main.py -> main.py::traced.inner
# expect: main.py::traced.inner -> main.py::Repo.create
# expect: main.py::Repo.create -> main.py::Repo
# expect: main.py -> main.py::Repo.save
