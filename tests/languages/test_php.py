"""The PHP adapter and rules: symbols, signatures, properties, name resolution, imports, edges."""

from __future__ import annotations

from pathlib import Path

import pytest

from codeknit.graph.model import EdgeKind, Resolution, Role, SymbolKind
from codeknit.languages.adapters import adapter_for, extract
from codeknit.languages.engine import load_query_text
from codeknit.languages.records import Extraction, RawRef, RawSymbol
from codeknit.resolve.resolver import build_graph


def php(source: str, path: str = "src/Mod.php") -> Extraction:
    return extract(path, "php", source.encode())


def symbols(extraction: Extraction) -> dict[str, RawSymbol]:
    out: dict[str, RawSymbol] = {}
    for symbol in extraction.symbols[1:]:
        out.setdefault(symbol.qualname, symbol)
    return out


def parent_of(extraction: Extraction, symbol: RawSymbol) -> str:
    return extraction.symbols[symbol.parent].qualname if symbol.parent > 0 else ""


def refs(extraction: Extraction, kind: EdgeKind) -> list[tuple[str, str, tuple[str, ...]]]:
    """``(scope qualname, text, qualified)`` in source order; the module scope is ``""``."""
    return [
        (extraction.symbols[r.scope].qualname if r.scope else "", r.text, r.qualified)
        for r in extraction.refs
        if r.kind is kind
    ]


def one_ref(extraction: Extraction, kind: EdgeKind, text: str) -> RawRef:
    found = [r for r in extraction.refs if r.kind is kind and r.text == text]
    assert len(found) == 1, (text, found)
    return found[0]


def test_adapter_is_registered_and_query_compiles() -> None:
    from tree_sitter import Query
    from tree_sitter_language_pack import get_language

    adapter = adapter_for("php")
    assert adapter.language == "php"
    assert adapter.grammar_for("views/page.phtml") == "php"
    assert Query(get_language("php"), load_query_text("php/queries.scm")).pattern_count > 30


def test_module_symbol_is_the_path_without_extension() -> None:
    extraction = php("<?php\necho 1;\n", "src/Models/User.php")
    module = extraction.symbols[0]
    assert module.kind is SymbolKind.MODULE
    assert (module.name, module.signature, module.qualname) == ("src/Models/User",) * 3
    assert module.span == (1, 0, 3, 0)
    assert (module.start_byte, module.end_byte) == (0, len(b"<?php\necho 1;\n"))


# -- declarations ---------------------------------------------------------------------------

CLASSES = """\
<?php
namespace App\\Models;

/**
 * A user.
 *   Indented.
 */
#[Entity, ORM\\Table('users')]
abstract class User extends Base implements \\JsonSerializable
{
    use HasName;

    // How many.
    private static ?int $count = 0, $other;
    final public const A = 1;
    const int B = 2;
    var $legacy;

    public function __construct(private readonly Foo $foo, ?int $b = null, string ...$rest)
    {
    }

    final public static function make(): ?static { return new static(); }
    abstract protected function f(int &$x, $y = [], \\App\\Util\\Bag|array $z = []): void;
    function &g() { }
}

interface Shape extends Countable, \\Stringable { public function area(): float; }
trait HasName { protected string $name = ''; }
enum Suit: string implements Shape {
    case Hearts = 'H';
    case Spades = 'S';
    const Wild = self::Spades;
    public function area(): float { return 0.0; }
}
final readonly class Point { public function __construct(public int $x = 0) {} }
function top(int $a = 1, &...$more): int { return $a; }
const K = 2, L = 3;
define('APP_DEBUG', true);
"""


