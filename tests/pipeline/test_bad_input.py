"""Bad input: every broken file yields symbols or an [errors] entry, and loses nothing else."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import codeknit
from codeknit.languages import registry
from codeknit.languages.adapters import extract, supported_languages
from codeknit.skeleton import render, to_text

GOOD = "def good(x):\n    return helper(x)\n\n\ndef helper(y):\n    return y\n"


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    root.mkdir()
    (root / "good.py").write_text(GOOD)
    return root


def _good_output(root: Path) -> str:
    graph = codeknit.index(root)
    doc = render(graph, edges=True)
    section = next(f for f in doc.files if f.path == "good.py")
    return "\n".join(f"{s.kind} {s.signature}" for s in section.symbols)


@pytest.fixture
def baseline(tmp_path_factory: pytest.TempPathFactory) -> str:
    return _good_output(_project(tmp_path_factory.mktemp("baseline")))


def _check(root: Path, name: str, baseline: str) -> codeknit.Graph:
    graph = codeknit.index(root)
    assert _good_output(root) == baseline, "a bad file changed another file's output"
    has_symbols = any(s.path == name and s.kind.value != "module" for s in graph.symbols)
    errors = [e for e in graph.errors if e.path == name]
    assert has_symbols or errors, f"{name!r} produced neither symbols nor an error"
    for error in errors:
        assert error.message.strip()
    to_text(render(graph, edges=True))  # renders without raising
    return graph


def test_invalid_utf8(tmp_path: Path, baseline: str) -> None:
    root = _project(tmp_path)
    (root / "latin.py").write_bytes(b"def caf\xe9():\n    pass\n\ndef ok():\n    pass\n")
    graph = _check(root, "latin.py", baseline)
    assert "ok" in {s.name for s in graph.symbols if s.path == "latin.py"}


def test_nul_bytes_with_a_source_extension(tmp_path: Path, baseline: str) -> None:
    root = _project(tmp_path)
    (root / "blob.py").write_bytes(b"def f():\x00\x01\x02 pass\n")
    graph = _check(root, "blob.py", baseline)
    assert any("binary" in e.message for e in graph.errors if e.path == "blob.py")


def test_empty_file(tmp_path: Path, baseline: str) -> None:
    root = _project(tmp_path)
    (root / "empty.py").write_bytes(b"")
    graph = codeknit.index(root)
    assert _good_output(root) == baseline
    module = graph.get("empty.py")
    assert module is not None and module.kind.value == "module"
    assert not [e for e in graph.errors if e.path == "empty.py"]


def test_fifty_thousand_line_generated_file(tmp_path: Path, baseline: str) -> None:
    root = _project(tmp_path)
    lines = [f"def generated_{i}(a, b):\n    return generated_{max(i - 1, 0)}(a, b)\n" for i in range(25_000)]
    (root / "generated.py").write_text("".join(lines))
    graph = _check(root, "generated.py", baseline)
    assert sum(1 for s in graph.symbols if s.path == "generated.py") == 25_001


def test_five_thousand_deep_nesting(tmp_path: Path, baseline: str) -> None:
    root = _project(tmp_path)
    depth = 5000
    (root / "deep.py").write_text("x = " + "[" * depth + "]" * depth + "\n" + "def after():\n    pass\n")
    _check(root, "deep.py", baseline)


def test_deeply_nested_functions(tmp_path: Path, baseline: str) -> None:
    root = _project(tmp_path)
    depth = 200
    source = "".join("    " * i + f"def f{i}():\n" for i in range(depth)) + "    " * depth + "pass\n"
    (root / "nested.py").write_text(source)
    graph = _check(root, "nested.py", baseline)
    assert sum(1 for s in graph.symbols if s.path == "nested.py") == depth + 1


def test_syntax_error_mid_file(tmp_path: Path, baseline: str) -> None:
    root = _project(tmp_path)
    (root / "broken.py").write_text("def before():\n    pass\n\ndef broken(:\n    pass\n\ndef after():\n    pass\n")
    graph = _check(root, "broken.py", baseline)
    names = {s.name for s in graph.symbols if s.path == "broken.py"}
    assert {"before", "after"} <= names
    assert any("syntax error at line 4" in e.message for e in graph.errors if e.path == "broken.py")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_unreadable_file(tmp_path: Path, baseline: str, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _project(tmp_path)
    secret = root / "secret.py"
    secret.write_text("def hidden():\n    pass\n")
    real_read = Path.read_bytes

    def deny(self: Path) -> bytes:
        if self.name == "secret.py":
            raise PermissionError(13, "Permission denied")
        return real_read(self)

    monkeypatch.setattr(Path, "read_bytes", deny)
    graph = _check(root, "secret.py", baseline)
    assert any("Permission denied" in e.message for e in graph.errors if e.path == "secret.py")


def test_symlink_loop(tmp_path: Path, baseline: str) -> None:
    root = _project(tmp_path)
    (root / "sub").mkdir()
    (root / "sub" / "inner.py").write_text("def inner():\n    pass\n")
    os.symlink("..", root / "sub" / "loop")
    os.symlink("self_link.py", root / "self_link.py")
    graph = codeknit.index(root)
    assert _good_output(root) == baseline
    assert graph.get("sub/inner.py::inner") is not None
    assert not any(s.path.startswith("sub/loop/") for s in graph.symbols)
    errors = {e.path: e.message for e in graph.errors}
    assert errors["sub/loop"] == "not analysed: symlink loop"
    assert errors["self_link.py"] == "not analysed: symlink loop"  # a link to itself


def test_file_name_with_space_unicode_and_newline(tmp_path: Path, baseline: str) -> None:
    root = _project(tmp_path)
    name = "we ird ñame\nline.py"
    (root / name).write_text("def odd():\n    return good(1)\n")
    graph = _check(root, name, baseline)
    text = to_text(render(graph, edges=True))
    assert '## "we ird ñame\\nline.py"' in text
    from codeknit.skeleton import read

    doc = read(text)
    assert name in [f.path for f in doc.files]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000), st.sampled_from(sorted(supported_languages())))
def test_extraction_never_raises_and_spans_lie_inside_the_file(data: bytes, language: str) -> None:
    extension = registry.spec_for(language).extensions[0]
    extraction = extract(f"fuzz{extension}", language, data)
    lines = data.count(b"\n") + 1
    for symbol in extraction.symbols:
        assert 1 <= symbol.span[0] <= symbol.span[2] <= lines
        assert 0 <= symbol.start_byte <= symbol.end_byte <= len(data)
