class Base:
    def save(self):
        pass


class LogMixin:
    def save(self):
        self.log()
        super().save()

    def log(self):
        pass


class Model(LogMixin, Base):
    pass


Model().save()
# expect: main.py -> main.py::Model
# expect: main.py -> main.py::LogMixin.save
# expect: main.py::LogMixin.save -> main.py::LogMixin.log
# expect: main.py::LogMixin.save -> main.py::Base.save