def test_kinds_qualnames_and_parents() -> None:
    extraction = php(CLASSES)
    found = {q: (s.kind, parent_of(extraction, s)) for q, s in symbols(extraction).items()}
    assert found == {
        "App.Models": (SymbolKind.NAMESPACE, ""),
        "App.Models.User": (SymbolKind.CLASS, "App.Models"),
        "App.Models.User.count": (SymbolKind.FIELD, "App.Models.User"),
        "App.Models.User.other": (SymbolKind.FIELD, "App.Models.User"),
        "App.Models.User.A": (SymbolKind.CONSTANT, "App.Models.User"),
        "App.Models.User.B": (SymbolKind.CONSTANT, "App.Models.User"),
        "App.Models.User.legacy": (SymbolKind.FIELD, "App.Models.User"),
        "App.Models.User.__construct": (SymbolKind.CONSTRUCTOR, "App.Models.User"),
        "App.Models.User.foo": (SymbolKind.FIELD, "App.Models.User"),  # promoted
        "App.Models.User.make": (SymbolKind.METHOD, "App.Models.User"),
        "App.Models.User.f": (SymbolKind.METHOD, "App.Models.User"),
        "App.Models.User.g": (SymbolKind.METHOD, "App.Models.User"),
        "App.Models.Shape": (SymbolKind.INTERFACE, "App.Models"),
        "App.Models.Shape.area": (SymbolKind.METHOD, "App.Models.Shape"),
        "App.Models.HasName": (SymbolKind.TRAIT, "App.Models"),
        "App.Models.HasName.name": (SymbolKind.FIELD, "App.Models.HasName"),
        "App.Models.Suit": (SymbolKind.ENUM, "App.Models"),
        "App.Models.Suit.Hearts": (SymbolKind.ENUM_MEMBER, "App.Models.Suit"),
        "App.Models.Suit.Spades": (SymbolKind.ENUM_MEMBER, "App.Models.Suit"),
        "App.Models.Suit.Wild": (SymbolKind.CONSTANT, "App.Models.Suit"),
        "App.Models.Suit.area": (SymbolKind.METHOD, "App.Models.Suit"),
        "App.Models.Point": (SymbolKind.CLASS, "App.Models"),
        "App.Models.Point.__construct": (SymbolKind.CONSTRUCTOR, "App.Models.Point"),
        "App.Models.Point.x": (SymbolKind.FIELD, "App.Models.Point"),
        "App.Models.top": (SymbolKind.FUNCTION, "App.Models"),
        "App.Models.K": (SymbolKind.CONSTANT, "App.Models"),
        "App.Models.L": (SymbolKind.CONSTANT, "App.Models"),
        "APP_DEBUG": (SymbolKind.CONSTANT, ""),  # define() is always global
    }


def test_signatures() -> None:
    found = {q: s.signature for q, s in symbols(php(CLASSES)).items()}
    assert found["App.Models"] == "App.Models"
    assert found["App.Models.User"] == "User"
    assert found["App.Models.User.count"] == "?int $count"
    assert found["App.Models.User.other"] == "?int $other"
    assert found["App.Models.User.legacy"] == "$legacy"
    assert found["App.Models.User.A"] == "A"
    assert found["App.Models.User.B"] == "int B"
    assert found["App.Models.User.__construct"] == "__construct(Foo $foo, ?int $b=…, string ...$rest)"
    assert found["App.Models.User.foo"] == "Foo $foo"
    assert found["App.Models.User.make"] == "make() -> ?static"
    assert found["App.Models.User.f"] == "f(int &$x, $y=…, App.Util.Bag|array $z=…) -> void"
    assert found["App.Models.User.g"] == "&g()"
    assert found["App.Models.Suit"] == "Suit: string"
    assert found["App.Models.Suit.Hearts"] == "Hearts"
    assert found["App.Models.top"] == "top(int $a=…, &...$more) -> int"
    assert found["APP_DEBUG"] == "APP_DEBUG"


def test_properties() -> None:
    found = {q: s.properties for q, s in symbols(php(CLASSES)).items()}
    assert found["App.Models"] == {}
    assert found["App.Models.User"] == {"exported": True, "abstract": True, "attributes": ("Entity", "ORM.Table")}
    assert found["App.Models.User.count"] == {"visibility": "private", "static": True}
    assert found["App.Models.User.A"] == {"visibility": "public", "final": True}
    assert found["App.Models.User.B"] == {"visibility": "public"}
    assert found["App.Models.User.legacy"] == {"visibility": "public"}
    assert found["App.Models.User.__construct"] == {"visibility": "public"}
    assert found["App.Models.User.foo"] == {"visibility": "private", "promoted": True, "readonly": True}
    assert found["App.Models.User.make"] == {"visibility": "public", "final": True, "static": True}
    assert found["App.Models.User.f"] == {"visibility": "protected", "abstract": True}
    assert found["App.Models.User.g"] == {"visibility": "public"}
    assert found["App.Models.Shape.area"] == {"visibility": "public"}
    assert found["App.Models.Suit.Hearts"] == {}
    assert found["App.Models.Point"] == {"exported": True, "final": True, "readonly": True}
    assert found["App.Models.top"] == {"exported": True}
    assert found["App.Models.K"] == {"exported": True}
    assert found["APP_DEBUG"] == {"exported": True}


