"""The Rust adapter and rules: module paths, symbols, signatures, properties, references, imports, resolution."""

from __future__ import annotations

from pathlib import Path

import pytest

import codeknit
from codeknit.graph.model import EdgeKind, Resolution, SymbolKind
from codeknit.languages.adapters import extract
from codeknit.languages.records import HEAD_KNOWN, Extraction, RawSymbol
from codeknit.languages.rust.modules import module_display_name, module_location

SOURCE = '''//! The model.

use std::collections::{self, HashMap as Map};
use crate::a::{b::C, d as e, f::*};
use super::Parent;
pub(crate) mod inner;
extern crate alloc as al;

/// A user.
///
/// Second line.
#[derive(Debug, serde::Serialize)]
pub struct User<T: Clone> where T: Send {
    /// The name.
    pub name: String,
    pub(crate) tag: T,
    id: u32,
}

pub struct Meters(pub f64, u8);

pub enum Shape { Dot, Circle(f32), Rect { w: f32, h: f32 }, Big = 9 }

union Raw { int: u32 }

pub trait Area: Clone + std::fmt::Debug {
    fn area(&self) -> f64;
    fn unit() -> &'static str { "m2" }
    const SIDES: u32;
    type Output: Copy;
}

impl<T: Clone> User<T> {
    pub const MAX: u32 = 9;
    pub async fn load(&mut self, id: u32) -> Result<Self, Error> {
        let cache = Map::new();
        self.refresh();
        crate::a::helper(id);
        self::local();
        Self::build();
        println!("{}", compute(id));
        cache.get(&id);
        Ok(todo!())
    }
    pub const unsafe fn build() -> T { unimplemented!() }
    fn consume(mut self) {}
}

impl Area for Meters {
    fn area(&self) -> f64 { self.0 }
    const SIDES: u32 = 0;
    type Output = f64;
}

impl std::fmt::Display for Remote {}

#[tokio::main]
#[inline]
async fn main() {}

#[macro_export]
macro_rules! square { ($x:expr) => { $x * $x }; }

pub static mut COUNT: usize = 0;
pub type Pairs<K> = Vec<(K, K)>;

mod tests {
    fn t() { assert!(true); }
}
'''


@pytest.fixture(scope="module")
def extraction() -> Extraction:
    return extract("src/model.rs", "rust", SOURCE.encode())


def by_qualname(extraction: Extraction) -> dict[str, RawSymbol]:
    out: dict[str, RawSymbol] = {}
    for symbol in extraction.symbols[1:]:
        out.setdefault(symbol.qualname, symbol)
    return out


@pytest.mark.parametrize(
    ("path", "root", "parts"),
    [
        ("src/lib.rs", "src", []),
        ("src/main.rs", "src", []),
        ("src/net/mod.rs", "src", ["net"]),
        ("src/net/tcp.rs", "src", ["net", "tcp"]),
        ("tokio/src/a.rs", "tokio/src", ["a"]),
        ("src/bin/tool.rs", "src/bin", []),
        ("src/bin/tool/main.rs", "src/bin/tool", []),
        ("tests/it.rs", "tests", []),
        ("tests/common/mod.rs", "tests", ["common"]),
        ("examples/demo.rs", "examples", []),
        ("lib.rs", "", []),
        ("a/b.rs", "", ["a", "b"]),
    ],
)
def test_module_location(path: str, root: str, parts: list[str]) -> None:
    assert module_location(path) == (root, parts)


def test_module_symbol(extraction: Extraction) -> None:
    module = extraction.symbols[0]
    assert module.kind is SymbolKind.MODULE
    assert module.name == "crate::model" == module_display_name("src/model.rs")
    assert module.start_byte == 0 and module.end_byte == len(SOURCE.encode())
    assert module.doc == "The model."


