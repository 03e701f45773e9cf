class Session:
    @property
    def token(self):
        return ""

    @token.deleter
    def token(self):
        self.revoke()

    def revoke(self):
        pass


s = Session()
s.token
# reading runs the getter only: the deleter is no method the read gives
# expect: main.py -> main.py::Session
# expect: main.py -> main.py::Session.token
# expect: main.py::Session.token#2 -> main.py::Session.revoke
