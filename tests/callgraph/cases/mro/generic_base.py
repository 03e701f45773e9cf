from typing import Generic, TypeVar

T = TypeVar("T")


class Store(Generic[T]):
    def load(self):
        return self.fetch()

    def fetch(self):
        pass


class IntStore(Store[int]):
    def fetch(self):
        return super().fetch()


IntStore().load()
# expect: main.py -> main.py::IntStore
# expect: main.py -> main.py::Store.load
# expect: main.py::Store.load -> main.py::IntStore.fetch
# expect: main.py::IntStore.fetch -> main.py::Store.fetch
