"""The Go adapter and rules: symbols, signatures, properties, references, imports, resolution."""

from __future__ import annotations

from pathlib import Path

import pytest

import codeknit
from codeknit.graph.model import EdgeKind, Resolution, SymbolKind
from codeknit.languages.adapters import extract
from codeknit.languages.go.adapter import default_package_name, is_exported
from codeknit.languages.records import Extraction, RawSymbol

SOURCE = '''// Package store keeps items.
package store

import (
\t"fmt"
\tu "example.com/m/util"
\t. "strings"
\t_ "embed"
\t"gopkg.in/yaml.v3"
)

// Kind classifies.
type Kind int

const (
\t// Food is edible.
\tFood Kind = iota
\tTool
)

var a, b = 1, 2

type Price = float64

// Item is sold.
type Item struct {
\tName, Label string `json:"name"` // shown
\t*Base
\tio.Reader
\tprice Price
}

type Closer interface {
\tReader
\tClose() error
}

type Pair[K comparable, V any] struct {
\tKey K
}

// Add adds.
func (s *Store) Add(item Item, tags ...string) (n int, err error) {
\tx := 1
\ts.log(x)
\tu.Do(item)
\tfmt.Println(Upper(tags[0]))
\tmake().Run()
\treturn 0, nil
}

func (p Pair[K, V]) Get() K { var k K; return k }

func Map[K comparable, V any](in map[K]V, f func(V) V) map[K]V { return nil }

func split(s string) (string, string) { return s, s }
'''


@pytest.fixture(scope="module")
def extraction() -> Extraction:
    return extract("store/store.go", "go", SOURCE.encode())


def by_qualname(extraction: Extraction) -> dict[str, RawSymbol]:
    out: dict[str, RawSymbol] = {}
    for symbol in extraction.symbols[1:]:
        out.setdefault(symbol.qualname, symbol)
    return out


def test_package_symbol(extraction: Extraction) -> None:
    package = extraction.symbols[0]
    assert package.kind is SymbolKind.PACKAGE
    assert package.name == "store"
    assert package.span == (2, 0, 2, 13)
    assert package.start_byte == 0 and package.end_byte == len(SOURCE.encode())
    assert package.doc == "Package store keeps items."


def test_kinds_and_signatures(extraction: Extraction) -> None:
    symbols = by_qualname(extraction)
    assert symbols["Kind"].kind is SymbolKind.TYPE_ALIAS and symbols["Kind"].signature == "Kind int"
    assert symbols["Price"].kind is SymbolKind.TYPE_ALIAS and symbols["Price"].signature == "Price = float64"
    assert symbols["Item"].kind is SymbolKind.STRUCT and symbols["Item"].doc == "Item is sold."
    assert symbols["Closer"].kind is SymbolKind.INTERFACE
    assert symbols["Closer.Close"].kind is SymbolKind.METHOD
    assert symbols["Closer.Close"].signature == "Close() -> error"
    assert symbols["Pair"].signature == "Pair[K comparable, V any]"
    assert symbols["Map"].signature == "Map[K comparable, V any](in: map[K]V, f: func(V) V) -> map[K]V"
    assert symbols["split"].signature == "split(s: string) -> (string, string)"
    assert symbols["split"].properties == {"exported": False}


def test_method_owner_receiver_and_grouped_parameters(extraction: Extraction) -> None:
    add = by_qualname(extraction)["Store.Add"]
    assert add.kind is SymbolKind.METHOD
    assert add.owner == "Store" and add.receiver == "s"
    assert add.parent == 0
    assert add.properties == {"exported": True, "receiver": "*Store"}
    assert add.signature == "Add(item: Item, tags: ...string) -> (n: int, err: error)"
    get = by_qualname(extraction)["Pair.Get"]
    assert get.owner == "Pair" and get.properties == {"exported": True, "receiver": "Pair"}


