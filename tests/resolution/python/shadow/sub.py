def x():
    return 1
