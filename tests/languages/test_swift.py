"""Swift: what the goldens and the resolution fixtures do not show."""

from __future__ import annotations

from pathlib import Path

import codeknit
from codeknit.graph import EdgeKind, Resolution
from codeknit.languages import registry
from codeknit.languages.adapters import extract
from codeknit.languages.records import Extraction
from codeknit.workspace import detect_language, is_test_file
from codeknit.workspace.manifests import parse_manifest


def swift(source: str, path: str = "Sources/A/B.swift") -> Extraction:
    return extract(path, "swift", source.encode())


def symbols(extraction: Extraction) -> dict[str, tuple[str, dict[str, object], str | None]]:
    return {s.qualname: (s.kind.value, dict(s.properties), s.owner) for s in extraction.symbols[1:]}


def test_the_language_is_one_folder_the_registry_finds() -> None:
    spec = registry.spec_for("swift")
    assert detect_language("Sources/App/main.swift") == "swift"
    assert spec.scip_name == "Swift" and spec.purl_type == "swift"
    assert is_test_file("Sources/App/OrderTests.swift", "swift")
    assert is_test_file("Tests/AppTests/Helper.swift", "swift")
    assert not is_test_file("Sources/App/Order.swift", "swift")


def test_kinds_properties_and_extensions() -> None:
    found = symbols(swift("""
public protocol Named {
    var name: String { get }
    func greet() -> String
}
actor Counter {
    private(set) var value = 0
    subscript(index: Int) -> Int { value }
    deinit {}
}
struct Point: Equatable {
    static let zero = Point(x: 0)
    let x: Int
    init(x: Int) { self.x = x }
    static func + (a: Point, b: Point) -> Point { a }
}
enum Color { case red, green }
extension Point: Named {
    var name: String { "p" }
    func greet() -> String { name }
    struct Nested {}
}
let origin = Point.zero
"""))
    assert found["Named"] == ("interface", {"exported": True, "visibility": "public"}, None)
    assert found["Named.greet"] == ("method", {"abstract": True}, None)
    assert found["Named.name"] == ("property", {"var": True, "abstract": True}, None)
    assert found["Counter"] == ("class", {"exported": True, "actor": True}, None)
    assert found["Counter.value"] == ("property", {"visibility": "private", "var": True}, None)
    assert found["Counter.subscript"][0] == "method" and found["Counter.deinit"][0] == "method"
    assert found["Point"][0] == "struct" and found["Point.zero"] == ("property", {"static": True, "let": True}, None)
    assert found["Point.init"][0] == "constructor"
    assert found["Point.+"] == ("method", {"static": True}, None)
    assert found["Color.red"][0] == "enum_member" and found["Color.green"][0] == "enum_member"
    # an extension is no symbol: its members are written for the type it extends
    assert found["Point.name"] == ("property", {"var": True}, "Point")
    assert found["Point.greet"] == ("method", {}, "Point")
    assert found["Point.Nested"] == ("struct", {}, "Point")
    assert found["origin"] == ("variable", {"exported": True, "let": True}, None)


def test_imports_of_every_form() -> None:
    extraction = swift("import Foundation\n@testable import App\nimport struct Shop.Order\n")
    assert [(i.module, i.names, i.star) for i in extraction.imports] == [
        ("Foundation", (), True),
        ("App", (), True),
        ("Shop.Order", (("Order", "Order"),), False),
    ]


def test_a_broken_file_still_gives_its_symbols() -> None:
    extraction = swift("struct A {\n    func ok() -> Int { 1 }\n    func broken( -> Int { 2 }\n}\n")
    assert extraction.errors and extraction.errors[0].startswith("syntax error at line 3")
    assert "A.ok" in symbols(extraction)


def test_locals_are_typed_by_declaration_and_initialiser() -> None:
    extraction = swift("""
func run(user: User, count: Int) {
    let a = make()
    var b: Repo? = nil
    let c = try Thing(id: 1)
    let d = [1, 2]
    for e in d {}
}
""")
    run = next(i for i, s in enumerate(extraction.symbols) if s.name == "run")
    assert extraction.var_types[run] == {"user": "User", "count": "Int", "a": "make()", "b": "Repo", "c": "Thing()"}
    assert extraction.locals[run] == frozenset({"user", "count", "a", "b", "c", "d", "e"})


def test_a_loop_over_a_local_written_as_an_array_types_its_variable() -> None:
    """``let items: [A] = []; for it in items``: ``it`` is an ``A`` in the loop's body, as over a parameter
    ``items: [A]`` (the local's name, captured twice by the query, was taken for two declarations of ``items``,
    and its type forgotten)."""
    extraction = swift("""
func g() {
    let items: [A] = []
    for it in items { it.go() }
}
""")
    g = next(i for i, s in enumerate(extraction.symbols) if s.name == "g")
    assert extraction.narrowed[extraction.symbols[g].span[:2]] == [("it", (4, 22, 4, 29), "A")]


