"""Dead code on real source: a member named at run time through a local handed to ``getattr`` is possibly used."""

from __future__ import annotations

import json

from click.testing import CliRunner

from codeknit.cli import main

PRINTER = """\
class _Printer:
    def dispatch(self, node, kind):
        meth = "visit_" + kind
        return getattr(self, meth)(node)

    def dispatch2(self, node):
        meth = f"emit_{type(node).__name__}"
        visitor = getattr(self, meth, None)
        return visitor(node) if visitor else None

    def checks(self):
        for name in ("_check_a", "_check_b"):
            getattr(self, name)()

    def checks2(self):
        names = ["_run_a", "_run_b"]
        for name in names:
            getattr(self, name)()

    def one(self):
        name = "_only"
        return getattr(self, name)()

    def unknown(self, name):
        return getattr(self, name)()

    def visit_Num(self, node):
        return node

    def emit_Str(self, node):
        return node

    def _check_a(self):
        return 1

    def _check_b(self):
        return 2

    def _run_a(self):
        return 1

    def _run_b(self):
        return 2

    def _only(self):
        return 3

    def _dead(self):
        return 4


def main():
    p = _Printer()
    p.dispatch(1, "Num")
    p.dispatch2("s")
    p.checks()
    p.checks2()
    p.one()
    p.unknown("x")


if __name__ == "__main__":
    main()
"""


def test_getattr_through_a_local_keeps_the_members_it_may_name(tmp_path):
    # before: all seven were claimed dead (only a literal written in the getattr call itself was read); a
    # parameter (``unknown``) says nothing of the name, and _dead stays dead
    (tmp_path / "app.py").write_text(PRINTER, encoding="utf-8")
    result = CliRunner().invoke(main, ["graph", "analyze", str(tmp_path), "--format", "json"], catch_exceptions=False)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [e["id"] for e in data["dead_code"]["items"]] == ["app.py::_Printer._dead"]
    assert sorted(e["id"] for e in data["possibly_used"]["items"]) == [
        "app.py::_Printer._check_a", "app.py::_Printer._check_b", "app.py::_Printer._only",
        "app.py::_Printer._run_a", "app.py::_Printer._run_b", "app.py::_Printer.emit_Str",
        "app.py::_Printer.visit_Num"]
