"""The C# adapter and rules: symbols, signatures, properties, references, imports and resolution."""

from __future__ import annotations

from pathlib import Path

import codeknit
from codeknit.graph.model import EdgeKind, Resolution, SymbolKind
from codeknit.languages.adapters import adapter_for, extract
from codeknit.languages.engine import load_query_text
from codeknit.languages.records import WRITE, Extraction, RawSymbol

# -- helpers --------------------------------------------------------------------------


def cs(source: str, path: str = "src/App.cs") -> Extraction:
    return extract(path, "csharp", source.encode())


def symbols(extraction: Extraction) -> dict[str, RawSymbol]:
    out: dict[str, RawSymbol] = {}
    for symbol in extraction.symbols[1:]:
        out.setdefault(symbol.qualname, symbol)
    return out


def parent_of(extraction: Extraction, symbol: RawSymbol) -> str:
    return extraction.symbols[symbol.parent].qualname if symbol.parent > 0 else ""


def value_uses(extraction: Extraction) -> set[tuple[str, str, str]]:
    """(scope, text, role) of every value use (``Extraction.values``)."""
    return {(extraction.symbols[scope].qualname if scope else "", text, "write" if role == WRITE else "read")
            for text, scope, role, _flags, _span in extraction.values.entries()}


def refs(extraction: Extraction, kind: EdgeKind) -> set[tuple[str, str]]:
    return {
        (extraction.symbols[r.scope].qualname if r.scope else "", r.text)
        for r in extraction.refs
        if r.kind is kind
    }


def locals_of(extraction: Extraction, qualname: str) -> frozenset[str]:
    index = next(i for i, s in enumerate(extraction.symbols) if s.qualname == qualname)
    return extraction.locals.get(index, frozenset())


def project(tmp_path: Path, files: dict[str, str]) -> codeknit.Graph:
    for name, text in files.items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    return codeknit.index(tmp_path)


def edges(graph: codeknit.Graph, source: str, kind: EdgeKind) -> set[tuple[str, Resolution]]:
    return {(r.target, r.resolution) for r in graph.relations if r.source == source and r.kind is kind}


# -- registration and modules ---------------------------------------------------------------


def test_adapter_and_query() -> None:
    from tree_sitter import Query
    from tree_sitter_language_pack import get_language

    assert adapter_for("csharp").language == "csharp"
    assert Query(get_language("csharp"), load_query_text("csharp/queries.scm")).pattern_count > 60


def test_module_and_namespaces() -> None:
    source = """\
namespace Acme.Core
{
    namespace Inner { class C { } }
    class D { }
}
"""
    extraction = cs(source, "src/Core/Widget.cs")
    module = extraction.symbols[0]
    assert (module.kind, module.name) == (SymbolKind.MODULE, "src/Core/Widget")
    found = symbols(extraction)
    assert found["Acme.Core"].kind is SymbolKind.NAMESPACE
    assert found["Acme.Core.Inner"].kind is SymbolKind.NAMESPACE
    assert parent_of(extraction, found["Acme.Core.Inner.C"]) == "Acme.Core.Inner"
    assert found["Acme.Core.D"].properties == {"exported": False, "visibility": "internal"}


def test_file_scoped_namespace_covers_the_rest_of_the_file() -> None:
    source = "using System;\n\nnamespace Acme.Scoped;\n\npublic class S { }\n"
    extraction = cs(source)
    found = symbols(extraction)
    namespace = found["Acme.Scoped"]
    assert namespace.span == (3, 0, 6, 0)
    assert namespace.end_byte == len(source)
    assert parent_of(extraction, found["Acme.Scoped.S"]) == "Acme.Scoped"


# -- types and members -------------------------------------------------------------------------

TYPES = """\
namespace N
{
    /// <summary>A widget.</summary>
    /// <typeparam name="T">The payload.</typeparam>
    [Serializable, Obsolete("old")]
    public partial class Widget<T> : Base, IDisposable where T : class, new()
    {
        private readonly int _count = 0, _max;
        public const string Name = "w";
        public event EventHandler Changed;
        public event EventHandler Custom { add { } remove { } }
        public int Count { get => _count; private set { } }
        public string Title { get; init; } = "";
        public int this[int i] => i;
        public Widget(int x) : base(x) { }
        ~Widget() { }
        public override async Task<int> RunAsync<U>(U u, ref int r, params string[] rest) { return 0; }
        public static Widget<T> operator +(Widget<T> a, Widget<T> b) => a;
        public static implicit operator int(Widget<T> w) => 0;
        protected internal virtual void Go() { }
        private protected abstract void Abs();
        void IDisposable.Dispose() { }
        public delegate void Handler(object sender, int count = 0);
        struct Inner : IComparable { }
        enum Color { Red = 1, Green }
        interface IThing { void Do(); int P { get; } }
        record Point(int X, int Y) : Shape(X);
        record struct Pair(int A);
    }
}
"""


