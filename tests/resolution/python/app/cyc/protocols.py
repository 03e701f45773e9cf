__all__ = ["Protocol"]


class Protocol:
    def connected(self):
        pass