def test_items(extraction: Extraction) -> None:
    symbols = by_qualname(extraction)
    user = symbols["User"]
    assert user.kind is SymbolKind.STRUCT and user.signature == "User<T: Clone>"
    assert user.properties == {"exported": True, "visibility": "pub"}
    assert user.doc == "A user.\n\nSecond line."
    assert user.span[0] == 12  # the attribute line starts the item
    assert symbols["User.T"].kind is SymbolKind.TYPE_PARAMETER and symbols["User.T"].signature == "T: Clone + Send"
    assert symbols["User.name"].signature == "name: String" and symbols["User.name"].doc == "The name."
    assert symbols["User.tag"].properties == {"exported": False, "visibility": "pub(crate)"}
    assert symbols["User.id"].properties == {"exported": False}
    assert symbols["Meters.0"].signature == "0: f64" and symbols["Meters.0"].properties["exported"] is True
    assert symbols["Meters.1"].signature == "1: u8"
    assert [s.signature for s in extraction.symbols if s.kind is SymbolKind.ENUM_MEMBER] == [
        "Dot", "Circle(f32)", "Rect { w: f32, h: f32 }", "Big = 9",
    ]
    assert symbols["Raw"].kind is SymbolKind.UNION and symbols["Raw.int"].kind is SymbolKind.FIELD
    assert symbols["Area"].kind is SymbolKind.TRAIT
    assert symbols["square"].kind is SymbolKind.MACRO and symbols["square"].signature == "square!"
    assert symbols["square"].properties == {"exported": True}
    assert symbols["COUNT"].kind is SymbolKind.VARIABLE
    assert symbols["COUNT"].properties == {"exported": True, "visibility": "pub", "static": True, "mut": True}
    assert symbols["Pairs"].kind is SymbolKind.TYPE_ALIAS and symbols["Pairs"].signature == "Pairs<K> = Vec<(K, K)>"
    assert symbols["tests"].kind is SymbolKind.MODULE and symbols["tests.t"].kind is SymbolKind.FUNCTION
    assert symbols["main"].properties == {"exported": False, "async": True}


def test_trait_items(extraction: Extraction) -> None:
    symbols = by_qualname(extraction)
    assert symbols["Area.area"].kind is SymbolKind.METHOD
    assert symbols["Area.area"].properties == {"abstract": True}
    assert symbols["Area.area"].signature == "area(&self) -> f64"
    assert symbols["Area.unit"].kind is SymbolKind.FUNCTION and symbols["Area.unit"].properties == {"static": True}
    assert symbols["Area.SIDES"].kind is SymbolKind.CONSTANT
    assert symbols["Area.Output"].kind is SymbolKind.TYPE_ALIAS and symbols["Area.Output"].signature == "Output: Copy"


def test_impl_items(extraction: Extraction) -> None:
    symbols = by_qualname(extraction)
    load = symbols["User.load"]
    assert load.kind is SymbolKind.METHOD and load.owner == "User" and load.receiver == "self"
    assert load.parent == 0
    assert load.signature == "load(&mut self, id: u32) -> Result<Self, Error>"
    assert load.properties == {"exported": True, "visibility": "pub", "async": True}
    build = symbols["User.build"]
    assert build.kind is SymbolKind.FUNCTION and build.receiver is None
    assert build.properties == {"exported": True, "visibility": "pub", "const": True, "unsafe": True, "static": True}
    assert symbols["User.consume"].signature == "consume(self)"
    assert symbols["User.MAX"].owner == "User" and symbols["User.MAX"].kind is SymbolKind.CONSTANT
    area = symbols["Meters.area"]
    assert area.owner == "Meters" and area.properties == {}  # a trait impl item has the trait's visibility
    assert symbols["Meters.Output"].kind is SymbolKind.TYPE_ALIAS


