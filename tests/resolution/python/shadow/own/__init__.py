from .inner import y


def inner():
    return y()
