"""``codeknit.analysis.analyze``: each section on a graph with known cycles, hubs, dead code and uncertain edges."""

from __future__ import annotations

import io
import json

import pytest
from graphs import AMBIGUOUS, fixture_graph

from codeknit.analysis import Thresholds, analyze, report_json, write_skt
from codeknit.analysis.algorithms import betweenness, pagerank, shortest_cycle, strongly_connected_components
from codeknit.analysis.deps import dependency_view
from codeknit.graph import EdgeKind, Relation, Resolution

LOW = Thresholds(hub_fan_in=4, hub_fan_out=4, god_members=5, god_fan_out=3, betweenness_samples=0)


@pytest.fixture(scope="module")
def report():
    return analyze(fixture_graph(), LOW)


def skt(report) -> str:
    out = io.StringIO()
    write_skt(report, out)
    return out.getvalue()


# -- what is counted -----------------------------------------------------------------------------


def test_uncertain_edges_are_excluded_and_counted_by_kind(report):
    assert report.excluded_uncertain == {"inherits": {"unresolved": 1}, "calls": {"ambiguous": 1, "unresolved": 1}}
    assert report.excluded_uncertain_total == 3
    assert "excluded uncertain: 3 (inherits unresolved 1; calls ambiguous 1, unresolved 1)" in skt(report)


def test_only_resolved_dependencies_between_non_metadata_symbols_are_counted(report):
    # 18 resolved dependency relations in the fixture: one overrides (structural), one to the type parameter
    assert report.counted == {"inherits": 2, "imports": 2, "calls": 11, "references": 1}
    assert report.excluded_metadata == 2  # Model --references--> T, and the module containing T
    assert report.excluded_structural == {"contains": 23, "overrides": 1}  # 24 nested symbols, T is metadata
    assert report.metadata_symbols == 1


def test_the_ambiguous_edge_is_not_counted_as_a_dependency():
    view = dependency_view(fixture_graph())
    maybe = view.index["core/util.py::_maybe"]
    assert view.into[maybe] == []
    assert view.candidate_sources[maybe] == ["app/a.py::run"]


# -- cycles --------------------------------------------------------------------------------------


def test_module_cycle_with_its_shortest_cycle_and_evidence(report):
    [cycle] = report.module_cycles
    assert cycle.members == ["app/a.py", "app/b.py", "core/model.py", "ext/plug.py"]
    assert cycle.cycle == ["app/a.py", "app/b.py"]
    assert cycle.evidence == [("app/a.py", "imports", "app/b.py"), ("app/b.py", "imports", "app/a.py")]


def test_package_cycle(report):
    [cycle] = report.package_cycles
    assert cycle.members == ["app", "core", "ext"]
    assert cycle.cycle == ["app", "core"]
    assert cycle.evidence[1] == ("core/model.py::Model.save", "calls", "app/b.py::b_fn")


def test_cycle_members_limit_keeps_the_size():
    report = analyze(fixture_graph(), Thresholds(cycle_members=2))
    assert report.module_cycles[0].size == 4 and len(report.module_cycles[0].members) == 2
    assert "C1 size=4: app/a.py, app/b.py, … +2" in skt(report)


def test_scc_and_shortest_cycle_algorithms():
    # 0 -> 1 -> 2 -> 0 and 2 -> 3 -> 2: two cycles in one component; 4 alone; 5 with a self-loop
    adjacency = [[1], [2], [0, 3], [2], [0], [5]]
    assert strongly_connected_components(adjacency) == [[0, 1, 2, 3], [4], [5]]
    assert shortest_cycle(adjacency, [0, 1, 2, 3]) == [2, 3]
    assert shortest_cycle(adjacency, [5]) == [5]


# -- hubs, god classes ---------------------------------------------------------------------------


def test_hubs_by_fan_in_and_fan_out(report):
    assert [(h.id, h.fan_in, h.fan_out) for h in report.hubs_fan_in] == [("core/util.py::helper", 4, 0)]
    assert [(h.id, h.fan_out) for h in report.hubs_fan_out] == [("app/a.py::run", 4)]


def test_hub_threshold_zero_means_every_used_symbol():
    report = analyze(fixture_graph(), Thresholds(hub_fan_in=0, top=0))
    assert report.hubs_fan_in_total == 8  # run, b_fn, helper, Model, Model.save, Model.validate, Base, Plugin.go
    assert report.hubs_fan_in[0].id == "core/util.py::helper"