def test_references(extraction: Extraction) -> None:
    symbols = extraction.symbols

    def refs(kind: EdgeKind) -> set[tuple[str, str]]:
        return {(symbols[r.scope].qualname, r.text) for r in extraction.refs if r.kind is kind}

    calls = refs(EdgeKind.CALLS)
    assert {
        ("User.load", "Map.new"), ("User.load", "self.refresh"), ("User.load", "crate.a.helper"),
        ("User.load", "local"), ("User.load", "Self.build"), ("User.load", "println!"),
        ("User.load", "compute"), ("User.load", "cache.get"), ("User.load", "todo!"),
        ("tests.t", "assert!"),
    } <= calls
    implements = refs(EdgeKind.IMPLEMENTS)
    assert implements >= {("User", "Debug"), ("User", "serde.Serialize"), ("Meters", "Area")}
    remote = next(r for r in extraction.refs if r.kind is EdgeKind.IMPLEMENTS and r.text == "std.fmt.Display")
    assert remote.owner == "Remote" and remote.scope == 0  # the type is elsewhere: the resolver finds it
    assert refs(EdgeKind.INHERITS) == {("Area", "Clone"), ("Area", "std.fmt.Debug")}
    assert refs(EdgeKind.DECORATES) == {("main", "tokio.main")}  # #[inline] is the language's own
    references = refs(EdgeKind.REFERENCES)
    assert ("User.load", "Error") in references and ("User.load", "Self") in references
    assert not any(text == "T" for _, text in references)  # a type parameter
    assert ("", "User") not in references and ("", "Area") not in references  # impl headers
    compute = next(r for r in extraction.refs if r.text == "compute")
    line = SOURCE.splitlines()[compute.span[0] - 1].encode()
    assert line[compute.span[1]:compute.span[3]] == b"compute"


def test_imports(extraction: Extraction) -> None:
    imports = [(i.module, i.names, i.alias, i.star) for i in extraction.imports]
    assert imports == [
        ("std", (("collections", "collections"),), None, False),
        ("std.collections", (("HashMap", "Map"),), None, False),
        ("crate.a.b", (("C", "C"),), None, False),
        ("crate.a", (("d", "e"),), None, False),
        ("crate.a.f", (), None, True),
        ("super", (("Parent", "Parent"),), None, False),
        ("self.inner", (), "inner", False),
        ("alloc", (), "al", False),
    ]


def test_locals(extraction: Extraction) -> None:
    load = next(i for i, s in enumerate(extraction.symbols) if s.qualname == "User.load")
    assert {"id", "cache"} <= extraction.locals[load]


# -- resolution ------------------------------------------------------------------------


def write(root: Path, files: dict[str, str]) -> None:
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)


def edges(graph: codeknit.Graph, kind: EdgeKind) -> set[tuple[str, str, Resolution]]:
    return {(r.source, r.target, r.resolution) for r in graph.relations if r.kind is kind}


CRATE = {
    "src/lib.rs": (
        "pub mod model;\npub mod net;\n\nmacro_rules! trace { () => {} }\n\n"
        "pub fn start() { net::tcp::dial(); crate::model::User::new(); }\n"
    ),
    "src/model.rs": (
        "pub trait Named { fn name(&self) -> String; fn make() -> Self; }\n"
        "pub struct User { name: String }\n"
        "impl User { pub fn new() -> Self { User { name: String::new() } } }\n"
    ),
    "src/net/mod.rs": "pub mod tcp;\n",
    "src/net/tcp.rs": (
        "use crate::model::{Named, User};\nuse crate::net;\nuse std::io::Write;\n\n"
        "impl Named for User {\n    fn name(&self) -> String { self.name.clone() }\n"
        "    fn make() -> Self { User::new() }\n}\n\n"
        "impl User {\n    pub fn dial_user(&self) { super::tcp::dial(); self.name(); trace!(); }\n}\n\n"
        "pub fn dial() { let u = User::new(); u.dial_user(); }\n"
    ),
}