def test_docs_and_spans() -> None:
    extraction = php(CLASSES)
    found = symbols(extraction)
    user = found["App.Models.User"]
    assert user.doc == "A user.\nIndented."
    assert user.span == (8, 0, 26, 1)  # from the attribute to the closing brace
    assert user.name_span == (9, 15, 9, 19)
    assert found["App.Models.User.count"].doc == "How many."
    assert found["App.Models.User.count"].span == (14, 24, 14, 34)  # two properties: each its element
    assert found["App.Models.User.A"].span == (15, 4, 15, 29)  # one constant: the whole declaration
    assert found["App.Models.User.__construct"].doc is None
    namespace = found["App.Models"]
    assert namespace.span == (2, 0, 39, 26)  # ``namespace A;`` runs to the end of the file
    assert namespace.name_span == (2, 10, 2, 20)


def test_namespace_blocks_and_mixed_html() -> None:
    source = (
        "<html><?php echo 1; ?>\n<?php\n"
        "namespace A { class X {} }\n"
        "namespace B { function f() {} }\n"
        "namespace { class G {} }\n"
    )
    extraction = php(source)
    found = {q: (s.kind, parent_of(extraction, s), s.span[0]) for q, s in symbols(extraction).items()}
    assert found == {
        "A": (SymbolKind.NAMESPACE, "", 3),
        "A.X": (SymbolKind.CLASS, "A", 3),
        "B": (SymbolKind.NAMESPACE, "", 4),
        "B.f": (SymbolKind.FUNCTION, "B", 4),
        "G": (SymbolKind.CLASS, "", 5),
    }
    assert not extraction.errors


def test_anonymous_class_members_are_not_symbols() -> None:
    extraction = php("<?php\nfunction f() { return new class extends B { public function m() {} }; }\n")
    assert [s.qualname for s in extraction.symbols[1:]] == ["f"]
    assert refs(extraction, EdgeKind.INHERITS) == []


# -- names and references -----------------------------------------------------------------

REFS = """\
<?php
namespace App\\Http;

use App\\Models\\{User, Post as Article};
use App\\Support;
use function App\\Util\\helper;
use const App\\Util\\MAX;

#[Route('/x')]
class Controller extends Base implements \\Countable
{
    use Support\\Loggable;

    public function show(User $u, ?Article $a): Support\\View
    {
        helper(MAX, PHP_EOL, \\INNER, true);
        strlen('x');
        \\App\\other();
        namespace\\local();
        $this->render($u);
        $this->view->draw();
        $u?->save();
        self::make();
        static::$cache;
        parent::show($u, $a);
        User::find(1);
        Article::KIND;
        User::class;
        new User();
        new static();
        $x instanceof Support\\Cacheable;
        try {} catch (\\RuntimeException|Problem $e) {}
        return $this->view;
    }
}
"""


def test_call_texts_and_qualified_names() -> None:
    calls = refs(php(REFS), EdgeKind.CALLS)
    scope = "App.Http.Controller.show"
    assert calls == [
        (scope, "helper", ("App.Util.helper",)),
        (scope, "strlen", ("App.Http.strlen", "strlen")),
        (scope, "App.other", ("App.other",)),
        (scope, "namespace.local", ("App.Http.local",)),
        (scope, "$this.render", ()),
        (scope, "$this.view.draw", ()),
        (scope, "$u.save", ()),
        (scope, "self.make", ()),
        (scope, "super.show", ()),
        (scope, "User.find", ("App.Models.User.find",)),
        (scope, "User", ("App.Models.User",)),
        (scope, "static", ()),
    ]
    extraction = php(REFS)
    assert one_ref(extraction, EdgeKind.CALLS, "$this.view.draw").head_known  # receiver chains are typed by the rules
    assert one_ref(extraction, EdgeKind.CALLS, "$this.render").head_known
    assert one_ref(extraction, EdgeKind.CALLS, "User").constructs
    assert one_ref(extraction, EdgeKind.CALLS, "static").constructs
    assert not one_ref(extraction, EdgeKind.CALLS, "User.find").constructs