def test_god_class_needs_both_members_and_fan_out(report):
    assert [(g.id, g.members, g.methods, g.fields, g.fan_out) for g in report.god_classes] == [
        ("core/model.py::Model", 5, 3, 2, 4)]
    assert analyze(fixture_graph(), Thresholds(god_members=5, god_fan_out=5)).god_classes == []


# -- dead code -----------------------------------------------------------------------------------


def test_dead_code_lists_the_outermost_unused_symbol(report):
    assert [(d.id, d.inside) for d in report.dead] == [("core/util.py::_dead", 0), ("core/util.py::_Orphan", 1)]
    assert report.not_claimed == {"entry point": 1, "exported": 4, "test": 1}


def test_uncertain_edges_keep_their_possible_targets_off_the_dead_list(report):
    dead = {d.id for d in report.dead}
    possibly = {p.id: (p.ambiguous, p.unresolved) for p in report.possibly_used}
    assert possibly == {"core/util.py::_maybe": (1, 0), "ext/plug.py::_maybe": (1, 0),
                        "core/util.py::_spooky": (0, 1)}
    assert not dead & set(possibly)
    assert set(AMBIGUOUS.candidates) <= set(possibly)


def test_without_the_uncertain_edges_the_same_symbols_are_dead():
    report = analyze(fixture_graph(uncertain=False), LOW)
    assert {d.id for d in report.dead} >= {"core/util.py::_maybe", "ext/plug.py::_maybe", "core/util.py::_spooky"}
    assert report.possibly_used == []


def test_an_external_unresolved_name_cannot_make_a_symbol_possibly_used():
    graph = fixture_graph(uncertain=False)
    external = Relation("app/b.py::b_fn", "app/b.py::os._spooky", EdgeKind.CALLS, Resolution.UNRESOLVED, (),
                        "os._spooky")
    if not hasattr(external, "package"):
        pytest.skip("the model has no Relation.package (external imports) in this checkout")
    external.package = "os"
    graph.relations.append(external)
    graph.finalize()
    assert "core/util.py::_spooky" in {d.id for d in analyze(graph, LOW).dead}


def test_metadata_is_never_a_finding(report):
    text = skt(report)
    assert "core/model.py::T" not in text


# -- depth, instability, centrality --------------------------------------------------------------


def test_inheritance_depth_with_open_ended_bases(report):
    assert [(d.id, d.depth, d.open_ended, d.chain) for d in report.deepest] == [
        ("ext/plug.py::Special", 2, True, ["ext/plug.py::Special", "core/model.py::Model", "core/model.py::Base"]),
        ("core/model.py::Model", 1, True, ["core/model.py::Model", "core/model.py::Base"]),
    ]
    assert report.depth_histogram == {0: 3, 1: 1, 2: 1}


def test_module_and_package_instability(report):
    modules = {e.name: (e.afferent, e.efferent, round(e.instability, 4)) for e in report.module_instability}
    assert modules["app/a.py"] == (3, 3, 0.5)
    assert modules["core/util.py"] == (4, 0, 0.0)
    assert modules["app/__main__.py"] == (0, 1, 1.0)
    packages = {e.name: (e.afferent, e.efferent) for e in report.package_instability}
    assert packages == {"app": (2, 1), "core": (2, 2), "ext": (1, 1), "tests": (0, 1)}


def test_pagerank_and_betweenness(report):
    assert report.pagerank[0].id == "core/util.py::helper"
    assert all("::" in r.id for r in report.pagerank)  # modules are left out of symbol rankings
    assert report.betweenness[0].id == "app/a.py::run"
    assert report.betweenness_sources == report.betweenness_nodes == 14


def test_pagerank_sums_to_one_and_betweenness_of_a_path():
    ranks = pagerank([[1], [2], []])
    assert abs(sum(ranks) - 1) < 1e-9 and ranks[2] > ranks[1] > ranks[0]
    scores, sources = betweenness([[1], [2], []])
    assert sources == 3 and scores == [0.0, 0.5, 0.0]  # one of the two ordered pairs passes through 1


def test_top_limits_lists_and_zero_means_no_limit():
    assert len(analyze(fixture_graph(), Thresholds(top=3)).pagerank) == 3
    assert len(analyze(fixture_graph(), Thresholds(top=0)).pagerank) == 23  # 31 symbols less T and 7 modules


# -- output ---------------------------------------------------------------------------------------