def test_type_kinds_and_signatures() -> None:
    found = symbols(cs(TYPES))
    expected = {
        "N.Widget": (SymbolKind.CLASS, "Widget<T>"),
        "N.Widget.T": (SymbolKind.TYPE_PARAMETER, "T : class, new()"),
        "N.Widget.Inner": (SymbolKind.STRUCT, "Inner"),
        "N.Widget.Color": (SymbolKind.ENUM, "Color"),
        "N.Widget.Color.Red": (SymbolKind.ENUM_MEMBER, "Red"),
        "N.Widget.IThing": (SymbolKind.INTERFACE, "IThing"),
        "N.Widget.Point": (SymbolKind.RECORD, "Point"),
        "N.Widget.Point.X": (SymbolKind.PROPERTY, "X: int"),
        "N.Widget.Pair": (SymbolKind.RECORD, "Pair"),
        "N.Widget.Handler": (SymbolKind.TYPE_ALIAS, "Handler(sender: object, count: int=…)"),
    }
    for qualname, (kind, signature) in expected.items():
        assert (found[qualname].kind, found[qualname].signature) == (kind, signature), qualname


def test_member_kinds_and_signatures() -> None:
    found = symbols(cs(TYPES))
    expected = {
        "N.Widget._count": (SymbolKind.FIELD, "_count: int"),
        "N.Widget._max": (SymbolKind.FIELD, "_max: int"),
        "N.Widget.Name": (SymbolKind.CONSTANT, "Name: string"),
        "N.Widget.Changed": (SymbolKind.FIELD, "Changed: EventHandler"),
        "N.Widget.Custom": (SymbolKind.FIELD, "Custom: EventHandler"),
        "N.Widget.Count": (SymbolKind.PROPERTY, "Count: int"),
        "N.Widget.this[]": (SymbolKind.PROPERTY, "this[i: int]: int"),
        "N.Widget.Widget": (SymbolKind.CONSTRUCTOR, "Widget(x: int)"),
        "N.Widget.~Widget": (SymbolKind.METHOD, "~Widget()"),
        "N.Widget.RunAsync": (SymbolKind.METHOD,
                              "RunAsync<U>(u: U, ref r: int, params rest: string[]) -> Task<int>"),
        "N.Widget.operator +": (SymbolKind.METHOD, "operator +(a: Widget<T>, b: Widget<T>) -> Widget<T>"),
        "N.Widget.operator int": (SymbolKind.METHOD, "operator int(w: Widget<T>)"),
        "N.Widget.Dispose": (SymbolKind.METHOD, "Dispose()"),
        "N.Widget.IThing.P": (SymbolKind.PROPERTY, "P: int"),
    }
    for qualname, (kind, signature) in expected.items():
        assert (found[qualname].kind, found[qualname].signature) == (kind, signature), qualname


def test_properties() -> None:
    found = symbols(cs(TYPES))
    assert found["N.Widget"].properties == {
        "exported": True, "visibility": "public", "partial": True, "decorators": ("Serializable", "Obsolete"),
    }
    assert found["N.Widget._count"].properties == {"visibility": "private", "readonly": True}
    assert found["N.Widget.Name"].properties == {"visibility": "public", "const": True}
    assert found["N.Widget.Changed"].properties == {"visibility": "public", "event": True}
    assert found["N.Widget.Count"].properties == {"visibility": "public", "accessors": ("get", "private set")}
    assert found["N.Widget.Title"].properties == {"visibility": "public", "accessors": ("get", "init")}
    assert found["N.Widget.RunAsync"].properties == {"visibility": "public", "override": True, "async": True}
    assert found["N.Widget.operator int"].properties == {"visibility": "public", "static": True, "implicit": True}
    assert found["N.Widget.Go"].properties == {"visibility": "protected-internal", "virtual": True}
    assert found["N.Widget.Abs"].properties == {"visibility": "private-protected", "abstract": True}
    assert found["N.Widget.Dispose"].properties == {"visibility": "public", "interface": "IDisposable"}
    assert found["N.Widget.~Widget"].properties == {"destructor": True}
    assert found["N.Widget.Handler"].properties == {"visibility": "public", "delegate": True}
    assert found["N.Widget.Inner"].properties == {"visibility": "private"}
    assert found["N.Widget.Pair"].properties == {"visibility": "private", "struct": True}
    assert found["N.Widget.IThing.Do"].properties == {"visibility": "public", "abstract": True}
    assert found["N.Widget.Point.X"].properties == {"visibility": "public", "accessors": ("get", "init")}