def test_resolution_across_a_crate(tmp_path: Path) -> None:
    write(tmp_path, CRATE)
    graph = codeknit.index(tmp_path)
    calls = edges(graph, EdgeKind.CALLS)
    assert ("src/lib.rs::start", "src/net/tcp.rs::dial", Resolution.RESOLVED) in calls
    assert ("src/lib.rs::start", "src/model.rs::User.new", Resolution.RESOLVED) in calls
    # an impl in another module than the type: its items are the type's
    contains = edges(graph, EdgeKind.CONTAINS)
    assert ("src/model.rs::User", "src/net/tcp.rs::User.dial_user", Resolution.RESOLVED) in contains
    assert ("src/net/tcp.rs::User.dial_user", "src/net/tcp.rs::dial", Resolution.RESOLVED) in calls
    # self.name() is the method, not the field of the same name
    assert ("src/net/tcp.rs::User.dial_user", "src/net/tcp.rs::User.name", Resolution.RESOLVED) in calls
    # textually scoped macros are found in the crate
    assert ("src/net/tcp.rs::User.dial_user", "src/lib.rs::trace", Resolution.RESOLVED) in calls
    # impl Trait for Type written away from Type
    assert ("src/model.rs::User", "src/model.rs::Named", Resolution.RESOLVED) in edges(graph, EdgeKind.IMPLEMENTS)
    overrides = edges(graph, EdgeKind.OVERRIDES)
    assert ("src/net/tcp.rs::User.name", "src/model.rs::Named.name", Resolution.RESOLVED) in overrides
    assert ("src/net/tcp.rs::User.make", "src/model.rs::Named.make", Resolution.RESOLVED) in overrides
    imports = edges(graph, EdgeKind.IMPORTS)
    assert ("src/lib.rs", "src/model.rs", Resolution.RESOLVED) in imports
    assert ("src/net/tcp.rs", "src/net/mod.rs", Resolution.RESOLVED) in imports
    # ``use crate::net;`` passes through the crate root: no edge to it
    assert ("src/net/tcp.rs", "src/lib.rs", Resolution.RESOLVED) not in imports
    # other crates stay unresolved, dotted
    assert ("src/net/tcp.rs", "src/net/tcp.rs::std.io", Resolution.UNRESOLVED) in imports


def test_reference_texts_keep_the_path_spelling(tmp_path: Path) -> None:
    write(tmp_path, {
        "src/lib.rs": "pub mod a;\npub fn f(x: a::Thing) -> crate::a::Thing { x }\n",
        "src/a.rs": "pub struct Thing;\n",
    })
    graph = codeknit.index(tmp_path)
    texts = {r.text for r in graph.relations
             if r.kind is EdgeKind.REFERENCES and r.source == "src/lib.rs::f" and r.roles is None}
    assert texts == {"a::Thing"}  # one relation per target: the text of its first use (``a`` alone is a value use)
    assert next(s for s in graph.symbols if s.id == "src/lib.rs::f").signature == "f(x: a::Thing) -> crate::a::Thing"


def test_macro_arguments() -> None:
    extraction = extract(
        "src/lib.rs", "rust",
        b"cfg_net! { #[derive(Debug)] pub struct X; #![allow(x)] fn a() { b(1); c::d(2); x.m(3); e!(4); $y(5) } }",
    )
    assert [r.text for r in extraction.refs if r.kind is EdgeKind.CALLS] == [
        "cfg_net!", "b", "c.d", "x.m", "e!",
    ]


def test_matches_pattern_names_variants() -> None:
    """``matches!``'s second argument is a pattern: ``Foo::Bar(..)`` there names the variant (a reference, as in
    ``if let``), its ``|`` separates alternatives, and a call in the guard or the scrutinee is still a call."""
    extraction = extract(
        "src/lib.rs", "rust",
        b"fn f(x: Foo) -> bool { matches!(make(x), Foo::Bar(n) | Foo::Baz if n > g(2)) }",
    )
    calls = [r.text for r in extraction.refs if r.kind is EdgeKind.CALLS]
    assert calls == ["matches!", "make", "g"]
    named = [(r.text, r.head_known) for r in extraction.refs if r.kind is EdgeKind.REFERENCES]
    assert ("Foo.Bar", True) in named


def test_typed_self_is_a_receiver() -> None:
    extraction = extract("src/lib.rs", "rust", b"struct A; impl A { fn f(self: Box<Self>) {} }")
    method = extraction.symbols[-1]
    assert (method.kind, method.signature, method.receiver) == (SymbolKind.METHOD, "f(self: Box<Self>)", "self")


def test_value_uses_that_are_not_their_text() -> None:
    """Names and plain field chains are read by the engine from their text; the ones whose text says
    something else are read by the adapter (``use`` trees, macro arguments, ``.await``, ``true.x``)."""
    source = b"""use a::b::{c, d as e};
macro_rules! m { ($x:expr) => { zz($x) } }
async fn f(p: P) {
    p.q.r();
    p.get().await.unwrap();
    true.then(g);
    println!("{}", self.count);
    #[cfg(feature = "h")]
    let k = 1;
}
"""
    extraction = extract("src/lib.rs", "rust", source)
    uses = {(text, bool(flags & HEAD_KNOWN)) for text, _scope, _role, flags, _span in extraction.values.entries()}
    assert {("p.q.r", True), ("unwrap", False), ("then", False), ("g", True), ("self.count", True)} <= uses
    written = {text for text, _known in uses}
    assert not written & {"a", "a.b", "c", "d", "e", "zz", "x", "feature", "true.then", "p.get.await.unwrap",
                          "await.unwrap"}


