def fine():
    return 1


def broken(:
    pass


class StillFound:
    def method(self):
        fine()
