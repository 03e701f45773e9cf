"""A member of a value of unknown type gets candidates only from languages whose code can call the caller's
(``LanguageSpec.runtime``): in a tree of Java, Kotlin and Python, a Java call of ``poke()`` on an unknown
value may mean the Kotlin class's method, never the Python class's."""

from __future__ import annotations

from pathlib import Path

from codeknit import index
from codeknit.graph.model import EdgeKind, Resolution


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def _candidates(root: Path, source_suffix: str, text_suffix: str) -> set[str]:
    graph = index(root, workers=1, cache=False)
    found = [r for r in graph.relations if r.kind is EdgeKind.CALLS and r.source.endswith(source_suffix)
             and r.text.endswith(text_suffix)]
    assert found, f"no call of {text_suffix} from {source_suffix}"
    assert all(r.resolution is Resolution.AMBIGUOUS for r in found)
    return {c.split("::", 1)[0] for r in found for c in r.candidates}


def test_candidates_come_from_the_callers_runtime_only(tmp_path: Path) -> None:
    _write(tmp_path, {
        "src/J.java": "class J { void poke() {} }\nclass U { void run() { unknown().poke(); } }\n",
        "src/K.kt": "class K { fun poke() {} }\n",
        "src/p.py": "class P:\n    def poke(self):\n        pass\n\n\ndef run(x):\n    x.poke()\n",
        "src/w.rb": "class W\n  def poke; end\nend\n",
    })
    assert _candidates(tmp_path, "U.run", "poke") == {"src/J.java", "src/K.kt"}
    assert _candidates(tmp_path, "p.py::run", "poke") == {"src/p.py"}


def test_one_runtime_keeps_every_candidate(tmp_path: Path) -> None:
    _write(tmp_path, {
        "a.ts": "export class A { poke(): void {} }\n",
        "b.js": "export class B { poke() {} }\n",
        "c.ts": "export function run(x: any): void { x.poke(); }\n",
    })
    assert _candidates(tmp_path, "c.ts::run", "poke") == {"a.ts", "b.js"}
