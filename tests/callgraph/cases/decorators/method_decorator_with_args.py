def retry(times):
    def decorate(fn):
        def wrapper(self, *args):
            return fn(self, *args)
        return wrapper
    return decorate


class Client:
    @retry(3)
    def get(self, url):
        self.send(url)

    def send(self, url):
        pass


Client().get("u")
# expect: main.py::Client -> main.py::retry
# expect: main.py::Client -> main.py::retry.decorate
# expect: main.py -> main.py::Client
# expect: main.py -> main.py::retry.decorate.wrapper
# expect: main.py::retry.decorate.wrapper -> main.py::Client.get
# expect: main.py::Client.get -> main.py::Client.send