def test_xml_doc_comment() -> None:
    found = symbols(cs(TYPES))
    assert found["N.Widget"].doc == "A widget.\nT: The payload."


def test_bases_decorators_and_type_references() -> None:
    extraction = cs(TYPES)
    assert refs(extraction, EdgeKind.INHERITS) == {("N.Widget", "Base"), ("N.Widget.Point", "Shape")}
    assert refs(extraction, EdgeKind.IMPLEMENTS) == {
        ("N.Widget", "IDisposable"), ("N.Widget.Inner", "IComparable"),
    }
    assert refs(extraction, EdgeKind.DECORATES) == {("N.Widget", "Serializable"), ("N.Widget", "Obsolete")}
    types = refs(extraction, EdgeKind.REFERENCES)
    assert {("N.Widget.Changed", "EventHandler"), ("N.Widget.RunAsync", "Task"),
            ("N.Widget.operator +", "Widget"), ("N.Widget.RunAsync", "U")} <= types
    assert ("N.Widget.Count", "int") not in types  # predefined types name nothing


def test_calls_values_and_locals() -> None:
    source = """\
class C : B
{
    int _n;
    int Total { get; set; }
    C() : base(1) { }
    C(int x) : this() { _n = x; }
    void M(int p)
    {
        Helper();
        this.Go();
        base.Run();
        var w = new C(1);
        Total = p + _n;
        items.Add(p);
        this.list.Add(1);
        Console.WriteLine(nameof(Total));
        Func<int, int> f = y => y + _n;
        foreach (var (a, b) in pairs) { }
        if (o is string s) { }
        M2(out var q);
        int Local(int z) => z;
        var r = from x in xs select x;
        w?.Go();
    }
}
"""
    extraction = cs(source)
    calls = refs(extraction, EdgeKind.CALLS)
    assert {("C.C", "base"), ("C.C", "this"), ("C.M", "Helper"), ("C.M", "this.Go"), ("C.M", "base.Run"),
            ("C.M", "C"), ("C.M", "items.Add"), ("C.M", "this.list.Add"), ("C.M", "Console.WriteLine"),
            ("C.M", "M2"), ("C.M", "Go")} <= calls
    assert ("C.M", "nameof") not in calls
    values = value_uses(extraction)
    assert {("C.C", "_n", "write"), ("C.C", "x", "read"), ("C.M", "Total", "write"), ("C.M", "_n", "read"),
            ("C.M", "items", "read"), ("C.M", "this.list", "read"), ("C.M", "Console", "read"),
            ("C.M", "Total", "read"),  # (in ``nameof``)
            ("C.M", "p", "read"), ("C.M", "y", "read"), ("C.M", "x", "read"), ("C.M", "w", "read")} <= values
    # a called member's name is the call's; a local's own token is its declaration
    assert not {text for _, text, _ in values} & {"Go", "Add", "WriteLine", "this.Go", "items.Add", "q", "f", "r"}
    declared = {local.name for local in extraction.declarations}
    assert declared >= {"p", "w", "f", "y", "a", "b", "s", "q", "x", "r"}
    assert locals_of(extraction, "C.M") >= {"p", "w", "f", "y", "a", "b", "s", "q", "x", "r"}
    assert "Local" in symbols(extraction)["C.M"].qualname or symbols(extraction)["C.M.Local"].kind is (
        SymbolKind.FUNCTION)
    assert locals_of(extraction, "C.Total") == {"value"}  # a setter's implicit parameter


def test_usings() -> None:
    source = """\
using System;
using X = A.B.C;
using static System.Math;
global using G.H;
namespace N { using Inner.Stuff; class K { } }
"""
    imports = [(i.scope, i.module, i.names, i.star) for i in cs(source).imports]
    assert imports == [
        (0, "System", (), True),
        (0, "A.B.C", (("C", "X"),), False),
        (0, "System.Math", (), True),
        (0, "G.H", (), True),
        (1, "Inner.Stuff", (), True),
    ]


def test_syntax_error_is_recorded() -> None:
    extraction = cs("class A { void F( { } void G() { } }\n")
    assert extraction.errors and extraction.errors[0].startswith("syntax error at line 1")


# -- resolution ---------------------------------------------------------------------------------------

