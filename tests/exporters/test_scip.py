"""SCIP: the output decodes with protobuf, and every symbol follows SCIP's grammar and our scheme."""

from __future__ import annotations

import io
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from exporter_helpers import FIXTURES, GOLDEN_INPUTS, graph_of
from hypothesis import given, settings
from hypothesis import strategies as st

from codeknit.exporters import scip
from codeknit.exporters.protobuf import Message

ALL_FIXTURES = sorted(p for p in GOLDEN_INPUTS.glob("*/input") if p.is_dir()) + [FIXTURES / "polyglot"]
DEFINITION, IMPORT, WRITE, READ, FORWARD = 0x1, 0x2, 0x4, 0x8, 0x40

# SCIP's symbol grammar (scip.proto): <scheme> ' ' <manager> ' ' <package-name> ' ' <version> ' ' <descriptor>+,
# each of the four a run of non-space characters (a space written as two); descriptors are
# <name>'/' | <name>'#' | <name>'.' | <name>':' | <name>'!' | <name>'(' <disambiguator>? ').' | '[' <name> ']'
# | '(' <name> ')', where <name> is [_+\-$A-Za-z0-9]+ or a backtick-quoted string (`` for a backtick).
_PART = r"(?:[^ ]|  )+"
_NAME = r"(?:[_+\-$A-Za-z0-9]+|`(?:[^`]|``)+`)"
_DESCRIPTOR = rf"(?:{_NAME}[/#.:!]|{_NAME}\([_+\-$A-Za-z0-9]*\)\.|\[{_NAME}\]|\({_NAME}\))"
SYMBOL = re.compile(rf"^(?!local ){_PART} {_PART} {_PART} {_PART} (?:{_DESCRIPTOR})+$")
OURS = re.compile(rf"^codeknit \. {_PART} \. (?:[a-z_]+/)?(?:`(?:[^`]|``)+`(?:#|\(\)\.|\.)|\(`(?:[^`]|``)+`\))$")
#: a document's local symbol (a parameter, local variable or type parameter): ``local`` <local-id>
LOCAL = re.compile(r"^local [_+\-$A-Za-z0-9]+$")


def decode(root: Path, scip_pb2: ModuleType, **options: Any) -> tuple[Any, list[str]]:
    return decode_graph(graph_of(root), scip_pb2, **options)


def decode_graph(graph: Any, scip_pb2: ModuleType, **options: Any) -> tuple[Any, list[str]]:
    """The SCIP index ``graph`` exports, decoded, and the codes of the export's warnings."""
    out = io.BytesIO()
    warnings = scip.export(graph, out, **options)
    index = scip_pb2.Index()
    index.ParseFromString(out.getvalue())
    return index, [w.code for w in warnings]


@pytest.mark.parametrize("root", ALL_FIXTURES, ids=lambda p: p.parent.name if p.name == "input" else p.name)
def test_decodes_and_symbols_follow_the_grammar(root: Path, scip_pb2: ModuleType) -> None:
    index, _ = decode(root, scip_pb2)
    graph = graph_of(root)
    assert [d.relative_path for d in index.documents] == [f.path for f in graph.files]
    assert index.metadata.tool_info.name == "codeknit"
    for document in index.documents:
        assert document.position_encoding == 1  # UTF-8 code units from the line start
        defined = set()
        for occurrence in document.occurrences:
            local = LOCAL.match(occurrence.symbol)
            assert local or SYMBOL.match(occurrence.symbol), occurrence.symbol
            assert len(occurrence.range) in (3, 4)
            if occurrence.symbol_roles & DEFINITION:
                assert local or OURS.match(occurrence.symbol), occurrence.symbol
                assert local or len(occurrence.enclosing_range) in (3, 4)
                defined.add(occurrence.symbol)
            else:
                assert occurrence.symbol_roles & (READ | WRITE | FORWARD)
        # a SymbolInformation for every symbol defined in the file, and for nothing else
        assert {info.symbol for info in document.symbols} == defined
    for info in index.external_symbols:
        assert SYMBOL.match(info.symbol) and not info.symbol.startswith("codeknit . ")


def test_definitions_sit_at_the_name(scip_pb2: ModuleType) -> None:
    root = GOLDEN_INPUTS / "python" / "input"
    index, warnings = decode(root, scip_pb2)
    models = next(d for d in index.documents if d.relative_path == "shop/models.py")
    order = next(o for o in models.occurrences if o.symbol == "codeknit . input . `shop.models.Order`#")
    assert list(order.range) == [36, 6, 11] and list(order.enclosing_range)[:2] == [36, 0]
    module = next(o for o in models.occurrences if o.symbol == "codeknit . input . `shop.models`.")
    assert list(module.range) == [0, 0, 0] and module.symbol_roles == DEFINITION
    # a property and its setter share a name, not a symbol: a term and a callable
    symbols = {o.symbol for o in models.occurrences if o.symbol_roles & DEFINITION}
    total = "codeknit . input . `shop.models.Order.total`"
    assert {total + ".", total + "()."} <= symbols
    # references with no identity are left out, with a warning
    assert "unnamed-reference" in warnings
    service = next(d for d in index.documents if d.relative_path == "shop/service.py")
    imports = [o for o in service.occurrences if o.symbol_roles & IMPORT]
    assert {o.symbol for o in imports} >= {"codeknit python logging . `logging`.", "codeknit . input . `shop.models`."}