def test_swift_package_and_podspec_manifests() -> None:
    name, deps = parse_manifest("Package.swift", b"""
let package = Package(
    name: "Shop",
    dependencies: [
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
        .package(url: "https://github.com/x/Exact.git", exact: "2.0.1"),
        .package(url: "https://github.com/x/Range", "1.0.0"..<"2.0.0"),
        .package(path: "../Local"),
    ]
)
""")
    assert name == "Shop"
    assert [(d.name, d.version, d.constraint) for d in deps] == [
        ("swift-log", None, "from 1.5.0"), ("Exact", "2.0.1", "exact 2.0.1"), ("Range", None, "1.0.0..<2.0.0"),
        ("Local", None, ""),
    ]
    name, deps = parse_manifest("ExpoModulesCore.podspec", b"""Pod::Spec.new do |s|
  s.name           = 'ExpoModulesCore'
  s.dependency 'React-Core'
  s.dependency "ReactCommon/turbomodule/core", '~> 0.72'
  s.dependency 'Exact', '1.2.3'
end
""")
    assert name == "ExpoModulesCore"
    assert [(d.name, d.version, d.constraint) for d in deps] == [
        ("React-Core", None, ""), ("ReactCommon/turbomodule/core", None, "~> 0.72"), ("Exact", "1.2.3", "1.2.3"),
    ]


def test_extension_members_belong_to_the_extended_type(tmp_path: Path) -> None:
    (tmp_path / "Order.swift").write_text("""class Order {
    var status = 0
    func pay() {}
}
""")
    (tmp_path / "Order+Paid.swift").write_text("""extension Order: CustomStringConvertible {
    var description: String { "order" }

    func isPaid() -> Bool {
        return status == 1
    }

    func settle() {
        pay()
        self.pay()
    }
}

func check(order: Order) {
    _ = order.isPaid()
}
""")
    graph = codeknit.index(tmp_path)
    assert graph.get("Order+Paid.swift::Order.isPaid").parent == "Order.swift::Order"  # type: ignore[union-attr]
    edges = {(r.source.split("::")[-1], r.kind, r.text): (r.resolution, r.target.split("::")[-1])
             for r in graph.relations}
    assert edges[("Order", EdgeKind.IMPLEMENTS, "CustomStringConvertible")] == (
        Resolution.UNRESOLVED, "Swift.CustomStringConvertible")
    assert edges[("Order.isPaid", EdgeKind.REFERENCES, "status")] == (Resolution.RESOLVED, "Order.status")
    # ``pay()`` and ``self.pay()``: one relation, both use sites
    settle = [r for r in graph.relations if r.source.endswith("::Order.settle") and r.kind is EdgeKind.CALLS]
    assert [(r.resolution, r.target.split("::")[-1], len(r.spans)) for r in settle] == [
        (Resolution.RESOLVED, "Order.pay", 2)]
    assert edges[("check", EdgeKind.CALLS, "order.isPaid")] == (Resolution.RESOLVED, "Order.isPaid")


def test_nonisolated_unsafe_is_no_syntax_error() -> None:
    """Swift 5.10's ``nonisolated(unsafe)`` on a static member (expo-image's ``nonisolated(unsafe) static let shared =
    PSDCoder()``) and on a local ``let``, which the grammar does not know: masked, the file has no error, the
    members after it keep their kinds, and the local is still a local (the text in a string is left alone)."""
    extraction = swift("final class Coder {\n"
                       "  nonisolated(unsafe) static let shared = Coder()\n"
                       "  func decode() -> String {\n"
                       "    nonisolated(unsafe) let image: Int? = nil\n"
                       "    return \"nonisolated(unsafe)\" + String(describing: image)\n"
                       "  }\n"
                       "}\n")
    assert not extraction.errors
    found = symbols(extraction)
    assert found["Coder.shared"][0] == "property" and found["Coder.shared"][1].get("static") is True
    assert found["Coder.decode"][0] == "method"
    decode = next(i for i, s in enumerate(extraction.symbols) if s.name == "decode")
    assert "image" in extraction.locals[decode]


def test_a_negated_call_points_at_the_callee_and_reads_no_value(tmp_path: Path) -> None:
    """``!isSelfClosing(chars, tag: index)`` (expo-image): the grammar applies ``!`` to the callee, and the call's
    site started on the ``!``, so the callee's token was also taken for a value read of the method. The call now
    sits at the name, and the name is no value read."""
    (tmp_path / "a.swift").write_text(
        "struct Parser {\n"
        "    func isSelfClosing(_ chars: [Character], tag: Int) -> Bool { return false }\n"
        "    func run(_ chars: [Character], index: Int) -> Bool {\n"
        "        if !isSelfClosing(chars, tag: index) { return true }\n"
        "        return !self.isSelfClosing(chars, tag: 0)\n"
        "    }\n"
        "}\n")
    graph = codeknit.index(tmp_path)
    to_method = [r for r in graph.relations
                 if r.target == "a.swift::Parser.isSelfClosing" and r.kind is not EdgeKind.CONTAINS]
    assert [(r.kind, r.resolution, list(r.spans)) for r in to_method] == [
        (EdgeKind.CALLS, Resolution.RESOLVED, [(4, 12, 4, 25), (5, 21, 5, 34)])]