PROJECT = {
    "Models/Base.cs": """\
namespace Acme.Models
{
    public interface INamed { string Name { get; } }

    public abstract class Base : INamed
    {
        protected int size;
        protected Base(int size) { this.size = size; }
        public abstract string Name { get; }
        public virtual void Save() { }
        public void Hidden() { }
    }
}
""",
    "Models/Item.A.cs": """\
namespace Acme.Models;

public partial class Item : Base
{
    public Item() : base(1) { }
    public override string Name => Describe();
    public override void Save() { base.Save(); Tick(); }
    public new void Hidden() { }
}
""",
    "Models/Item.B.cs": """\
namespace Acme.Models;

public partial class Item : IComparable<Item>
{
    private string Describe() => "item" + size;
    private void Tick() { }
    public int CompareTo(Item other) => 0;
    public override string ToString() => Name;
}
""",
    "App/Service.cs": """\
using Acme.Models;
using Alias = Acme.Models.Item;

namespace Acme.App
{
    [Audited]
    public class Service
    {
        public Item Make() { var item = new Alias(); item.Save(); return item; }
        public Acme.Models.Base Qualified;
    }

    public class AuditedAttribute : System.Attribute { }
}
""",
}


def test_resolution_with_namespaces_and_partials(tmp_path: Path) -> None:
    graph = project(tmp_path, PROJECT)
    base = "Models/Base.cs::Acme.Models.Base"
    item_a = "Models/Item.A.cs::Acme.Models.Item"
    item_b = "Models/Item.B.cs::Acme.Models.Item"
    assert edges(graph, base, EdgeKind.IMPLEMENTS) == {("Models/Base.cs::Acme.Models.INamed", Resolution.RESOLVED)}
    assert edges(graph, item_a, EdgeKind.INHERITS) == {(base, Resolution.RESOLVED)}
    # the other part's first base is an interface, since the class's superclass is named elsewhere
    assert edges(graph, item_b, EdgeKind.IMPLEMENTS) == {
        ("Models/Item.B.cs::IComparable", Resolution.UNRESOLVED)
    }
    # members of the other part, and inherited ones, are in scope
    assert edges(graph, f"{item_a}.Name", EdgeKind.CALLS) == {(f"{item_b}.Describe", Resolution.RESOLVED)}
    assert edges(graph, f"{item_a}.Save", EdgeKind.CALLS) == {
        (f"{base}.Save", Resolution.RESOLVED), (f"{item_b}.Tick", Resolution.RESOLVED),
    }
    assert edges(graph, f"{item_b}.Describe", EdgeKind.REFERENCES) == {(f"{base}.size", Resolution.RESOLVED)}
    assert edges(graph, f"{item_a}.Item", EdgeKind.CALLS) == {(f"{base}.Base", Resolution.RESOLVED)}
    # override overrides; `new` hides
    assert edges(graph, f"{item_a}.Save", EdgeKind.OVERRIDES) == {(f"{base}.Save", Resolution.RESOLVED)}
    assert edges(graph, f"{item_a}.Name", EdgeKind.OVERRIDES) == {(f"{base}.Name", Resolution.RESOLVED)}
    assert edges(graph, f"{item_a}.Hidden", EdgeKind.OVERRIDES) == set()
    assert edges(graph, f"{item_b}.ToString", EdgeKind.OVERRIDES) == {
        ("Models/Item.B.cs::System.Object.ToString", Resolution.UNRESOLVED)
    }
    # a partial type is named by its first part, from outside
    make = "App/Service.cs::Acme.App.Service.Make"
    assert (item_a, Resolution.RESOLVED) in edges(graph, make, EdgeKind.CALLS)  # new Alias()
    assert edges(graph, make, EdgeKind.REFERENCES) == {(item_a, Resolution.RESOLVED)}
    assert edges(graph, "App/Service.cs::Acme.App.Service.Qualified", EdgeKind.REFERENCES) == {
        (base, Resolution.RESOLVED)
    }
    # [Audited] is AuditedAttribute
    assert edges(graph, "App/Service.cs::Acme.App.Service", EdgeKind.DECORATES) == {
        ("App/Service.cs::Acme.App.AuditedAttribute", Resolution.RESOLVED)
    }


def test_using_a_namespace_imports_the_files_used(tmp_path: Path) -> None:
    graph = project(tmp_path, PROJECT)
    imports = edges(graph, "App/Service.cs", EdgeKind.IMPORTS)
    assert imports == {("Models/Item.A.cs", Resolution.RESOLVED), ("Models/Base.cs", Resolution.RESOLVED)}


def test_delegate_fields_are_called(tmp_path: Path) -> None:
    graph = project(tmp_path, {"D.cs": "class D { System.Action _run; void F() { _run(); } }\n"})
    assert edges(graph, "D.cs::D.F", EdgeKind.CALLS) == {("D.cs::D._run", Resolution.RESOLVED)}
