class AppError(Exception):
    def report(self):
        pass


class OtherError(AppError):
    def report(self):
        pass


def risky():
    raise OtherError()


try:
    risky()
except AppError as e:
    e.report()
# the handler catches what the project raises of its class or a subclass: an OtherError here, whose own
# report runs for it. Which raise reaches this handler is not followed, so the handled class's own method
# stays a candidate: two candidates, not AppError.report as a fact
# expect: main.py -> main.py::risky
# expect: main.py::risky -> main.py::OtherError
# expect: main.py -> main.py::AppError.report | main.py::OtherError.report
