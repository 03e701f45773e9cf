"""Cross-check codeknit's SCIP output against scip-python, Sourcegraph's own indexer for Python.

    python bench/scip_python_check.py [TREE] [--scip-python PATH] [--json]

TREE defaults to the golden Python fixture. scip-python comes from npm
(``npm ci`` in ``tools/node-checkers`` installs ``@sourcegraph/scip-python``; it runs
offline). Both indexes are decoded with the ``protobuf`` package (our ``scip.proto``,
compiled by grpcio-tools' protoc) and compared by position, since the two tools name
symbols differently:

* **definitions**: every definition codeknit emits must have a scip-python definition
  at exactly the same range (scip-python defines more: parameters, locals);
* **references**: at each position where both tools place a reference to a symbol
  defined in the project, both must point at the same definition (compared by the
  range of that definition). Positions only one tool resolves are counted apart.
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

REPO = Path(__file__).resolve().parent.parent
DEFAULT_TREE = REPO / "tests" / "golden" / "python" / "input"
DEFAULT_SCIP_PYTHON = REPO / "tools" / "node-checkers" / "node_modules" / ".bin" / "scip-python"
DEFINITION = 0x1

Location = tuple[str, tuple[int, ...]]


def scip_module(workdir: Path) -> ModuleType:
    from grpc_tools import protoc

    proto_dir = REPO / "src" / "codeknit" / "exporters"
    status = protoc.main(["protoc", f"-I{proto_dir}", f"--python_out={workdir}", str(proto_dir / "scip.proto")])
    if status != 0:
        raise SystemExit("protoc could not compile scip.proto")
    sys.path.insert(0, str(workdir))
    try:
        return importlib.import_module("scip_pb2")
    finally:
        sys.path.remove(str(workdir))


def _range(values: Iterable[int]) -> tuple[int, ...]:
    values = tuple(values)
    return (values[0], values[1], values[0], values[2]) if len(values) == 3 else values


def occurrences(index: Any) -> tuple[dict[str, list[Location]], dict[Location, list[str]]]:
    """(symbol → its definition locations, reference location → symbols referenced there)."""
    definitions: dict[str, list[Location]] = {}
    references: dict[Location, list[str]] = {}
    for document in index.documents:
        for occurrence in document.occurrences:
            location = (document.relative_path, _range(occurrence.range))
            if occurrence.symbol.startswith("local "):
                continue
            if occurrence.symbol_roles & DEFINITION:
                definitions.setdefault(occurrence.symbol, []).append(location)
            else:
                references.setdefault(location, []).append(occurrence.symbol)
    return definitions, references


def run_scip_python(tree: Path, executable: Path, workdir: Path) -> bytes:
    copy = workdir / "tree"
    shutil.copytree(tree, copy)
    output = workdir / "index.scip"
    command = [str(executable), "index", "--project-name", tree.name, "--project-version", "0",
               "--output", str(output), "."]
    result = subprocess.run(command, cwd=copy, capture_output=True, text=True, timeout=600, check=False)
    if result.returncode != 0 or not output.exists():
        raise SystemExit(f"scip-python failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return output.read_bytes()


def compare(tree: Path, executable: Path) -> dict[str, Any]:
    import codeknit
    from codeknit.exporters import scip

    with tempfile.TemporaryDirectory(prefix="scip-check-") as temporary:
        workdir = Path(temporary)
        pb2 = scip_module(workdir)
        theirs = pb2.Index()
        theirs.ParseFromString(run_scip_python(tree, executable, workdir))
        buffer = io.BytesIO()
        scip.export(codeknit.index(tree, collect_tests=True), buffer)
        ours = pb2.Index()
        ours.ParseFromString(buffer.getvalue())

    our_definitions, our_references = occurrences(ours)
    their_definitions, their_references = occurrences(theirs)
    their_definition_sites = {loc for locs in their_definitions.values() for loc in locs}
    our_definition_sites = sorted({loc for locs in our_definitions.values() for loc in locs})
    missing = [loc for loc in our_definition_sites if loc not in their_definition_sites]

    agree = disagree = only_ours = only_theirs = 0
    disagreements: list[dict[str, Any]] = []
    only_ours_sites: list[Location] = []
    for location, symbols in sorted(our_references.items()):
        targets = {loc for s in symbols if s.startswith("codeknit . ") for loc in our_definitions.get(s, [])}
        if not targets:
            continue  # an external symbol: scip-python names those by its own package scheme
        theirs_here = {loc for s in their_references.get(location, []) for loc in their_definitions.get(s, [])}
        if not theirs_here:
            only_ours += 1
            only_ours_sites.append(location)
        elif targets & theirs_here:
            agree += 1
        else:
            disagree += 1
            disagreements.append({"at": location, "codeknit": sorted(targets), "scip-python": sorted(theirs_here)})
    our_positions = set(our_references)
    for location, symbols in their_references.items():
        if location in our_positions:
            continue
        if any(their_definitions.get(s) for s in symbols):  # a reference to something defined in the project
            only_theirs += 1
    return {
        "tree": str(tree),
        "definitions": {"codeknit": len(our_definition_sites), "at the same range in scip-python":
                        len(our_definition_sites) - len(missing), "missing": missing,
                        "scip-python (all, incl. parameters and locals)": len(their_definition_sites)},
        "references": {"both resolve, same definition": agree, "both resolve, different definitions": disagree,
                       "only codeknit resolves": only_ours, "only scip-python resolves": only_theirs,
                       "disagreements": disagreements, "only codeknit, sites": only_ours_sites},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tree", type=Path, nargs="?", default=DEFAULT_TREE)
    parser.add_argument("--scip-python", type=Path, default=DEFAULT_SCIP_PYTHON)
    parser.add_argument("--json", action="store_true", help="print the full report as JSON")
    options = parser.parse_args()
    if not options.scip_python.exists():
        raise SystemExit(f"{options.scip_python} not found: run `npm ci` in tools/node-checkers")
    report = compare(options.tree.resolve(), options.scip_python)
    if options.json:
        print(json.dumps(report, indent=1, default=list))
        return
    definitions, references = report["definitions"], report["references"]
    print(f"tree: {report['tree']}")
    print(f"definitions: {definitions['at the same range in scip-python']}/{definitions['codeknit']} of codeknit's "
          f"at the same range in scip-python (which has {definitions['scip-python (all, incl. parameters and locals)']}"
          f" in all); missing: {definitions['missing']}")
    agreed = references["both resolve, same definition"]
    both = agreed + references["both resolve, different definitions"]
    print(f"references resolved by both: {agreed}/{both} agree; only codeknit: {references['only codeknit resolves']}; "
          f"only scip-python: {references['only scip-python resolves']}")
    for item in references["disagreements"]:
        print(f"  disagree at {item['at']}: codeknit {item['codeknit']}, scip-python {item['scip-python']}")


if __name__ == "__main__":
    main()
