"""The compiled declarations of locals (``rust/pyflow/src/declare.rs``) are the Python ``_declare_locals``'s.

Each call of ``engine._declare_locals`` an extraction makes is run twice here: as the engine runs it (compiled,
given the file's line starts) and on copies of its inputs in Python (no line starts: the fallback); the records
and the order the declarations are left in must be the same. Checked on every golden input, test fixture and
resolution case of every language, and on small sources of Python, TypeScript, Go and Rust that hold each kind of
local (``let``, assigned, parameter, property, type parameter), ``global`` names and nested definitions. Where the
extension is not built these tests skip, unless ``CODEKNIT_REQUIRE_COMPILED`` is set (``.ci/run``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from compiled_inputs import SOURCES

from codeknit.graph.model import LocalKind
from codeknit.languages import engine
from codeknit.languages.adapters import extract
from codeknit.languages.records import RawLocal


@pytest.fixture(autouse=True)
def _compiled_built(require_compiled: Callable[[object], None]) -> None:
    require_compiled(engine._compiled)


class _Checked:
    """What the checked calls saw: the locals made (compiled and in Python alike), the declarations' ``how``."""

    def __init__(self) -> None:
        self.locals: list[RawLocal] = []
        self.how: Counter[str] = Counter()
        self.globals = 0


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Checked]:
    seen = _Checked()
    declare = engine._declare_locals

    def both(extraction: Any, declared: list[Any], declared_at: list[Any], blocks: Any, globals_: Any,
             statements: Any, span_at: Any, **options: Any) -> None:
        assert options.get("line_starts") is not None  # (the engine hands them over: the compiled path runs)
        slow = SimpleNamespace(symbols=extraction.symbols, declarations=list(extraction.declarations))
        slow_declared, slow_at = list(declared), list(declared_at)
        first = len(extraction.declarations)
        declare(extraction, declared, declared_at, blocks, globals_, statements, span_at, **options)
        declare(slow, slow_declared, slow_at, blocks, globals_, statements, span_at,  # type: ignore[arg-type]
                **{**options, "line_starts": None})
        assert extraction.declarations == slow.declarations
        assert declared == slow_declared
        assert declared_at == slow_at
        seen.locals += extraction.declarations[first:]
        seen.how.update(how for _scope, _name, _kind, _node, how in declared)
        seen.globals += sum(map(len, globals_.values()))

    monkeypatch.setattr(engine, "_declare_locals", both)
    yield seen


@pytest.mark.parametrize(("language", "path", "file"), SOURCES, ids=[f"{s[0]}:{s[1]}" for s in SOURCES])
def test_compiled_declarations_are_the_pythons(language: str, path: str, file: Path, checked: _Checked) -> None:
    extract(path, language, file.read_bytes())


#: small sources with each kind of local, ``global`` names and nested definitions
_WRITTEN = {
    ("python", "m.py"): b'''\
import functools
counter = 0

def outer(a, b=1, *rest, **options):
    global counter
    counter = a
    def view(x):
        return x
    view = functools.wraps(view)(view)
    class Local:
        pass
    Local = type("L", (), {})
    def helper():
        pass
    helper: "Callable" = helper
    total = a
    total = total + b
    for item in rest:
        total += item
    with open("f") as handle, open("g") as other:
        pass
    squares = [n * n for n in rest if n]
    lam = lambda y, z=2: y + z
    try:
        pass
    except ValueError as error:
        total = error
    return view, total, squares, lam

class K:
    def method(self, value):
        self.value = value
        value = value + 1
        return value
''',
    ("typescript", "m.ts"): b'''\
export function f<T, U extends T>(a: T, b?: U): T {
    let x = a;
    const y = { key: x, other: 1, nested: { deep: 2 } };
    var z: { p: number; q: string } = { p: 1, q: "" };
    x = y.key;
    for (let i = 0; i < 3; i++) { let x = i; x += 1; }
    const g = (p: number, { r, s }: { r: number; s: number }) => p + r + s;
    function inner<V>(v: V): V { let w = v; return w; }
    try { } catch (e) { let x = e; }
    return x;
}
class C<T> {
    constructor(private readonly dep: T, public other: number, plain: string) { let local = plain; }
    method<M>(m: M, ...rest: M[]): M { const [h, ...t] = rest; return m ?? h ?? t[0]; }
}
''',
    ("go", "m.go"): b'''\
package m

func F[T any, U comparable](a T, b U, rest ...int) (out T, err error) {
	x := 1
	x, y := 2, 3
	var z = x + y
	if w := z; w > 0 {
		x := w
		_ = x
	}
	for i, v := range rest {
		x, i := v, i+1
		_ = i
		_ = x
	}
	f := func(p int) int { q := p; return q }
	switch t := any(a).(type) {
	case int:
		_ = t
	}
	select {}
	_ = f
	return a, nil
}

type S struct{ field int }

func (s *S) M(n int) (r int) { r = n; s.field = r; return }
''',
    ("ruby", "m.rb"): b'''\
def f(a, b = 1, *rest, key:, **options, &block)
  x = a
  x = x + b
  y ||= 2
  rest.each { |item, index| x += item; z = item }
  [1, 2].map do |n| n * y end
  begin
    w = 1
  rescue StandardError => error
    w = error
  end
  x, y = y, x
  x
end
''',
    ("rust", "m.rs"): b'''\
pub fn f<T: Clone, const N: usize>(a: T, (b, c): (i32, i32), mut d: Vec<T>) -> T {
    let x = 1;
    let x = x + b;
    let mut y = c;
    y = y + x;
    let (p, q) = (x, y);
    if let Some(first) = d.pop() { let a = first; return a; }
    for item in d.iter() { let item = item.clone(); drop(item); }
    let r = match p { n if n > q => n, other => other };
    let closure = |u: i32, w| u + w + r;
    let s = S { field: closure(1, 2) };
    while let Some(z) = d.pop() { drop(z); }
    a
}

struct S { field: i32 }

impl S {
    fn method<'a, U>(&'a self, u: U) -> &'a i32 { let _u = u; &self.field }
}
''',
}


@pytest.mark.parametrize(("language", "path"), sorted(_WRITTEN))
def test_compiled_declarations_of_each_kind(language: str, path: str, checked: _Checked) -> None:
    extract(path, language, _WRITTEN[language, path])
    kinds = {local.kind for local in checked.locals}
    assert {LocalKind.PARAMETER, LocalKind.VARIABLE} <= kinds
    if language == "typescript":
        assert {LocalKind.TYPE_PARAMETER, LocalKind.PROPERTY} <= kinds
    if language == "python":
        assert checked.globals  # (``global counter``: no local)
        assert not any(local.name == "counter" for local in checked.locals)
        # the writes of ``view`` and ``Local`` after their definitions declare nothing; ``helper``'s (with a type of
        # its own) does
        assert not any(local.name in ("view", "Local") for local in checked.locals if local.scope)
        assert any(local.name == "helper" for local in checked.locals)
    if language in ("go", "rust"):
        assert checked.how["let"]
    if language == "ruby":
        assert checked.how["assigned"]


def test_the_sources_cover_each_kind_of_declaration(checked: _Checked) -> None:
    for language, path, file in SOURCES:
        extract(path, language, file.read_bytes())
    assert {"let", "assigned", "parameter", "property", "type_parameter"} <= set(checked.how)
    assert set(LocalKind) <= {local.kind for local in checked.locals}
    assert checked.globals
