"""``self.x = x or {}``: a field assigned a parameter defaulted with ``or`` to a literal holds what the
parameter's annotation says (without ``None``), as a type checker reads it."""

from typing import Dict, List, Optional


class Validator:
    def __init__(self) -> None:
        self.always = True


class Other:
    always = False


class ModelField:
    def __init__(self, validators: Optional[Dict[str, Validator]], items: Optional[List[Validator]] = None,
                 other: Optional[Other] = None) -> None:
        self.validators = validators or {}
        self.items = items or []
        self.other = other or Other()

    def check(self) -> bool:
        return any(v.always for v in self.validators.values()) or self.items[0].always
        #                ^ value: occurrences/or_defaults.py::Validator.always
        #                                                                       ^ value: occurrences/or_defaults.py::Validator.always


class Loop:
    def run(self) -> int:
        return 0


class Task:
    def run(self) -> int:
        return 1


# A local assigned a parameter (``current = loop``), or one defaulted with ``or`` to a literal or to a new instance
# of the parameter's declared class, holds what the annotation says. The points-to analysis, where no caller passes
# anything, reads the annotation: a Loop or the default None, which has no run() (a call on it raises), so the
# calls are Loop.run.
def start(loop: Optional[Loop] = None, settings: Optional[Dict[str, Validator]] = None) -> int:
    current = loop
    made = loop or Loop()
    found = settings or {}
    return current.run() + made.run() + int(found["key"].always)
    #              ^ defined: occurrences/or_defaults.py::Loop.run
    #                           ^ defined: occurrences/or_defaults.py::Loop.run
    #                                                    ^ value: occurrences/or_defaults.py::Validator.always


def either(loop: Optional[Loop] = None) -> int:
    made = loop or Task()  # (another class: either may be held, the name says nothing)
    return made.run()
    #           ^ ambiguous: occurrences/or_defaults.py::Loop.run, occurrences/or_defaults.py::Task.run