def test_value_uses_in_nested_macro_arguments() -> None:
    """A name in a macro's arguments, at any depth of brackets, reads with the names written before it;
    a named argument, a macro's own name, and a name after an expression's dot are no chain of names."""
    source = b"""fn f() {
    outer!((a::B, self.items), [c.d.e], { f: g });
    inner!(h(), i!(j), k().l);
}
"""
    extraction = extract("src/lib.rs", "rust", source)
    uses = {(text, bool(flags & HEAD_KNOWN)) for text, _scope, _role, flags, _span in extraction.values.entries()}
    assert {("a.B", True), ("self.items", True), ("c.d.e", True), ("g", True), ("j", True), ("l", False)} <= uses
    assert not {text for text, _known in uses} & {"f", "i", "B", "d.e"}


def test_a_paths_first_name_is_written_as_a_qualifier() -> None:
    """``parse`` in ``parse::Parser::run`` and in ``parse::Parse`` is in the type namespace (a module, type, trait
    or enum): its use is written ``parse::`` for the rules, which then never bind it to ``fn parse``. A name
    alone, a ``use`` tree's and a macro argument's are as before."""
    source = b"""use a::b;
fn parse<T: parse::Parse>(input: &str) -> T {
    let x = parse::Parser::run(T::parse, input);
    m!(parse::f(x));
    parse(x)
}
"""
    extraction = extract("src/lib.rs", "rust", source)
    uses = {(text, span[:2]) for text, _scope, _role, _flags, span in extraction.values.entries()}
    assert {("parse::", (2, 12)), ("parse::", (3, 12)), ("parse.Parser", (3, 19)), ("T::", (3, 31)),
            ("parse.f", (4, 14))} <= uses
    assert not {text for text, _at in uses} & {"a::", "a", "parse.Parser::", "Parser::"}


def test_a_module_named_like_a_function_is_what_a_path_starts_with(tmp_path: Path) -> None:
    """``mod parse;`` beside ``fn parse`` (syn): ``parse::Parser::run`` and ``parse::Parse`` inside ``fn parse``
    bound ``parse`` to the function itself (a self-reference) and left the path unresolved."""
    write(tmp_path, {
        "src/lib.rs": "pub mod parse;\npub fn parse<T: parse::Parse>(input: &str) -> T {\n"
                      "    parse::Parser::run(T::parse, input)\n}\n",
        "src/parse.rs": "pub trait Parse: Sized { fn parse(input: &str) -> Self; }\npub struct Parser;\n"
                        "impl Parser { pub fn run<T>(f: fn(&str) -> T, input: &str) -> T { f(input) } }\n",
    })
    graph = codeknit.index(tmp_path)
    assert not [r for r in graph.relations if r.source == r.target and r.kind is not EdgeKind.CALLS]
    assert ("src/lib.rs::parse", "src/parse.rs::Parser.run", Resolution.RESOLVED) in edges(graph, EdgeKind.CALLS)
    assert ("src/lib.rs::parse.T", "src/parse.rs::Parse", Resolution.RESOLVED) in edges(graph, EdgeKind.REFERENCES)
    reads = {(r.target, r.text) for r in graph.relations if r.roles and r.source == "src/lib.rs::parse"}
    assert ("src/parse.rs", "parse") in reads  # (the module, under its own name)


