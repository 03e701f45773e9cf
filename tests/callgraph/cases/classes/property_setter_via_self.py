class Account:
    def __init__(self):
        self.balance = 0

    @property
    def balance(self):
        return self._balance

    @balance.setter
    def balance(self, value):
        self.audit(value)
        self._balance = value

    def audit(self, value):
        pass


Account()
# self.balance = 0 in __init__ goes through the setter
# expect: main.py -> main.py::Account.__init__
# expect: main.py::Account.__init__ -> main.py::Account.balance#2
# expect: main.py::Account.balance#2 -> main.py::Account.audit
