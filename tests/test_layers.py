"""The house's layering, read from the real import graph of ``src/codeknit``.

Every ``import`` and ``from … import`` statement counts, wherever it is written: at the top of a
module, inside a function, or under ``if TYPE_CHECKING:`` (a circle held apart by a
type-checking import is still a circle a reader has to untangle). An edge goes from the importing
module to the imported module (``from a import b`` goes to ``a.b`` when that is a module).

Checked: no circle of files; every module sits in a layer (``LAYERS``), and imports only from its
own layer or below; the output packages (skeleton, exporters, analysis) never import each other.
``docs/architecture.md`` draws the same layers.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"

#: the layers, lowest first
LAYERS = ["foundation", "graph", "language specs", "workspace", "extraction", "rule API", "rules", "resolver",
          "store", "pipeline", "outputs", "server", "cli", "package"]
#: where each module sits: (pattern, layer), the first matching pattern wins. In a pattern ``*`` stands
#: for one dotted part, ``**`` for one or more.
PLACES: list[tuple[str, str]] = [
    ("codeknit.version", "foundation"),
    ("codeknit.native", "foundation"),
    ("codeknit.tokens", "foundation"),
    ("codeknit.graph.model", "foundation"),
    ("codeknit.graph", "graph"),
    ("codeknit.graph.*", "graph"),
    # a language folder: what it says about itself is data the scan, exporters and CLI read (spec,
    # manifest); its adapter and what the adapter uses sit with the engine; its rules, and what only
    # the rules use (Python's points-to solver), above the rule-facing API
    ("codeknit.languages", "language specs"),
    ("codeknit.languages.spec", "language specs"),
    ("codeknit.languages.registry", "language specs"),
    ("codeknit.languages.manifests", "language specs"),
    ("codeknit.languages.*.spec", "language specs"),
    ("codeknit.languages.*.manifest", "language specs"),
    ("codeknit.languages.records", "extraction"),
    ("codeknit.languages.engine", "extraction"),
    ("codeknit.languages.adapters", "extraction"),
    ("codeknit.languages.typing_notes", "extraction"),
    ("codeknit.languages.scoped", "extraction"),
    ("codeknit.languages.*.rules", "rules"),
    ("codeknit.languages.*.pyflow", "rules"),
    ("codeknit.languages.*.pyflow.**", "rules"),
    ("codeknit.languages.*", "language specs"),  # a folder's own __init__ (a docstring)
    ("codeknit.languages.*.*", "extraction"),  # adapter.py and its helpers (flow.py, build.py)
    ("codeknit.workspace", "workspace"),
    ("codeknit.workspace.*", "workspace"),
    ("codeknit.resolve.api", "rule API"),
    ("codeknit.resolve.scoped", "rule API"),
    ("codeknit.resolve.receivers", "rule API"),
    ("codeknit.resolve", "resolver"),
    ("codeknit.resolve.*", "resolver"),
    ("codeknit.store", "store"),
    ("codeknit.store.*", "store"),
    ("codeknit.pipeline", "pipeline"),
    ("codeknit.pipeline.*", "pipeline"),
    ("codeknit.skeleton", "outputs"),
    ("codeknit.skeleton.**", "outputs"),
    ("codeknit.exporters", "outputs"),
    ("codeknit.exporters.**", "outputs"),
    ("codeknit.analysis", "outputs"),
    ("codeknit.analysis.**", "outputs"),
    ("codeknit.prompts", "server"),
    ("codeknit.server", "server"),
    ("codeknit.server.**", "server"),
    ("codeknit.cli", "cli"),
    ("codeknit.cli.*", "cli"),
    ("codeknit.__main__", "cli"),
    ("codeknit", "package"),
]
#: packages of the outputs layer: each imports the layers below, never another of these
OUTPUT_PACKAGES = ("codeknit.skeleton", "codeknit.exporters", "codeknit.analysis")


def _pattern(pattern: str) -> re.Pattern[str]:
    parts = [r"[^.]+(?:\.[^.]+)*" if part == "**" else r"[^.]+" if part == "*" else re.escape(part)
             for part in pattern.split(".")]
    return re.compile(r"\.".join(parts))


_PLACES = [(_pattern(pattern), LAYERS.index(layer)) for pattern, layer in PLACES]


def _module_names(src: Path) -> dict[str, Path]:
    names: dict[str, Path] = {}
    for path in sorted((src / "codeknit").rglob("*.py")):
        parts = list(path.relative_to(src).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def import_graph(src: Path = SRC) -> dict[str, set[str]]:
    """Module → the codeknit modules it imports (every import statement, see the module docstring)."""
    modules = _module_names(src)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + 1]
                    origin = ".".join(base + ([node.module] if node.module else []))
                else:
                    origin = node.module or ""
                targets = [f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in modules else origin
                           for alias in node.names]
            else:
                continue
            for target in targets:
                while target and target not in modules:  # ``import a.b.c`` of a module: itself; else its package
                    target = target.rpartition(".")[0]
                if target.startswith("codeknit") and target != name:
                    edges.add(target)
        graph[name] = edges
    return graph


def layer_of(module: str) -> int | None:
    """The index of ``module``'s layer in :data:`LAYERS` (None: no place names it)."""
    return next((layer for pattern, layer in _PLACES if pattern.fullmatch(module)), None)


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def upward_imports(graph: dict[str, set[str]]) -> list[str]:
    """Each import from a lower layer to a higher one, as ``importer (layer) -> imported (layer)``."""
    wrong = []
    for module, targets in sorted(graph.items()):
        here = layer_of(module)
        for target in sorted(targets):
            there = layer_of(target)
            if here is not None and there is not None and there > here:
                wrong.append(f"{module} ({LAYERS[here]}) -> {target} ({LAYERS[there]})")
    return wrong