def test_type_constant_and_hierarchy_references() -> None:
    extraction = php(REFS)
    scope = "App.Http.Controller.show"
    by_role = [(r.role, text) for r, text in zip(
        [r for r in extraction.refs if r.kind is EdgeKind.REFERENCES], refs(extraction, EdgeKind.REFERENCES),
        strict=True)]
    # type uses (no role): hints, ``User::class``, ``instanceof``, ``catch``
    assert [text for role, text in by_role if role is None] == [
        (scope, "User", ("App.Models.User",)),
        (scope, "Article", ("App.Models.Post",)),
        (scope, "Support.View", ("App.Support.View",)),
        (scope, "User", ("App.Models.User",)),
        (scope, "Support.Cacheable", ("App.Support.Cacheable",)),
        (scope, "RuntimeException", ("RuntimeException",)),
        (scope, "Problem", ("App.Http.Problem",)),
    ]
    # value reads: constants, static members, and the class that qualifies a member (``User`` in
    # ``User::find``, ``Article`` in ``Article::KIND``)
    assert [text for role, text in by_role if role is Role.READ] == [
        (scope, "MAX", ("App.Util.MAX",)),
        (scope, "PHP_EOL", ("App.Http.PHP_EOL", "PHP_EOL")),
        (scope, "INNER", ("INNER",)),
        (scope, "static.$cache", ()),
        (scope, "User", ("App.Models.User",)),
        (scope, "Article", ("App.Models.Post",)),
        (scope, "Article.KIND", ("App.Models.Post.KIND",)),
    ]
    # each name of a ``use`` statement, by its fully qualified name
    assert [text for role, text in by_role if role is Role.IMPORT] == [
        ("App.Http", name, (name,))
        for name in ("App.Models.User", "App.Models.Post", "App.Support", "App.Util.helper", "App.Util.MAX")
    ]
    # ``$this->view`` is a value use (the engine's value table), not a reference record
    values = extraction.values
    texts = [values.texts[values.rows[i]] for i in range(0, len(values.rows), 8)]
    assert texts.count("$this.view") == 2
    klass = "App.Http.Controller"
    assert refs(extraction, EdgeKind.INHERITS) == [
        (klass, "Base", ("App.Http.Base",)),
        (klass, "Support.Loggable", ("App.Support.Loggable",)),
    ]
    assert refs(extraction, EdgeKind.IMPLEMENTS) == [(klass, "Countable", ("Countable",))]
    assert refs(extraction, EdgeKind.DECORATES) == [(klass, "Route", ("App.Http.Route",))]


def test_reference_spans_are_the_last_name() -> None:
    extraction = php(REFS)
    assert one_ref(extraction, EdgeKind.CALLS, "User.find").span == (26, 14, 26, 18)
    assert one_ref(extraction, EdgeKind.CALLS, "App.other").span == (18, 13, 18, 18)
    assert one_ref(extraction, EdgeKind.REFERENCES, "Support.Cacheable").span == (31, 30, 31, 39)
    assert one_ref(extraction, EdgeKind.INHERITS, "Base").span == (10, 25, 10, 29)


def test_imports_one_per_name() -> None:
    extraction = php(REFS)
    assert [(i.module, i.names) for i in extraction.imports] == [
        ("App.Models", (("User", "User"),)),
        ("App.Models", (("Post", "Article"),)),
        ("App", (("Support", "Support"),)),
        ("App.Util", (("helper", "helper"),)),
        ("App.Util", (("MAX", "MAX"),)),
    ]


def test_parameters_are_locals() -> None:
    extraction = php("<?php\nfunction f(int $a, ...$rest) { return $a; }\n")
    assert extraction.locals[1] == frozenset({"$a", "$rest"})


# -- resolution across files -----------------------------------------------------------------

PROJECT = {
    "src/Base.php": """<?php
namespace App;
abstract class Base {
    public function __construct(protected int $id) {}
    public function save(): void { $this->validate(); }
    abstract protected function validate(): bool;
    public static function make(): static { return new static(1); }
}
""",
    "src/Util.php": """<?php
namespace App\\Util;
const MAX = 3;
function helper(): int { return MAX; }
function strlen(string $s): int { return 0; }
""",
    "src/User.php": """<?php
namespace App;
use App\\Util;
use function App\\Util\\helper;
final class User extends Base implements \\Countable {
    public function __construct(int $id, private string $name) { parent::__construct($id); }
    protected function validate(): bool { return helper() > Util\\MAX && strlen($this->name) > 0; }
    public function count(): int { return parent::count() + $this->missing(); }
    public function copy(): self { return User::make(); }
}
""",
}