def test_skt_and_json_are_deterministic_and_agree(report):
    again = analyze(fixture_graph(), LOW)
    assert skt(again) == skt(report)
    data = report_json(report)
    assert json.dumps(data, sort_keys=False) == json.dumps(report_json(again), sort_keys=False)
    assert data["summary"]["excluded"]["uncertain_total"] == 3
    assert [e["id"] for e in data["dead_code"]["items"]] == ["core/util.py::_dead", "core/util.py::_Orphan"]
    assert [e["id"] for e in data["possibly_used"]["items"]] == [p.id for p in report.possibly_used]


def test_skt_sections_in_order(report):
    text = skt(report)
    headers = [line.split("]")[0] + "]" for line in text.splitlines() if line.startswith("[")]
    assert headers == ["[summary]", "[cycles.modules]", "[cycles.packages]", "[hubs.fan_in]", "[hubs.fan_out]",
                       "[god_classes]", "[dead_code]", "[possibly_used]", "[orphan_modules]", "[inheritance]",
                       "[instability.modules]", "[instability.packages]", "[pagerank]", "[betweenness]"]


def test_a_method_of_a_class_with_an_uncertain_base_is_possibly_used_not_dead():
    from codeknit.graph import FileRecord, Symbol, SymbolKind

    graph = fixture_graph()
    graph.files.append(FileRecord("zz/h.py", "python", 1, "0" * 64))
    span = (1, 0, 1, 1)
    graph.symbols += [
        Symbol("zz/h.py", "zz/h.py", "", SymbolKind.MODULE, "zz/h.py", "python", span, span),
        Symbol("zz/h.py::_Handler", "_Handler", "_Handler", SymbolKind.CLASS, "zz/h.py", "python", span, span,
               "zz/h.py", properties={"exported": False}),
        Symbol("zz/h.py::_Handler.on_event", "on_event", "_Handler.on_event", SymbolKind.METHOD, "zz/h.py",
               "python", span, span, "zz/h.py::_Handler"),
        Symbol("zz/h.py::_Sub", "_Sub", "_Sub", SymbolKind.CLASS, "zz/h.py", "python", span, span, "zz/h.py",
               properties={"exported": False}),
        Symbol("zz/h.py::_Sub.on_other", "on_other", "_Sub.on_other", SymbolKind.METHOD, "zz/h.py", "python",
               span, span, "zz/h.py::_Sub"),
        Symbol("zz/h.py::make", "make", "make", SymbolKind.FUNCTION, "zz/h.py", "python", span, span, "zz/h.py",
               properties={"exported": True}),
    ]
    graph.relations += [
        Relation("zz/h.py::_Handler", "zz/h.py::framework.Base", EdgeKind.INHERITS, Resolution.UNRESOLVED),
        Relation("zz/h.py::_Sub", "zz/h.py::_Handler", EdgeKind.INHERITS),
        Relation("zz/h.py::make", "zz/h.py::_Sub", EdgeKind.CALLS),
    ]
    graph.finalize()
    report = analyze(graph, LOW)
    possibly = {p.id: p.uncertain_base for p in report.possibly_used}
    # _Handler is used (its subclass inherits it); its method and the subclass's may override framework.Base's
    assert possibly["zz/h.py::_Handler.on_event"] is True
    assert possibly["zz/h.py::_Sub.on_other"] is True
    assert not {"zz/h.py::_Handler.on_event", "zz/h.py::_Sub.on_other"} & {d.id for d in report.dead}
    assert "zz/h.py::_Sub.on_other callable/method L1-L1 ambiguous=0 unresolved=0 base=uncertain" in skt(report)
    # with a resolved base instead, on_event is dead
    graph.relations = [r for r in graph.relations if r.target != "zz/h.py::framework.Base"]
    graph.finalize()
    assert "zz/h.py::_Handler.on_event" in {d.id for d in analyze(graph, LOW).dead}