def test_grouped_values_and_fields(extraction: Extraction) -> None:
    symbols = by_qualname(extraction)
    assert symbols["Food"].kind is SymbolKind.CONSTANT and symbols["Food"].signature == "Food: Kind"
    assert symbols["Food"].doc == "Food is edible."
    assert symbols["Tool"].signature == "Tool: Kind"  # repeats the previous spec's type (iota)
    assert symbols["a"].kind is SymbolKind.VARIABLE and symbols["b"].kind is SymbolKind.VARIABLE
    assert symbols["a"].properties == {"exported": False}
    assert symbols["Item.Name"].signature == "Name: string"
    assert symbols["Item.Label"].signature == "Label: string"
    assert symbols["Item.Name"].doc == "shown"
    assert symbols["Item.price"].properties == {"exported": False}
    assert symbols["Item.Base"].properties == {"exported": True, "embedded": True}
    assert symbols["Item.Base"].signature == "Base: *Base"
    assert symbols["Item.Reader"].signature == "Reader: io.Reader"


def test_type_parameters(extraction: Extraction) -> None:
    parameters = [s for s in extraction.symbols if s.kind is SymbolKind.TYPE_PARAMETER]
    assert [(s.qualname, s.signature) for s in parameters] == [
        ("Pair.K", "K comparable"), ("Pair.V", "V any"), ("Map.K", "K comparable"), ("Map.V", "V any"),
    ]
    texts = {r.text for r in extraction.refs if r.kind is EdgeKind.REFERENCES}
    assert "K" not in texts and "V" not in texts  # bound by their declaration, never references


def test_a_result_that_is_a_type_parameter_types_nothing() -> None:
    """``func F[T any]() T`` returns some type, not a type named T: the first such function of a file too."""
    source = b"package p\nfunc F[T any]() T { var t T; return t }\nfunc G[T any]() T { var t T; return t }\n"
    symbols = {s.name: s for s in extract("p/a.go", "go", source).symbols}
    assert symbols["F"].declared_type == "" and symbols["G"].declared_type == ""


def test_references(extraction: Extraction) -> None:
    symbols = extraction.symbols
    inherits = {(symbols[r.scope].qualname, r.text) for r in extraction.refs if r.kind is EdgeKind.INHERITS}
    assert inherits == {("Item", "Base"), ("Item", "io.Reader"), ("Closer", "Reader")}
    calls = [(symbols[r.scope].qualname, r.text, r.head_known) for r in extraction.refs if r.kind is EdgeKind.CALLS]
    assert ("Store.Add", "s.log", True) in calls
    assert ("Store.Add", "u.Do", True) in calls
    assert ("Store.Add", "fmt.Println", True) in calls
    assert ("Store.Add", "Upper", True) in calls
    assert ("Store.Add", "Run", False) in calls  # on a call result: only the member is known
    do = next(r for r in extraction.refs if r.text == "u.Do")
    line = SOURCE.splitlines()[do.span[0] - 1]
    assert line.encode()[do.span[1]:do.span[3]] == b"Do"
    # the receiver type is the owner, not a reference; embedded types are inherits, not references
    refs = {(symbols[r.scope].qualname, r.text) for r in extraction.refs if r.kind is EdgeKind.REFERENCES}
    assert ("Store.Add", "Store") not in refs
    assert ("Store.Add", "Item") in refs
    assert ("Item.price", "Price") in refs
    assert not any(text == "Base" for _, text in refs)


def test_imports(extraction: Extraction) -> None:
    imports = [(i.module, i.alias, i.star) for i in extraction.imports]
    assert imports == [
        ("fmt", "fmt", False),
        ("example.com/m/util", "u", False),
        ("strings", None, True),
        ("embed", None, False),
        ("gopkg.in/yaml.v3", "yaml", False),
    ]


def test_locals(extraction: Extraction) -> None:
    add = next(i for i, s in enumerate(extraction.symbols) if s.qualname == "Store.Add")
    assert extraction.locals[add] >= {"item", "tags", "n", "err", "x"}


@pytest.mark.parametrize(
    ("path", "name"),
    [("fmt", "fmt"), ("net/http", "http"), ("github.com/go-chi/chi/v5", "chi"), ("gopkg.in/yaml.v3", "yaml"),
     ("github.com/mattn/go-sqlite3", "sqlite3")],
)
def test_default_package_name(path: str, name: str) -> None:
    assert default_package_name(path) == name


