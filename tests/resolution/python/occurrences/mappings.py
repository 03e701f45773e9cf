"""A local assigned a member holds what the member is declared to hold (``config = model.__config__``). A mapping typed ``Dict[K, V]`` (``Mapping``, ``dict[K, V]``, ``"Dict[str, V]"``): iterating its ``values()``, or
the second name of ``for k, v in d.items()``, gives a ``V`` (as pyright reads the declared type)."""

import typing as t
from typing import ClassVar, Dict, Mapping, Optional


class Field:
    alias = ""

    def validate(self) -> bool:
        return True


class Other:
    alias = ""


class Model:
    __fields__: ClassVar[Dict[str, Field]] = {}
    extras: "t.Dict[str, Other]" = {}

    @classmethod
    def names(cls) -> list[str]:
        out = []
        for name, field in cls.__fields__.items():
            out.append(field.alias)
            #                ^ value: occurrences/mappings.py:9
        for other in cls.extras.values():
            out.append(other.alias)
            #                ^ value: occurrences/mappings.py:16
        return out


def check(fields: Mapping[str, Field], more: Optional[dict[str, Field]]) -> bool:
    local: Dict[str, Other] = {}
    ok = all(f.validate() for f in fields.values())
    #          ^ defined: occurrences/mappings.py:11
    labels = {key: value.alias for key, value in local.items()}
    #                    ^ value: occurrences/mappings.py:16
    for _key, each in (more or {}).items():
        print(each.alias)
        #          ^ ambiguous: occurrences/mappings.py:9, occurrences/mappings.py:16
    return ok and bool(labels)


class Config:
    extra = "ignore"


class Base:
    __config__: ClassVar[t.Type[Config]] = Config
    field: Field = Field()


def validate(model: t.Type[Base], instance: Base) -> str:
    config = model.__config__
    item = instance.field
    print(item.alias)
    #          ^ value: occurrences/mappings.py:9
    return config.extra
    #             ^ value: occurrences/mappings.py:48


class Node:
    parent: t.Optional["Node"] = None
    label = ""


def root(node: Node) -> str:
    while node.parent is not None:
        node = node.parent
    return node.label
    #           ^ value: occurrences/mappings.py:67
