def run(self):
    pass

class C0:
    pass


class C1:
    pass


class C2:
    pass


class C3:
    pass


class C4:
    pass


class C5:
    pass


class C6:
    pass


class C7:
    pass


class C8:
    pass


class C9:
    pass


class C10:
    pass


class C11:
    pass


class C12:
    pass


class C13:
    pass


class C14:
    pass


class C15:
    pass


class C16:
    pass


class C17:
    pass


class C18:
    pass


class C19:
    pass


class C20:
    pass


class C21:
    pass


class C22:
    pass


class C23:
    pass


C0.run = run
C1.run = run
C2.run = run
C3.run = run
C4.run = run
C5.run = run
C6.run = run
C7.run = run
C8.run = run
C9.run = run
C10.run = run
C11.run = run
C12.run = run
C13.run = run
C14.run = run
C15.run = run
C16.run = run
C17.run = run
C18.run = run
C19.run = run
C20.run = run
C21.run = run
C22.run = run
C23.run = run
C3().run()
# one attribute set on 24 classes: the node of the classes it is set on is widened (capped), and a read
# through it is ambiguous, the cap's marker being no class
# expect: main.py -> main.py::C3
# expect: main.py -> main.py::run | main.py::run