def _graph(files: dict[str, str]):  # type: ignore[no-untyped-def]
    extractions = [extract(path, "php", text.encode()) for path, text in files.items()]
    return build_graph(extractions)


def _edges(graph, kind: EdgeKind) -> set[tuple[str, str, Resolution]]:  # type: ignore[no-untyped-def]
    return {(r.source, r.target, r.resolution) for r in graph.relations if r.kind is kind}


def test_resolution_through_namespaces_imports_and_hierarchy() -> None:
    graph = _graph(PROJECT)
    calls = _edges(graph, EdgeKind.CALLS)
    ok = Resolution.RESOLVED
    assert ("src/User.php::App.User.__construct", "src/Base.php::App.Base.__construct", ok) in calls
    assert ("src/User.php::App.User.validate", "src/Util.php::App.Util.helper", ok) in calls
    # ``strlen`` in namespace App: App\strlen does not exist, the global one is not in the project
    assert ("src/User.php::App.User.validate", "src/User.php::strlen", Resolution.UNRESOLVED) in calls
    assert ("src/User.php::App.User.copy", "src/Base.php::App.Base.make", ok) in calls
    assert ("src/Base.php::App.Base.save", "src/Base.php::App.Base.validate", ok) in calls
    assert ("src/Base.php::App.Base.make", "src/Base.php::App.Base.__construct", ok) in calls
    # ``parent::count()`` comes from outside the project: named through the extends class
    assert ("src/User.php::App.User.count", "src/User.php::App.Base.count", Resolution.UNRESOLVED) not in calls
    assert ("src/User.php::App.User.count", "src/User.php::$this.missing", Resolution.UNRESOLVED) in calls
    references = _edges(graph, EdgeKind.REFERENCES)
    assert ("src/User.php::App.User.validate", "src/Util.php::App.Util.MAX", ok) in references
    assert ("src/User.php::App.User.validate", "src/User.php::App.User.name", ok) in references
    assert ("src/Util.php::App.Util.helper", "src/Util.php::App.Util.MAX", ok) in references
    assert _edges(graph, EdgeKind.INHERITS) == {("src/User.php::App.User", "src/Base.php::App.Base", ok)}
    assert _edges(graph, EdgeKind.IMPLEMENTS) == {
        ("src/User.php::App.User", "src/User.php::Countable", Resolution.UNRESOLVED)
    }
    assert ("src/User.php::App.User.validate", "src/Base.php::App.Base.validate", ok) in _edges(
        graph, EdgeKind.OVERRIDES
    )
    imports = _edges(graph, EdgeKind.IMPORTS)
    assert ("src/User.php", "src/Util.php", ok) in imports


def test_parent_call_with_external_parent_names_the_parent() -> None:
    graph = _graph({"a.php": "<?php\nnamespace T;\nuse PHPUnit\\Framework\\TestCase;\n"
                             "class ATest extends TestCase { protected function setUp(): void { parent::setUp(); "
                             "$this->assertTrue(true); } }\n"})
    calls = {(r.target, r.resolution) for r in graph.relations if r.kind is EdgeKind.CALLS}
    assert calls == {
        ("a.php::PHPUnit.Framework.TestCase.setUp", Resolution.UNRESOLVED),
        ("a.php::PHPUnit.Framework.TestCase.assertTrue", Resolution.UNRESOLVED),
    }


def test_fully_qualified_global_name_is_not_the_namespace_one() -> None:
    graph = _graph({
        "e.php": "<?php\nnamespace Lib;\nclass Exception {}\nfunction f() { throw new \\Exception(); }\n"
                 "function g() { throw new Exception(); }\n",
    })
    calls = {(r.source, r.target, r.resolution) for r in graph.relations if r.kind is EdgeKind.CALLS}
    assert calls == {
        ("e.php::Lib.f", "e.php::Exception", Resolution.UNRESOLVED),
        ("e.php::Lib.g", "e.php::Lib.Exception", Resolution.RESOLVED),
    }