def test_what_a_numbered_definition_holds_carries_its_number(tmp_path: Path) -> None:
    """Two ``fmt`` of one type (``Debug`` and ``Display``): the second is ``Value.fmt#2``, and what is
    declared inside it is ``Value.fmt#2.Writer``, never ``Value.fmt.Writer`` (the first ``fmt``'s, by its id)."""
    import codeknit

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "lib.rs").write_text(
        "use std::fmt;\n"
        "pub struct Value;\n"
        "impl fmt::Debug for Value {\n"
        "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { f.write_str(\"v\") }\n"
        "}\n"
        "impl fmt::Display for Value {\n"
        "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {\n"
        "        struct Writer;\n"
        "        impl Writer { fn flush(&self) {} }\n"
        "        Writer.flush();\n"
        "        f.write_str(\"v\")\n"
        "    }\n"
        "}\n")
    graph = codeknit.index(tmp_path)
    parents = {s.id: s.parent for s in graph.symbols}
    assert parents["src/lib.rs::Value.fmt#2.Writer"] == "src/lib.rs::Value.fmt#2"
    # (an impl item is named by its type: ``Value.fmt#2.Writer.flush``, the impl written in the function)
    assert parents["src/lib.rs::Value.fmt#2.Writer.flush"] == "src/lib.rs::Value.fmt#2.Writer"
    assert not any(i.startswith("src/lib.rs::Value.fmt.") for i in parents)


def test_items_of_impl_dyn_and_of_tuple_array_reference_types_have_an_owner() -> None:
    """``impl dyn Shape`` (``+ 'a``) is the trait's; ``impl Pair for (u8, u8)`` and ``impl P for [T; 0]`` are
    owned by the type as written; ``impl Sink for &mut fmt::Formatter<'a>`` by ``fmt.Formatter``."""
    source = ("pub trait Shape { fn area(&self) -> f64; }\n"
              "impl dyn Shape { pub fn describe(&self) -> f64 { self.area() } }\n"
              "impl<'a> dyn Shape + 'a { pub fn other(&self) {} }\n"
              "trait Pair { fn split(self); }\n"
              "impl Pair for (u8, u8) { fn split(self) {} }\n"
              "impl<T> Pair for [T; 0] { fn split(self) {} }\n"
              "trait Sink { fn put(self); }\n"
              "impl<'a> Sink for &mut fmt::Formatter<'a> { fn put(self) {} }\n")
    found = extract("src/lib.rs", "rust", source.encode()).symbols
    owners = {s.name: s.owner for s in found if s.kind is SymbolKind.METHOD and s.owner}
    assert owners["describe"] == "Shape" and owners["other"] == "Shape"
    assert owners["put"] == "fmt.Formatter"
    splits = {s.owner for s in found if s.name == "split"}
    assert splits == {None, "(u8, u8)", "[T; 0]"}  # (the trait's own item: a child, no owner)


def test_a_prelude_traits_items_override_it_beside_a_glob_import(tmp_path: Path) -> None:
    """itertools' ``either_or_both.rs``: ``use crate::EitherOrBoth::*;`` (its variants) may bring in any name, so
    ``From`` in ``impl From<…> for Option<…>`` is not known, and the impl's ``fn from`` had no ``overrides``:
    ``graph analyze`` took it for an unused function. It overrides ``From.from`` (unresolved), as without the glob;
    a project trait is still found (``Shape.area``)."""
    write(tmp_path, {
        "src/lib.rs": "pub mod kind;\npub trait Shape { fn area(&self) -> u8; }\n",
        "src/kind.rs": (
            "use crate::kind::Kind::*;\nuse crate::Shape;\n"
            "pub enum Kind { Big, Small }\npub struct Cell(u8);\n"
            "impl From<Kind> for Option<Cell> {\n"
            "    fn from(k: Kind) -> Self { match k { Big => None, Small => None } }\n}\n"
            "impl Default for Cell {\n    fn default() -> Self { Cell(0) }\n}\n"
            "impl Shape for Cell {\n    fn area(&self) -> u8 { self.0 }\n}\n"
        ),
    })
    graph = codeknit.index(tmp_path)
    overrides = {(source, target.rsplit("::", 1)[-1], resolution)
                 for source, target, resolution in edges(graph, EdgeKind.OVERRIDES)}
    assert overrides == {
        ("src/kind.rs::Option.from", "From.from", Resolution.UNRESOLVED),
        ("src/kind.rs::Cell.default", "Default.default", Resolution.UNRESOLVED),
        ("src/kind.rs::Cell.area", "Shape.area", Resolution.RESOLVED),
    }
