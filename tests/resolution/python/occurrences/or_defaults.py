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
