"""``codeknit graph analyze`` and ``graph show`` from the command line, on real source."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

import codeknit
from codeknit.cli import main

FIXTURES = Path(__file__).with_name("fixtures") / "python"
C_FIXTURE = Path(__file__).with_name("fixtures") / "c"


def ids_in(value) -> list[str]:
    """Every ``id``, ``chain`` entry and cycle step anywhere in a report."""
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "id":
                found.append(item)
            elif key in ("chain", "members", "shortest_cycle") or (
                    key == "items" and item and isinstance(item[0], str)):
                found.extend(item)
            else:
                found.extend(ids_in(item))
    elif isinstance(value, list):
        for item in value:
            found.extend(ids_in(item))
    return found


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_analyze_source_tree_finds_the_cycle_dead_code_and_possibly_used():
    result = run("graph", "analyze", str(FIXTURES), "--format", "json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["cycles"]["modules"][0]["shortest_cycle"] == ["proj/a.py", "proj/b.py"]
    assert [e["id"] for e in data["dead_code"]["items"]] == ["proj/b.py::_dead"]
    # `thing._ghost()` is unresolved: it may be proj/b.py::_ghost, so that is not called unused
    assert [e["id"] for e in data["possibly_used"]["items"]] == ["proj/b.py::_ghost"]
    assert data["summary"]["excluded"]["uncertain"]["calls"]["unresolved"] >= 1
    assert "report" in result.stderr and "tokens (o200k_base)" in result.stderr


def test_analyze_writes_a_file_and_reports_tokens(tmp_path):
    target = tmp_path / "report.skt"
    result = run("graph", "analyze", str(FIXTURES), "-o", str(target))
    assert result.exit_code == 0 and result.stdout == ""
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# codeknit graph analyze: python")
    assert "[possibly_used] 1:" in text


def test_analyze_is_the_same_bytes_under_any_hash_seed():
    outputs = set()
    for seed in ("0", "1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-m", "codeknit", "graph", "analyze", str(FIXTURES), "-q",
                               "--betweenness-samples", "2"], capture_output=True, env=env, check=True)
        outputs.add(done.stdout)
    assert len(outputs) == 1


def test_help_documents_zero_as_no_limit():
    text = run("graph", "analyze", "--help").stdout
    for flag in ("--top", "--hub-fan-in", "--god-members", "--dead-limit", "--betweenness-samples"):
        assert flag in text
    assert "(0: no limit)" in text and "0: exact" in text


def test_show_writes_a_page(tmp_path):
    target = tmp_path / "g.html"
    result = run("graph", "show", str(FIXTURES), "-o", str(target))
    assert result.exit_code == 0, result.stderr
    html = target.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "function forceLayout(" in html
    assert "1 uncertain relations counted, not drawn" in result.stderr


def test_c_file_and_include_metadata_is_never_ranked_or_a_finding():
    result = run("graph", "analyze", str(C_FIXTURE), "--format", "json", "--hub-fan-in", "0", "--top", "0")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["summary"]["metadata_symbols"] == 6  # three meta/file, three meta/include
    assert data["summary"]["excluded"]["metadata"] > 0
    metadata = {s.id for s in codeknit.index(C_FIXTURE).symbols if s.kind.category.value == "meta"}
    assert len(metadata) == 6
    assert not metadata & set(ids_in(data))
    # a static function nothing calls is dead, even in main.c; main itself is an entry point
    assert [e["id"] for e in data["dead_code"]["items"]] == ["main.c::unused_helper"]
    assert data["dead_code"]["not_claimed"] == {"entry point": 1, "exported": 1}
    # util.h is included (a metadata relation), so it is no orphan
    assert data["orphan_modules"]["items"] == []
    assert [r["id"] for r in data["pagerank"]][0] == "util.c::twice"


USES = {
    "pkg/__init__.py": "",
    "pkg/loop.py": (
        "import enum\n"
        "\n"
        "\n"
        "class _State(enum.Enum):\n"
        "    FILLING = 1\n"
        "\n"
        "\n"
        "class _Base:\n"
        "    def __init__(self, loop):\n"
        "        self._loop = loop\n"
        "        self._start()\n"
        "\n"
        "    def _start(self):\n"
        "        raise NotImplementedError\n"
        "\n"
        "    def _combine(self, other):\n"
        "        return other\n"
        "\n"
        "    def add(self, other):\n"
        "        return self._combine(other)\n"
        "\n"
        "\n"
        "class _Mixin:\n"
        "    def _combine(self, other):\n"
        "        return self\n"
        "\n"
        "\n"
        "class _Unix(_Mixin, _Base):\n"
        "    def _start(self):\n"
        "        return _State.FILLING\n"
        "\n"
        "\n"
        "class _Duplex(_Base):\n"
        "    pass\n"
        "\n"
        "\n"
        "class _Compiler:\n"
        "    def as_sql(self):\n"
        "        return getattr(self, 'as_' + self.vendor)()\n"
        "\n"
        "    def as_oracle(self):\n"
        "        return 1\n"
        "\n"
        "\n"
        "def _on_done(fut):\n"
        "    return fut\n"
        "\n"
        "\n"
        "def _really_unused():\n"
        "    return 0\n"
        "\n"
        "\n"
        "def build():\n"
        "    return _Duplex(None)\n"
        "\n"
        "\n"
        "def run(fut):\n"
        "    fut.add_done_callback(_on_done)\n"
        "    _Unix(None).add(1)\n"
        "    _Compiler().as_sql()\n"
        "    return build()\n"
    ),
}


def test_dead_code_counts_every_use_not_only_calls(tmp_path):
    """A callback passed as a value, an enum member read, a base method a subclass overrides, a
    mixin method a sibling base's call reaches, a class built through an inherited constructor and
    a method named through getattr are all used; only the function nothing names is dead."""
    for rel, text in USES.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    result = run("graph", "analyze", str(tmp_path), "--format", "json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [e["id"] for e in data["dead_code"]["items"]] == ["pkg/loop.py::_really_unused"]
    assert [e["id"] for e in data["possibly_used"]["items"]] == ["pkg/loop.py::_Compiler.as_oracle"]
    # ``self._start()`` and ``self._combine()`` name _Base._start and _Base._combine as written (what runs is
    # _Unix._start and _Mixin._combine): used, so no base method is left to spare as "overridden"
    assert data["dead_code"]["not_claimed"] == {"exported": 1, "overrides": 1}


def test_analyze_reads_a_saved_graph_as_the_tree_it_was_made_of(tmp_path):
    """``graph analyze graph.json`` reports on the graph the file holds (it read it as a tree with no source
    files, and wrote an empty report); a JSON file that is no codeknit graph is an error that says so."""
    saved = tmp_path / "graph.json"
    assert run("export", "-q", str(FIXTURES), "-f", "json", "-o", str(saved)).exit_code == 0
    from_tree = run("graph", "analyze", "-q", str(FIXTURES), "-f", "json")
    from_saved = run("graph", "analyze", "-q", str(saved), "-f", "json")
    assert from_tree.exit_code == from_saved.exit_code == 0
    assert json.loads(from_saved.output) == json.loads(from_tree.output)
    assert json.loads(from_saved.output)["summary"]["symbols"] > 0
    other = tmp_path / "package.json"
    other.write_text('{"name": "x"}')
    refused = CliRunner().invoke(main, ["graph", "analyze", str(other)])
    assert refused.exit_code == 1 and "not a graph codeknit wrote" in refused.output


def test_a_method_called_on_a_value_typed_any_is_possibly_used_not_dead(tmp_path):
    """``obj: Any`` and ``cls: Type[Any]`` say nothing of the value: a call of ``obj._raise_config()`` is ambiguous
    among the project's methods of that name (before, it named ``typing.Any._raise_config``, an outside member,
    and the one method it may call was listed dead)."""
    (tmp_path / "m.py").write_text(
        "from typing import Any, Type\n\n\n"
        "class Deferred:\n"
        "    @classmethod\n"
        "    def _raise_config(cls) -> None:\n"
        "        raise RuntimeError('configure first')\n\n\n"
        "def check(class_: Type[Any]) -> None:\n"
        "    if hasattr(class_, '_raise_config'):\n"
        "        class_._raise_config()\n\n\n"
        "def check2(obj: Any) -> None:\n"
        "    obj._raise_config()\n")
    result = run("graph", "analyze", str(tmp_path), "--format", "json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["dead_code"]["items"] == []
    assert [e["id"] for e in data["possibly_used"]["items"]] == ["m.py::Deferred._raise_config"]


def test_an_anonymous_class_outside_a_method_is_not_claimed_dead(tmp_path):
    """``new Base() {…}`` in a field's initialiser or a static block of a class that is not public: the
    expression makes its one object (before, ``Box.$1`` and ``Box.$2`` were listed dead, as they are not
    nested in a function and javac's names ``$n`` do not start with ``<``)."""
    (tmp_path / "Box.java").write_text(
        "package p;\n\n"
        "interface Factory { Object make(); }\n\n"
        "final class Box {\n"
        "  static final Factory FACTORY = new Factory() {\n"
        "    @Override public Object make() { return new Box(); }\n"
        "  };\n"
        "  static final Factory OTHER;\n"
        "  static {\n"
        "    OTHER = new Factory() {\n"
        "      public Object make() { return null; }\n"
        "    };\n"
        "  }\n"
        "  private void unused() {}\n"
        "}\n\n"
        "public class Use {\n"
        "  Object made = Box.FACTORY.make();\n"
        "}\n")
    result = run("graph", "analyze", str(tmp_path), "--format", "json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [e["id"] for e in data["dead_code"]["items"]] == ["Box.java::Box.unused"]
    assert data["dead_code"]["not_claimed"].get("anonymous") == 2


def test_a_sealed_go_interface_marker_method_is_not_claimed_dead(tmp_path):
    """``type Visitable interface { node() }`` that ``*Node`` meets by ``func (*Node) node() {}``: nothing
    calls ``node()``, but the interface is used, so its method is a requirement ("interface method") and the
    types' methods of that name are possibly used (before, all three were listed dead, and deleting
    ``Node.node`` breaks ``Visit(n)``). A method of an interface nothing uses stays dead."""
    (tmp_path / "go.mod").write_text("module example.com/m\n\ngo 1.21\n")
    (tmp_path / "model.go").write_text(
        "package m\n\n"
        "type Visitable interface {\n\tnode()\n}\n\n"
        "type unusedIface interface {\n\tgone()\n}\n\n"
        "type Node struct{ Name string }\n\n"
        "func (*Node) node() {}\n\n"
        "func Visit(v Visitable) {}\n\n"
        "func Walk(n *Node) { Visit(n) }\n")
    result = run("graph", "analyze", str(tmp_path), "--format", "json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [e["id"] for e in data["dead_code"]["items"]] == ["model.go::unusedIface"]
    assert [e["id"] for e in data["possibly_used"]["items"]] == ["model.go::Node.node"]
    assert data["dead_code"]["not_claimed"]["interface method"] == 1