def test_closures_lambdas_and_vendored_code_are_not_claimed_dead():
    from codeknit.graph import FileRecord, Symbol, SymbolKind

    graph = fixture_graph()
    graph.files.append(FileRecord("zz/vendor/lib.py", "python", 1, "0" * 64))
    span = (1, 0, 1, 1)

    def symbol(full_id: str, kind: SymbolKind, parent: str | None) -> Symbol:
        path, _, qualname = full_id.partition("::")
        return Symbol(full_id, qualname.rpartition(".")[2] or path, qualname, kind, path, "python", span, span,
                      parent, properties={} if kind is SymbolKind.MODULE else {"exported": False})

    graph.symbols += [
        symbol("zz/vendor/lib.py", SymbolKind.MODULE, None),
        symbol("zz/vendor/lib.py::_unused", SymbolKind.FUNCTION, "zz/vendor/lib.py"),
        symbol("zz/vendor/lib.py::_outer", SymbolKind.FUNCTION, "zz/vendor/lib.py"),
    ]
    graph.finalize()
    before = analyze(graph, LOW).not_claimed
    assert before["vendored or generated"] == 2
    graph.files[-1] = FileRecord("zz/lib.py", "python", 1, "0" * 64)
    graph.symbols = graph.symbols[:-3] + [
        symbol("zz/lib.py", SymbolKind.MODULE, None),
        symbol("zz/lib.py::_outer", SymbolKind.FUNCTION, "zz/lib.py"),
        symbol("zz/lib.py::_outer.callback", SymbolKind.FUNCTION, "zz/lib.py::_outer"),
        symbol("zz/lib.py::<lambda1>", SymbolKind.FUNCTION, "zz/lib.py"),
    ]
    graph.relations.append(Relation("zz/lib.py", "zz/lib.py::_outer", EdgeKind.CALLS))
    graph.finalize()
    report = analyze(graph, LOW)
    assert report.not_claimed["nested in a function"] == 1 and report.not_claimed["anonymous"] == 1
    assert not {d.id for d in report.dead} & {"zz/lib.py::_outer.callback", "zz/lib.py::<lambda1>"}