def test_exported() -> None:
    assert is_exported("Name") and not is_exported("name") and not is_exported("_x")


# -- resolution ------------------------------------------------------------------------


def write(root: Path, files: dict[str, str]) -> None:
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)


def edges(graph: codeknit.Graph, kind: EdgeKind) -> set[tuple[str, str, Resolution]]:
    return {(r.source, r.target, r.resolution) for r in graph.relations if r.kind is kind}


PROJECT = {
    "go.mod": "module example.com/app\n\ngo 1.21\n",
    "main.go": (
        'package main\n\nimport (\n\t"fmt"\n\tst "example.com/app/store"\n)\n\n'
        'func main() {\n\ts := st.New()\n\tfmt.Println(s)\n\thelper()\n}\n'
    ),
    "helper.go": "package main\n\nfunc helper() {}\n",
    "store/store.go": "package store\n\ntype Store struct{}\n\nfunc New() *Store { return &Store{} }\n",
    "store/save.go": (
        "package store\n\nfunc (s *Store) Save() { s.flush(); validate() }\n\n"
        "func (s *Store) flush() {}\n\nfunc validate() {}\n"
    ),
    "store/store_ext_test.go": (
        'package store_test\n\nimport "example.com/app/store"\n\nfunc Example() { store.New() }\n'
    ),
}


def test_resolution_across_a_module(tmp_path: Path) -> None:
    write(tmp_path, PROJECT)
    graph = codeknit.index(tmp_path, collect_tests=True)
    calls = edges(graph, EdgeKind.CALLS)
    # a qualified call to another package, through go.mod's module path and an alias
    assert ("main.go::main", "store/store.go::New", Resolution.RESOLVED) in calls
    # the same package spans its files
    assert ("main.go::main", "helper.go::helper", Resolution.RESOLVED) in calls
    # methods written in another file belong to the type; the receiver finds them
    assert ("store/save.go::Store.Save", "store/save.go::Store.flush", Resolution.RESOLVED) in calls
    assert ("store/save.go::Store.Save", "store/save.go::validate", Resolution.RESOLVED) in calls
    contains = edges(graph, EdgeKind.CONTAINS)
    assert ("store/store.go::Store", "store/save.go::Store.Save", Resolution.RESOLVED) in contains
    # the standard library stays unresolved under its import path
    assert ("main.go::main", "main.go::fmt.Println", Resolution.UNRESOLVED) in calls
    # an external test package imports the package like any other client
    assert ("store/store_ext_test.go::Example", "store/store.go::New", Resolution.RESOLVED) in calls
    imports = edges(graph, EdgeKind.IMPORTS)
    assert ("main.go", "store/store.go", Resolution.RESOLVED) in imports
    assert ("main.go", "main.go::fmt", Resolution.UNRESOLVED) in imports


def test_methods_are_not_bare_names(tmp_path: Path) -> None:
    write(tmp_path, {
        "go.mod": "module m\n",
        "a.go": "package a\n\ntype T struct{}\n\nfunc (T) Run() {}\n\nfunc f() { Run() }\n",
    })
    graph = codeknit.index(tmp_path)
    assert ("a.go::f", "a.go::Run", Resolution.UNRESOLVED) in edges(graph, EdgeKind.CALLS)


def test_vendor_and_gopath_layouts(tmp_path: Path) -> None:
    module = tmp_path / "module"
    write(module, {
        "go.mod": "module example.com/app\n",
        "main.go": 'package main\n\nimport "golang.org/x/text"\n\nfunc main() { text.Do() }\n',
        "vendor/golang.org/x/text/text.go": "package text\n\nfunc Do() {}\n",
    })
    graph = codeknit.index(module)
    assert ("main.go::main", "vendor/golang.org/x/text/text.go::Do", Resolution.RESOLVED) in edges(
        graph, EdgeKind.CALLS
    )
    gopath = tmp_path / "gopath"  # no go.mod anywhere above: import paths are directories
    write(gopath, {
        "github.com/a/app/main.go": 'package main\n\nimport "github.com/a/lib"\n\nfunc main() { lib.F() }\n',
        "github.com/a/lib/lib.go": "package lib\n\nfunc F() {}\n",
    })
    graph = codeknit.index(gopath)
    assert ("github.com/a/app/main.go::main", "github.com/a/lib/lib.go::F", Resolution.RESOLVED) in edges(
        graph, EdgeKind.CALLS
    )