def test_c_declarations_are_forward_definitions_and_typedef_collisions_are_namespaced(scip_pb2: ModuleType) -> None:
    root = GOLDEN_INPUTS / "c" / "input"
    if not root.is_dir():
        pytest.skip("no C golden fixture")
    index, _ = decode(root, scip_pb2)
    header = next(d for d in index.documents if d.relative_path == "include/shapes.h")
    roles = {(o.symbol, o.symbol_roles) for o in header.occurrences}
    assert ("codeknit . input . `shape_area`().", FORWARD) in roles
    # typedef struct Point {…} Point: the struct keeps the symbol, the type alias is namespaced
    assert ("codeknit . input . `Point`#", DEFINITION) in roles
    assert ("codeknit . input . type_alias/`Point`#", DEFINITION) in roles
    shapes = next(d for d in index.documents if d.relative_path == "src/shapes.c")
    assert any(o.symbol == "codeknit . input . `shape_area`()." and o.symbol_roles == DEFINITION
               for o in shapes.occurrences)


def test_go_packages_are_defined_at_their_clause(scip_pb2: ModuleType) -> None:
    root = FIXTURES / "polyglot"
    index, _ = decode(root, scip_pb2)
    package = "codeknit . example.com/svc . `example.com/svc/util`."
    documents = {d.relative_path: d for d in index.documents}
    triple = [o for o in documents["svc/util/triple.go"].occurrences if o.symbol == package]
    assert [(list(o.range), o.symbol_roles) for o in triple] == [([0, 8, 12], DEFINITION)]
    util = [o for o in documents["svc/util/util.go"].occurrences if o.symbol == package]
    assert [(list(o.range), o.symbol_roles) for o in util] == [([1, 8, 12], READ)]
    main = [(list(o.range), o.symbol_roles) for o in documents["svc/main.go"].occurrences if o.symbol == package]
    assert ([5, 1, 23], READ | IMPORT) in main  # the import path
    assert ([10, 13, 17], READ) in main  # the qualifier in util.Double(2)


def test_projects_keep_same_named_definitions_apart(scip_pb2: ModuleType, tmp_path: Path) -> None:
    for name in ("one", "two"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "pyproject.toml").write_text(f'[project]\nname = "{name}"\n')
        (tmp_path / name / "tool.py").write_text("def run():\n    return 1\n")
    import codeknit

    graph = codeknit.index(tmp_path)
    index, _ = decode_graph(graph, scip_pb2)
    symbols = {o.symbol for d in index.documents for o in d.occurrences if o.symbol.endswith("run`().")}
    assert symbols == {"codeknit . one . `one.tool.run`().", "codeknit . two . `two.tool.run`()."}


def test_typescript_instantiation_names_the_class_and_its_constructor(scip_pb2: ModuleType, tmp_path: Path) -> None:
    # ``new Foo(…)`` names the class written there and invokes its constructor (scip-typescript names the
    # constructor); a class without one is named alone; Python's ``Foo()`` names the class alone
    (tmp_path / "a.ts").write_text("export class Foo {\n  constructor(public x: number) {}\n}\nexport class Bar {}\n"
                                   "const f = new Foo(1);\nconst b = new Bar();\n")
    (tmp_path / "m.py").write_text("class Order:\n    def __init__(self):\n        pass\n\n\norder = Order()\n")
    import codeknit

    index, _ = decode_graph(codeknit.index(tmp_path), scip_pb2)
    at: dict[tuple[str, int, int], set[str]] = {}
    for document in index.documents:
        for occurrence in document.occurrences:
            if not occurrence.symbol_roles & DEFINITION:
                at.setdefault((document.relative_path, *occurrence.range[:2]), set()).add(occurrence.symbol)
    def named(site: tuple[str, int, int]) -> set[str]:
        return {symbol.rsplit(" ", 1)[-1] for symbol in at[site]}

    assert named(("a.ts", 4, 14)) == {"`a.ts::Foo`#", "`a.ts::Foo.constructor`()."}
    assert named(("a.ts", 5, 14)) == {"`a.ts::Bar`#"}
    assert named(("m.py", 5, 8)) == {"`m.Order`#"}


