# `fn` is widened: `run` is small, so its first eight call sites (MAX_CONTEXTS) each get a context of
# their own; the calls after them share the merged analysis: one passes a function, then seventeen
# pass different lists, one call each, and the merged `fn` is frozen after its 17th growth (the last
# list never gets in). What `map` calls
# with it is then not known for certain: the implicit call is ambiguous with the one function
# it knows, never resolved to it.

def double(x):
    return x * 2


def run(fn):
    return list(map(fn, [1, 2]))


def main():
    run([100])
    run([101])
    run([102])
    run([103])
    run([104])
    run([105])
    run([106])
    run([107])
    run(double)
    run([0])
    run([1])
    run([2])
    run([3])
    run([4])
    run([5])
    run([6])
    run([7])
    run([8])
    run([9])
    run([10])
    run([11])
    run([12])
    run([13])
    run([14])
    run([15])
    run([16])

# expect: main.py::main -> main.py::run
# expect: main.py::run -> main.py::double | main.py::double