def test_operator_overloads_are_not_claimed_dead(tmp_path):
    """``a + b`` and an implicit conversion call operator overloads through syntax no relation records:
    C#'s ``operator +`` and ``operator long``, Kotlin's ``operator fun``, Swift's ``static func <``."""
    import codeknit

    (tmp_path / "Money.cs").write_text(
        "namespace Shop {\n"
        "  internal readonly struct Cents {\n"
        "    public Cents(long v) { Value = v; }\n"
        "    public long Value { get; }\n"
        "    public static implicit operator long(Cents c) => c.Value;\n"
        "    public static Cents operator +(Cents a, Cents b) => new Cents(a.Value + b.Value);\n"
        "    private static void Unused() {}\n"
        "  }\n"
        "  public static class Till {\n"
        "    public static long Total(Cents a, Cents b) { Cents sum = a + b; long raw = sum; return raw; }\n"
        "  }\n"
        "}\n")
    (tmp_path / "Vec.kt").write_text(
        "internal class Vec(val x: Int) {\n"
        "    private operator fun plus(o: Vec): Vec = Vec(x + o.x)\n"
        "    fun twice(): Vec = this + this\n"
        "    private fun unused() {}\n"
        "}\n")
    (tmp_path / "Rank.swift").write_text(
        "struct Rank {\n"
        "    let v: Int\n"
        "    fileprivate static func < (a: Rank, b: Rank) -> Bool { return a.v < b.v }\n"
        "    private func unused() {}\n"
        "}\n"
        "public func lower(a: Rank, b: Rank) -> Bool { return a < b }\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    dead = {d.id.rpartition("::")[2] for d in report.dead}
    assert {"Shop.Cents.Unused", "Vec.unused", "Rank.unused"} <= dead
    assert not {"Shop.Cents.operator long", "Shop.Cents.operator +", "Vec.plus", "Rank.<"} & dead
    assert report.not_claimed["operator"] >= 3  # (an operator a relation reaches is used, not claimed)


def test_methods_of_classes_a_commonjs_module_exports_are_not_claimed_dead(tmp_path):
    """A CommonJS module exports a class by ``module.exports = X``, or as a bundler writes it (esbuild's
    ``__export(x_exports, { Hono: () => Hono })`` with ``module.exports = __toCommonJS(x_exports)``): the class is
    ``exported``, so its public methods are public API, not dead code, as with ESM's ``export class``."""
    import codeknit

    (tmp_path / "hono.js").write_text(
        '"use strict";\nvar __export = (target, all) => {};\nvar __toCommonJS = (mod) => mod;\n'
        'var hono_exports = {};\n__export(hono_exports, {\n  Hono: () => Hono\n});\n'
        'module.exports = __toCommonJS(hono_exports);\n'
        'class Hono {\n  route() { return this; }\n}\nclass Hidden {\n  run() {}\n}\n')
    (tmp_path / "box.js").write_text('class Box {\n  open() { return 1; }\n}\nmodule.exports = Box;\n')
    report = analyze(codeknit.index(tmp_path), LOW)
    dead = {d.id.rpartition("::")[2] for d in report.dead}
    assert "Hidden" in dead
    assert not {"Hono", "Hono.route", "Box", "Box.open"} & dead


def test_a_module_augmentation_is_not_claimed_dead(tmp_path):
    """``declare module './vanilla' { interface StoreMutators<S> { … } }`` merges into vanilla's exported
    ``StoreMutators``: its declarations are that module's exports, used where it is (zustand's middleware)."""
    import codeknit

    (tmp_path / "vanilla.ts").write_text(
        "export interface StoreMutators<S> {}\nexport type MutatorKey = keyof StoreMutators<unknown>;\n")
    (tmp_path / "immer.ts").write_text(
        "import type { MutatorKey } from './vanilla';\n"
        "declare module './vanilla' {\n  interface StoreMutators<S> {\n    immer: S;\n  }\n}\n"
        "interface Unused {}\nexport const key: MutatorKey = 'immer';\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    dead = {d.id.rpartition("::")[2] for d in report.dead}
    assert "Unused" in dead
    assert "./vanilla.StoreMutators" not in dead


def test_go_init_is_a_runtime_hook_not_dead(tmp_path):
    """Go's runtime runs a package's ``func init()`` when it loads the package: nothing calls it, yet it is no
    dead code (``LanguageSpec.runtime_hooks``). A method named ``init`` and another unused function are."""
    import codeknit

    (tmp_path / "go.mod").write_text("module example.com/d\n\ngo 1.21\n")
    (tmp_path / "d.go").write_text(
        "package d\n\n"
        "var ready bool\n\n"
        "func init() { ready = true }\n\n"
        "func unused() {}\n\n"
        "type t struct{}\n\n"
        "func (t) init() {}\n\n"
        "func Ready() bool { return ready }\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    dead = {d.id for d in report.dead}
    assert "d.go::unused" in dead
    assert "d.go::init" not in dead
    assert report.not_claimed["language hook"] == 1


def test_a_static_main_and_the_type_holding_it_are_entry_points_not_dead(tmp_path):
    """``class Program { static void Main() }`` is a C# program's start (the class is internal, the method
    private: neither is exported), and so is Java's ``static void main`` in a package-private class
    (``LanguageSpec.entry_methods``). An instance method named ``Main`` and an unused class are dead."""
    import codeknit

    (tmp_path / "Program.cs").write_text(
        "class Program\n{\n    static void Main(string[] args) { }\n}\n\n"
        "class Unused\n{\n    void Main() { }\n}\n")
    (tmp_path / "App.java").write_text("class App {\n    public static void main(String[] args) { }\n}\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    dead = {d.id for d in report.dead}
    assert dead == {"Program.cs::Unused"}
    assert report.not_claimed["entry point"] == 4


def test_rust_tests_and_macros_called_only_from_macro_bodies_are_not_dead(tmp_path):
    """A ``#[test]`` or ``#[bench]`` function is run by Cargo's harness (itertools' ``fn test_checked_binomial``
    beside its code), and a ``macro_rules!`` called only from another macro's body (``count_ident!``,
    ``$(ignore_ident!($X, A)),*``) is used where that macro is. An unused private function and macro are dead."""
    import codeknit

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "lib.rs").write_text(
        "fn helper() -> u8 { 1 }\n"
        "fn unused() {}\n"
        "#[test]\nfn checks_helper() { assert_eq!(helper(), 1); }\n"
        "#[bench]\nfn measures() {}\n"
        "macro_rules! count { () => {0}; ($i0:ident $($i:ident)*) => {1 + count!($($i)*)}; }\n"
        "macro_rules! skip { ($x:ident, $($t:tt)*) => { $($t)* }; }\n"
        "macro_rules! idle { () => {}; }\n"
        "macro_rules! tuple { ($($X:ident)*) => {\n"
        "    const N: usize = count!($($X)*); type T = ($(skip!($X, u8)),*); }; }\n"
        "tuple!(a b);\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    dead = {d.id for d in report.dead}
    assert dead == {"src/lib.rs::unused", "src/lib.rs::idle"}
    assert report.not_claimed["test"] == 2


def test_public_ruby_methods_of_nested_classes_and_modules_are_exported_and_hooks_are_not_dead(tmp_path):
    """Every Ruby constant is reachable from outside: ``Shop::Cart#total`` (a class inside a module) and
    ``Shop::Helpers#format`` (a module's method, mixed in by users) are public API, not dead code, as a public
    member of a public Java class is; their private methods are dead. ``initialize_copy`` and ``method_added``,
    private or protected, are called by the runtime (``LanguageSpec.hook_names``)."""
    import codeknit

    (tmp_path / "shop.rb").write_text(
        "module Shop\n"
        "  class Cart\n"
        "    def total; end\n"
        "    private\n\n"
        "    def unused; end\n"
        "    def initialize_copy(other); end\n"
        "  end\n\n"
        "  module Helpers\n"
        "    def format; end\n\n"
        "    protected\n\n"
        "    def method_added(name); end\n"
        "    private def hidden; end\n"
        "  end\n"
        "end\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    dead = {d.id for d in report.dead}
    assert dead == {"shop.rb::Shop.Cart.unused", "shop.rb::Shop.Helpers.hidden"}
    assert report.not_claimed["language hook"] == 2


def test_ruby_methods_called_from_code_in_a_string_are_not_dead(tmp_path):
    """A string given to ``class_eval`` (a heredoc or a literal) is code: a method it names is possibly used,
    never a dead-code candidate (thor's ``_invoke_for_class_method``, called only from ``class_eval <<-METHOD``);
    a private method nothing names stays dead."""
    import codeknit

    (tmp_path / "invoker.rb").write_text(
        "class Invoker\n"
        "  def self.define_invokers(names)\n"
        "    names.each do |name|\n"
        "      class_eval <<-METHOD, __FILE__, __LINE__ + 1\n"
        "        def invoke_#{name}\n"
        "          _invoke_for_class_method(#{name})\n"
        "        end\n"
        "      METHOD\n"
        "      class_eval \"def run_#{name}; _string_helper; end\"\n"
        "    end\n"
        "  end\n\n"
        "  private\n\n"
        "  def _invoke_for_class_method(name); end\n"
        "  def _string_helper; end\n"
        "  def _really_dead; end\n"
        "end\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    assert {d.id for d in report.dead} == {"invoker.rb::Invoker._really_dead"}
    assert {d.id for d in report.possibly_used} == {"invoker.rb::Invoker._invoke_for_class_method",
                                                     "invoker.rb::Invoker._string_helper"}


def test_functions_named_in_a_file_level_initializer_are_used(tmp_path):
    """C's file symbol is metadata (``meta/file``), yet its own code uses what a file-level initializer names:
    ``static dictType d = { cbHash, … };`` keeps ``cbHash`` off the dead list, as a Python module's top level
    does for what it names."""
    import codeknit

    (tmp_path / "cb.c").write_text(
        "typedef struct dictType { unsigned (*hash)(const void *k); } dictType;\n"
        "static unsigned cbHash(const void *k) { return k != 0; }\n"
        "static unsigned cbUnused(const void *k) { return k == 0; }\n"
        "static dictType cbDict = { cbHash };\n"
        "int use(const void *k) { return cbDict.hash(k); }\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    dead = {d.id for d in report.dead}
    assert "cb.c::cbUnused" in dead
    assert "cb.c::cbHash" not in dead


def test_a_swift_extension_method_of_an_outside_type_that_is_called_is_not_dead(tmp_path):
    """``request.httpBodyData()`` on a ``URLRequest`` calls the project's ``extension URLRequest`` member: a
    resolved use (it was an unresolved ``Foundation.URLRequest.httpBodyData``, and the method was claimed dead)."""
    import codeknit

    (tmp_path / "URLRequest+body.swift").write_text(
        "import Foundation\n"
        "extension URLRequest {\n"
        "  func httpBodyData() -> Data? { return httpBody }\n"
        "  func unusedHelper() -> Int { return 1 }\n"
        "}\n")
    (tmp_path / "Use.swift").write_text(
        "import Foundation\n"
        "func dump(request: URLRequest) -> Data? {\n"
        "  return request.httpBodyData()\n"
        "}\n")
    graph = codeknit.index(tmp_path)
    calls = [r for r in graph.relations if r.kind is EdgeKind.CALLS and r.text == "request.httpBodyData"]
    assert [(r.resolution, r.target) for r in calls] == [
        (Resolution.RESOLVED, "URLRequest+body.swift::URLRequest.httpBodyData")]
    dead = {d.id for d in analyze(graph, LOW).dead}
    assert "URLRequest+body.swift::URLRequest.httpBodyData" not in dead
    assert "URLRequest+body.swift::URLRequest.unusedHelper" in dead


def test_overrides_and_what_the_runtime_or_compiler_calls_are_not_claimed_dead(tmp_path):
    """An ``override fun`` in a Kotlin object expression (no symbol, so no ``overrides`` edge) is reached through its
    supertype; Scala's ``implicit def`` is applied by the compiler's implicit search (and the object holding it is
    reached so); ``readResolve`` is called by Java serialization. None is a dead-code candidate; a private method
    beside them still is."""
    import codeknit

    (tmp_path / "D.kt").write_text(
        "package d\n\n"
        "val Int.countdown: Iterable<Int>\n"
        "    get() = Iterable {\n"
        "        object : Iterator<Int> {\n"
        "            private var left = this@countdown\n"
        "            override fun hasNext(): Boolean = left > 0\n"
        "            override fun next(): Int = left--\n"
        "        }\n"
        "    }\n\n"
        "private fun unusedKt() {}\n")
    (tmp_path / "D.scala").write_text(
        "package d\n\n"
        "private[d] class Wrapped(val xs: Array[Int])\n\n"
        "private[d] object Conversions {\n"
        "  implicit def wrapIntArray(xs: Array[Int]): Wrapped = new Wrapped(xs)\n"
        "}\n\n"
        "object Values {\n"
        "  private class Val(val i: Int) extends Serializable {\n"
        "    private def readResolve(): AnyRef = Values\n"
        "    private def unusedScala(): Int = i\n"
        "  }\n"
        "  def make(): AnyRef = new Val(1)\n"
        "}\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    dead = {d.id.rpartition("::")[2] for d in report.dead + report.possibly_used}
    assert {"unusedKt", "d.Values$.Val.unusedScala"} <= dead
    assert not {"hasNext", "next", "d.Conversions$", "d.Conversions$.wrapIntArray", "d.Values$.Val.readResolve"} & dead


def test_rust_trait_impl_items_are_reached_through_their_trait(tmp_path):
    """An item of ``impl Trait for X`` implements the trait's item and a call through the trait reaches it: of a
    project trait for a type outside the project (``impl Replacer for Vec<u8>``, called as ``r.replace_append()``
    through ``R: Replacer``), and of a trait outside the project (``impl fmt::Display``'s ``fmt``, ``Iterator``'s
    ``next`` without an import). Such items got no ``overrides`` edge and were listed as dead or possibly used; a
    private function beside them, and one named like such an item, still are."""
    import codeknit

    (tmp_path / "Cargo.toml").write_text('[package]\nname = "hooks"\nversion = "0.1.0"\n')
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "lib.rs").write_text(
        "use std::fmt;\n\n"
        "pub trait Replacer {\n    fn replace_append(&mut self, dst: &mut String);\n}\n\n"
        "impl Replacer for Vec<u8> {\n"
        "    fn replace_append(&mut self, dst: &mut String) { dst.push_str(&String::from_utf8_lossy(self)); }\n"
        "}\n\n"
        "struct Member(u32);\n\n"
        "impl fmt::Display for Member {\n"
        "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, \"{}\", self.0) }\n"
        "}\n\n"
        "struct Count(u32);\n\n"
        "impl Iterator for Count {\n"
        "    type Item = u32;\n"
        "    fn next(&mut self) -> Option<u32> { None }\n"
        "}\n\n"
        "mod inner {\n    pub(crate) fn next() {}\n}\n\n"
        "fn unused_rs() {}\n\n"
        "pub fn run<R: Replacer>(mut r: R) -> String {\n"
        "    let mut s = String::new();\n"
        "    r.replace_append(&mut s);\n"
        "    let _ = Count(0);\n"
        "    s + &Member(1).to_string()\n"
        "}\n")
    graph = codeknit.index(tmp_path)
    overrides = {(r.source, r.target, r.resolution) for r in graph.relations if r.kind is EdgeKind.OVERRIDES}
    assert ("src/lib.rs::Vec.replace_append", "src/lib.rs::Replacer.replace_append", Resolution.RESOLVED) in overrides
    assert ("src/lib.rs::Member.fmt", "src/lib.rs::std.fmt.Display.fmt", Resolution.UNRESOLVED) in overrides
    assert ("src/lib.rs::Count.next", "src/lib.rs::Iterator.next", Resolution.UNRESOLVED) in overrides
    report = analyze(graph, LOW)
    dead = {d.id.rpartition("::")[2] for d in report.dead}
    possibly = {d.id.rpartition("::")[2] for d in report.possibly_used}
    assert {"unused_rs", "inner.next"} <= dead  # (an unresolved ``Iterator.next`` is no use of a ``next``)
    assert not {"Vec.replace_append", "Member.fmt", "Count.next", "Count.Item"} & (dead | possibly)


def test_a_prototype_is_not_dead_code(tmp_path):
    """A C prototype (``static int helper(int x);`` before its definition) stands for the definition: the
    definition is used, and the prototype is no dead code of its own (libuv: most of its 48 candidates)."""
    import codeknit

    (tmp_path / "a.c").write_text("static int helper(int x);\nstatic int unused(int x);\n\n"
                                  "int api(int x) { return helper(x); }\n\n"
                                  "static int helper(int x) { return x + 1; }\n"
                                  "static int unused(int x) { return x; }\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    dead = {(d.id, d.lines) for d in report.dead}
    assert dead == {("a.c::unused#2", "L7-L7")}
    assert report.not_claimed["declaration"] == 2


def test_a_go_method_an_interface_call_may_reach_is_possibly_used(tmp_path):
    """Go types meet interfaces without saying so: ``l.names()`` on an interface ``labeler`` reaches the
    ``names`` of any type that has one (client_golang: all 6 dead-code candidates were such methods). Such a
    method is possibly used, not dead; one no used interface names stays dead."""
    import codeknit

    (tmp_path / "go.mod").write_text("module example.com/p\n\ngo 1.21\n")
    (tmp_path / "p.go").write_text(
        "package p\n\ntype labeler interface{ names() []string }\n\ntype fixed []string\n\n"
        "func (f fixed) names() []string { return f }\n\nfunc (f fixed) other() int { return 0 }\n\n"
        "func count(l labeler) int { return len(l.names()) }\n\nfunc Make() int { return count(fixed{\"a\"}) }\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    assert {d.id for d in report.dead} == {"p.go::fixed.other"}
    assert [(p.id, p.uncertain_base) for p in report.possibly_used] == [("p.go::fixed.names", True)]


def test_swift_subscripts_are_called_by_indexing_not_dead(tmp_path):
    """A ``subscript`` is reached by ``s[0]``, which is no call relation (expo-image's ``private extension String
    { subscript (offset: Int) -> Character }`` read as ``blurhash[0]``): never a dead-code candidate."""
    import codeknit

    (tmp_path / "Hash.swift").write_text(
        "private extension String {\n"
        "  subscript (offset: Int) -> Character { return self[index(startIndex, offsetBy: offset)] }\n"
        "}\n"
        "private struct Grid {\n"
        "  subscript (row: Int) -> Int { return row }\n"
        "  func unused() {}\n"
        "}\n"
        "func first(_ s: String) -> Character { return s[0] }\n"
        "func row(_ g: Grid) -> Int { return g[1] }\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    assert {d.id for d in report.dead} == {"Hash.swift::Grid.unused"}
    assert not any("subscript" in d.id for d in report.possibly_used)


def test_a_method_of_a_class_whose_base_is_a_type_alias_is_possibly_used_not_dead(tmp_path):
    """os-lib's ``type Generator[+T] = geny.Generator[T]`` and ``new Generator[Path] { def generate(…) }``: the
    base is an alias of an outside trait, whose abstract method ``generate`` implements, though nothing says
    ``override``; the alias's hierarchy is not followed, so the method is possibly used, not dead."""
    import codeknit

    (tmp_path / "os").mkdir()
    (tmp_path / "os" / "Ops.scala").write_text(
        "package os\n"
        "object Ops {\n"
        "  type Gen[+T] = geny.Generator[T]\n"
        "  def stream(n: Int): Gen[Int] = new Gen[Int] {\n"
        "    def generate(handle: Int => Unit): Unit = handle(n)\n"
        "  }\n"
        "  private def unused(): Unit = ()\n"
        "}\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    assert {d.id for d in report.dead} == {"os/Ops.scala::os.Ops$.unused"}
    assert any(p.id.endswith(".generate") for p in report.possibly_used)


def test_c_functions_called_from_a_macro_body_or_static_in_a_header_are_not_dead(tmp_path):
    """bitarray's ``bitwise_check`` is called only in ``#define BITWISE_FUNC(…)``'s body, which the macro's uses
    expand: a call from the macro, so not dead. pythoncapi_compat.h's ``static inline`` shims are compiled into
    every file that includes the header: its interface, never claimed. A static function of a ``.c`` file that
    nothing calls is still dead."""
    import codeknit

    (tmp_path / "compat.h").write_text("static inline int shim(int x) { return x; }\n")
    (tmp_path / "ops.c").write_text(
        '#include "compat.h"\n'
        "static int bitwise_check(int a) { return a > 0; }\n"
        "static int unused(int a) { return a; }\n"
        "#define BITWISE_FUNC(name) int name(int a) { \\\n"
        "    return bitwise_check(a); }\n"
        "BITWISE_FUNC(and_op)\n")
    report = analyze(codeknit.index(tmp_path), LOW)
    assert {d.id for d in report.dead} == {"ops.c::unused"}
    assert report.not_claimed["in a header"] == 1
