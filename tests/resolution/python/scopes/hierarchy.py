import json
from json import dumps as to_json
from scopes.shapes import Shape, does_not_exist


class Base:
    def hello(self) -> str:
        return "base"

    def run(self) -> str:
        return self.hello()
        #           ^ ambiguous: scopes/hierarchy.py::Right.hello, scopes/hierarchy.py::Child.hello


class Left(Base):
#          ^ defined: scopes/hierarchy.py::Base
    def hello(self) -> str:
        return super().hello()
        #              ^ ambiguous: scopes/hierarchy.py::Base.hello, scopes/hierarchy.py::Right.hello


class Right(Base):
    def hello(self) -> str:
        return super().hello()
        #              ^ defined: scopes/hierarchy.py::Base.hello


class Child(Left, Right):
#           ^ defined: scopes/hierarchy.py::Left
#                 ^ defined: scopes/hierarchy.py::Right
    def hello(self) -> str:
        return super().hello()
        #              ^ defined: scopes/hierarchy.py::Left.hello


class Settings:
    @property
    def path(self) -> str:
        return self.base()
        #           ^ defined: scopes/hierarchy.py::Settings.base

    def base(self) -> str:
        return to_json({})
        #      ^ unresolved

    @classmethod
    def load(cls) -> "Settings":
        return cls()
        #      ^ defined: scopes/hierarchy.py::Settings


def main() -> None:
    Child().run()
    # ^ defined: scopes/hierarchy.py::Child
    #       ^ defined: scopes/hierarchy.py::Base.run
    Left().hello()
    # ^ defined: scopes/hierarchy.py::Left
    #      ^ defined: scopes/hierarchy.py::Left.hello
    Right().run()
    #       ^ defined: scopes/hierarchy.py::Base.run
    settings = Settings.load()
    #                   ^ defined: scopes/hierarchy.py::Settings.load
    settings.path.upper()
    #        ^ defined: scopes/hierarchy.py::Settings.path
    #             ^ unresolved
    json.loads("{}")
    #    ^ unresolved
    does_not_exist()
    # ^ unresolved
    Shape().area()
    # ^ defined: scopes/shapes.py::Shape
    #       ^ defined: scopes/shapes.py::Shape.area