def test_duplicate_declarations_are_ambiguous() -> None:
    graph = _graph({
        "a.php": "<?php\nnamespace P;\nclass Dup {}\n",
        "b.php": "<?php\nnamespace P;\nclass Dup {}\n",
        "c.php": "<?php\nnamespace Q;\nuse P\\Dup;\nfunction f(Dup $d) {}\n",
    })
    uses = [r for r in graph.relations if r.kind is EdgeKind.REFERENCES]
    assert [r.roles for r in uses] == [[Role.IMPORT], None]  # ``use P\\Dup;`` and the type hint
    for edge in uses:
        assert edge.resolution is Resolution.AMBIGUOUS
        assert edge.candidates == ("a.php::P.Dup", "b.php::P.Dup")


def test_golden_fixture_exists() -> None:
    root = Path(__file__).parents[1] / "golden" / "php" / "input"
    assert len(list(root.rglob("*.php"))) >= 3


@pytest.mark.parametrize(
    ("written", "expected"),
    [("\\A\\B", "A.B"), ("A\\B", "A.B"), ("Foo", "Foo")],
)
def test_dotted(written: str, expected: str) -> None:
    from codeknit.languages.php.adapter import dotted

    assert dotted(written) == expected


def test_properties_methods_and_constants_are_separate_tables() -> None:
    graph = _graph({
        "c.php": "<?php\nclass P { const X = 1; public static $x = 2; public function x() {} }\n"
                 "class C extends P {\n  private $exporter;\n"
                 "  protected function exporter() { return $this->exporter; }\n"
                 "  public function run() { $this->EXPORTER(); self::X; static::$x; parent::x(); }\n}\n",
    })
    edges = {(r.source, r.kind, r.target) for r in graph.relations
             if r.kind in (EdgeKind.CALLS, EdgeKind.REFERENCES) and r.resolution is Resolution.RESOLVED}
    assert edges == {
        ("c.php::C.exporter#2", EdgeKind.REFERENCES, "c.php::C.exporter"),  # the method reads the field
        ("c.php::C.run", EdgeKind.CALLS, "c.php::C.exporter#2"),  # methods are case-insensitive
        ("c.php::C.run", EdgeKind.REFERENCES, "c.php::P.X"),
        ("c.php::C.run", EdgeKind.REFERENCES, "c.php::P.x"),
        ("c.php::C.run", EdgeKind.CALLS, "c.php::P.x#2"),
    }


def test_composer_psr4_picks_the_autoloaded_duplicate(tmp_path: Path) -> None:
    files = {
        "src/Money.php": "<?php\nnamespace Shop;\nclass Money {}\n",
        "polyfill/Money.php": "<?php\nnamespace Shop;\nclass Money {}\n",
        "src/Cart.php": "<?php\nnamespace Shop;\n"
                        "class Cart { public function total(): Money { return new Money(); } }\n",
    }
    for path, text in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    (tmp_path / "composer.json").write_text('{"autoload": {"psr-4": {"Shop\\\\": "src/"}}}')
    extractions = [extract(path, "php", text.encode()) for path, text in files.items()]
    graph = build_graph(extractions, source_root=tmp_path)
    edges = {(r.kind, r.target, r.resolution) for r in graph.relations if r.source == "src/Cart.php::Shop.Cart.total"}
    assert edges == {
        (EdgeKind.REFERENCES, "src/Money.php::Shop.Money", Resolution.RESOLVED),
        (EdgeKind.CALLS, "src/Money.php::Shop.Money", Resolution.RESOLVED),
    }
    without = build_graph(extractions)  # no composer.json known: both declarations remain
    (edge,) = [r for r in without.relations if r.kind is EdgeKind.REFERENCES]
    assert edge.resolution is Resolution.AMBIGUOUS


def test_static_property_writes() -> None:
    """An assignment's, an update's or a list's target is a write of the static property; any other use a read."""
    source = (
        "<?php\nclass A { static $x; function f() {\n"
        "A::$x = 1; self::$x++; [A::$x, $b] = g(); A::$x .= 'a'; $r = &A::$x; echo A::$x; } }\n"
    )
    refs = [(ref.text, ref.role) for ref in php(source).refs if ref.text.endswith("$x")]
    assert refs == [("A.$x", Role.WRITE), ("self.$x", Role.WRITE), ("A.$x", Role.WRITE), ("A.$x", Role.WRITE),
                    ("A.$x", Role.READ), ("A.$x", Role.READ)]