def test_python_calls_of_heirs_of_one_constructor_name_each_class(scip_pb2: ModuleType, tmp_path: Path) -> None:
    # ``BadRequest(…)`` and ``Gone(…)`` in one function both run ``HTTPError.__init__``: each site names the
    # class written there (one relation per class named, each with its own text), not the first one's
    (tmp_path / "errors.py").write_text(
        "class HTTPError(Exception):\n    def __init__(self, text):\n        self.text = text\n\n\n"
        "class BadRequest(HTTPError):\n    pass\n\n\nclass Gone(HTTPError):\n    pass\n\n\n"
        "def fail(flag):\n    if flag:\n        raise BadRequest('bad')\n    raise Gone('gone')\n")
    import codeknit

    graph = codeknit.index(tmp_path)
    calls = sorted((r.text, r.spans) for r in graph.relations
                   if r.kind.value == "calls" and r.target == "errors.py::HTTPError.__init__")
    assert calls == [("BadRequest", [(16, 14, 16, 24)]), ("Gone", [(17, 10, 17, 14)])]
    index, _ = decode_graph(graph, scip_pb2)
    named = {tuple(occurrence.range[:2]): occurrence.symbol.rsplit(" ", 1)[-1]
             for document in index.documents for occurrence in document.occurrences
             if not occurrence.symbol_roles & DEFINITION}
    assert named[(15, 14)] == "`errors.BadRequest`#"
    assert named[(16, 10)] == "`errors.Gone`#"


def test_python_heirs_of_one_name_in_two_modules_name_the_file_s_own(scip_pb2: ModuleType, tmp_path: Path) -> None:
    # two modules each define a ``Handler`` inheriting ``Base.__init__``: ``Handler(…)`` names the one of the
    # site's file (defined there at the top level, or imported), not the base's constructor
    (tmp_path / "base.py").write_text("class Base:\n    def __init__(self, md):\n        self.md = md\n")
    (tmp_path / "one.py").write_text(
        "from base import Base\n\n\ndef build(md):\n    return Handler(md)\n\n\nclass Handler(Base):\n    pass\n")
    (tmp_path / "two.py").write_text("from one import Handler as _Handler\n\n\nclass Handler(_Handler):\n    pass\n\n\n"
                                     "def make(md):\n    return Handler(md)\n")
    (tmp_path / "three.py").write_text("from two import Handler\n\n\ndef again(md):\n    return Handler(md)\n")
    import codeknit

    index, _ = decode_graph(codeknit.index(tmp_path), scip_pb2)
    named = {(document.relative_path, occurrence.range[0], occurrence.range[1]): occurrence.symbol.rsplit(" ", 1)[-1]
             for document in index.documents for occurrence in document.occurrences
             if not occurrence.symbol_roles & DEFINITION}
    assert named[("one.py", 4, 11)] == "`one.Handler`#"
    assert named[("two.py", 8, 11)] == "`two.Handler`#"
    assert named[("three.py", 4, 11)] == "`two.Handler`#"


def test_a_conformance_an_extension_adds_in_another_file_sits_in_that_file(
        scip_pb2: ModuleType, tmp_path: Path) -> None:
    """``extension Shared: Tagged {}`` in Protocols.swift: the use of ``Tagged`` is Protocols.swift's, at its token
    (it was written into Shared.swift at the extension's line, past that file's end)."""
    (tmp_path / "Shared.swift").write_text("public class Shared {\n  func run() {}\n}\n")
    (tmp_path / "Protocols.swift").write_text("protocol Tagged {}\n\n// …\n//\nextension Shared: Tagged {}\n")
    import codeknit

    graph = codeknit.index(tmp_path)
    index, _ = decode_graph(graph, scip_pb2)
    uses = sorted((d.relative_path, list(o.range)) for d in index.documents for o in d.occurrences
                  if o.symbol.endswith("`Tagged`#") and not o.symbol_roles & DEFINITION)
    assert uses == [("Protocols.swift", [4, 18, 24])]
    # the conformance is still the type's
    assert [(r.source, r.target) for r in graph.relations if r.kind.value == "implements"] == [
        ("Shared.swift::Shared", "Protocols.swift::Tagged")]


@settings(max_examples=300)
@given(st.lists(st.integers(-(2**31), 2**31 - 1), max_size=6), st.integers(-(2**31), 2**31 - 1))
def test_the_writers_varints_decode_with_protobuf(scip_pb2: ModuleType, numbers: list[int], roles: int) -> None:
    """An occurrence's packed range and its roles as the writer encodes them (one and two bytes without the loop,
    a negative ``int32`` in ten) read back by protobuf's own decoder."""
    occurrence = scip_pb2.Occurrence()
    occurrence.ParseFromString(Message().packed(1, numbers).string(2, "local 1").varint_field(3, roles).serialize())
    assert list(occurrence.range) == numbers
    assert occurrence.symbol_roles == roles