def sibling_imports(graph: dict[str, set[str]]) -> list[str]:
    """Imports between two different output packages."""
    def package(module: str) -> str | None:
        return next((p for p in OUTPUT_PACKAGES if module == p or module.startswith(p + ".")), None)

    return [f"{module} -> {target}" for module, targets in sorted(graph.items()) for target in sorted(targets)
            if package(module) and package(target) and package(module) != package(target)]


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph()


def test_every_module_has_a_layer(graph: dict[str, set[str]]) -> None:
    assert [module for module in sorted(graph) if layer_of(module) is None] == []


def test_no_circle_of_files(graph: dict[str, set[str]]) -> None:
    assert cycles(graph) == []


def test_imports_point_down(graph: dict[str, set[str]]) -> None:
    assert upward_imports(graph) == []


def test_outputs_do_not_import_each_other(graph: dict[str, set[str]]) -> None:
    assert sibling_imports(graph) == []


def test_the_model_loads_nothing_above_it(graph: dict[str, set[str]]) -> None:
    assert graph["codeknit.graph.model"] == set()
    assert graph["codeknit.version"] == set()


def test_the_checks_see_what_they_should(tmp_path: Path) -> None:
    """The checks themselves, on a small tree written here: a circle, an upward import, a sibling
    import and a module without a layer are all reported."""
    package = tmp_path / "codeknit"
    files = {
        "__init__.py": "",
        "version.py": "",
        "graph/__init__.py": "from codeknit.graph import model\n",
        "graph/model.py": "import typing\nif typing.TYPE_CHECKING:\n    from codeknit.graph import jsonio\n",
        "graph/jsonio.py": "from .model import Symbol\nfrom codeknit import version\n",
        "store/__init__.py": "",
        "store/db.py": "def f():\n    from codeknit.cli import main\n",
        "skeleton/__init__.py": "from ..exporters import scip\n",
        "exporters/__init__.py": "",
        "exporters/scip.py": "import codeknit.graph.model\n",
        "cli/__init__.py": "main = None\n",
        "stray.py": "",
    }
    for name, text in files.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    found = import_graph(tmp_path)
    assert found["codeknit.graph.jsonio"] == {"codeknit.graph.model", "codeknit.version"}
    assert found["codeknit.exporters.scip"] == {"codeknit.graph.model"}
    assert cycles(found) == [["codeknit.graph.jsonio", "codeknit.graph.model"]]
    assert upward_imports(found) == [
        "codeknit.graph.model (foundation) -> codeknit.graph.jsonio (graph)",
        "codeknit.store.db (store) -> codeknit.cli (cli)",
    ]
    assert sibling_imports(found) == ["codeknit.skeleton -> codeknit.exporters.scip"]
    assert [m for m in sorted(found) if layer_of(m) is None] == ["codeknit.stray"]