def test_standard_library_as_the_project(tmp_path: Path) -> None:
    """Scanning a directory of Go's own source: ``module std`` maps unprefixed import paths."""
    write(tmp_path, {
        "go.mod": "module std\n",
        "net/http/server.go": 'package http\n\nimport "net/url"\n\nfunc Serve() { url.Parse() }\n',
        "net/url/url.go": "package url\n\nfunc Parse() {}\n",
    })
    graph = codeknit.index(tmp_path / "net" / "http")
    # the scan root is below go.mod: net/url is outside it
    assert ("server.go::Serve", "server.go::net/url.Parse", Resolution.UNRESOLVED) in edges(graph, EdgeKind.CALLS)
    graph = codeknit.index(tmp_path)
    assert ("net/http/server.go::Serve", "net/url/url.go::Parse", Resolution.RESOLVED) in edges(
        graph, EdgeKind.CALLS
    )


@pytest.mark.parametrize("mark", ["// Code generated by stringer; DO NOT EDIT.", "// @generated by protoc"])
def test_a_generated_file_records_calls_and_types_but_not_each_value_use(mark: str) -> None:
    body = "package p\n\nvar total int\n\nfunc add(n int) int {\n\ttotal += n\n\treturn helper(total)\n}\n"
    written = extract("p/a.go", "go", body.encode())
    generated = extract("p/a_string.go", "go", f"{mark}\n\n{body}".encode())
    assert len(written.values) > 0 and len(generated.values) == 0
    calls = [(ref.kind, ref.text) for ref in generated.refs if ref.kind is EdgeKind.CALLS]
    assert calls == [(EdgeKind.CALLS, "helper")]
    # a mark later in the file (a string, a comment in the body) does not count
    late = extract("p/b.go", "go", (body + "\n// Code generated by hand; DO NOT EDIT.\n").encode())
    assert len(late.values) == len(written.values)


def test_a_const_spec_with_several_names_defines_each_and_no_comma() -> None:
    source = b"package p\n\nconst (\n\tx, y = 1, 2\n\tz    = 3\n)\n\nconst u, v = 4, 5\n"
    extraction = extract("p.go", "go", source)
    names = [symbol.name for symbol in extraction.symbols if symbol.kind is SymbolKind.CONSTANT]
    assert names == ["x", "y", "z", "u", "v"]


def test_leading_docs_stop_at_a_blank_line_and_a_trailing_comment() -> None:
    """A declaration's doc is the comment block right above it: a blank line ends it, a comment that
    ends the line of code above belongs to that line, and several comments written together join."""
    source = (
        "package p\n\n"
        "// Lost above a blank line.\n\n"
        "// First half,\n/* second half. */\n"
        "func Joined() {}\n\n"
        "var x = 1 // about x\n"
        "func Bare() {}\n\n"
        "const ( // opens the group\n"
        "\tA = 1\n"
        "\t// B is second.\n"
        "\tB = 2\n"
        ")\n\n"
        "type T struct {\n"
        "\tN int // the count\n"
        "\t// M is documented.\n"
        "\tM int\n"
        "}\n"
    )
    symbols = by_qualname(extract("p/p.go", "go", source.encode()))
    assert symbols["Joined"].doc == "First half,\nsecond half."
    assert symbols["Bare"].doc is None
    assert symbols["A"].doc is None
    assert symbols["B"].doc == "B is second."
    assert symbols["T.N"].doc == "the count"
    assert symbols["T.M"].doc == "M is documented."
