class Account:
    def __init__(self):
        self._owner = None

    def _get_owner(self):
        return self._owner

    def _set_owner(self, value):
        self._owner = value
        self.audit()

    def audit(self):
        pass

    owner = property(_get_owner, _set_owner)


account = Account()
account.owner = "ann"
# assigning the attribute runs the setter given to property(); reading it is not done here
# expect: main.py -> main.py::Account.__init__
# expect: main.py -> main.py::Account._set_owner
# expect: main.py::Account._set_owner -> main.py::Account.audit
# expect-none: main.py -> main.py::Account._get_owner
