def only_here():
    return 1


def compute():
    return only_here()
