"""Record what the compiled points-to solver is given and asked on a tree, for ``rust/pyflow``'s replay.

    .venv/bin/python bench/pyflow_record.py ROOT OUT.json
    (cd rust/pyflow && cargo run --release --example replay -- ../../OUT.json [TIMES])

The replay solves without Python (the facts, the import links and every answer the resolver gave),
so that the solver alone can be timed, profiled, or counted in instructions with
``valgrind --tool=callgrind``, which the machine's load does not move.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import orjson

import codeknit.languages.python.pyflow.compiled as compiled
from codeknit.pipeline import collector_paused, extract_all
from codeknit.resolve.resolver import build_graph
from codeknit.workspace import scan


def main() -> None:
    root, out = Path(sys.argv[1]), Path(sys.argv[2])
    files = [f for f in scan(root).files if f.language == "python"]
    with collector_paused():
        extractions = extract_all(files, workers=2)
    answers: dict[str, dict[tuple[str, ...], Any]] = {n: {} for n in
                                                         ("symbol", "mro", "external_profile", "enum_member",
                                                          "init_global", "subclasses")}
    for name in answers:
        original = getattr(compiled._Host, name)

        def recording(self: object, *args: str, original: object = original, name: str = name) -> object:
            found = original(self, *args)  # type: ignore[operator]
            answers[name][args] = found
            return found

        setattr(compiled._Host, name, recording)
    # the solver then asks for every module global it starts (the replay's host answers from the record),
    # instead of reading the solved files' from the tables the run gives it before it starts
    del compiled._Host.init_tables
    start = compiled._pyflow.start
    given: list[object] = []

    def capture(host: object, count: int, extended: list[str]) -> object:
        given[:] = [[host.file_input(index) for index in range(count)], extended]  # type: ignore[attr-defined]
        return start(host, count, extended)

    compiled._pyflow.start = capture
    with collector_paused():
        build_graph(extractions, root=root.name, source_root=root)
    inputs, extended = given
    record = [
        [[path, ids, [list(s) for s in symbols], flow, bound, [list(link) for link in links]]
         for path, ids, symbols, flow, bound, links in inputs],  # type: ignore[attr-defined]
        extended,
        [[k[0], list(v) if v else None] for k, v in answers["symbol"].items()],
        [[k[0], v] for k, v in answers["mro"].items()],
        [[k[0], [v[0], v[1]] if v is not None else None] for k, v in answers["external_profile"].items()],
        [[k[0], k[1], v] for k, v in answers["enum_member"].items()],
        [[k[0], k[1], [[kind, [list(i) for i in items]] for kind, items in v]]  # type: ignore[attr-defined]
         for k, v in answers["init_global"].items()],
        [[k[0], v] for k, v in answers["subclasses"].items()],
    ]
    out.write_bytes(orjson.dumps(record))


if __name__ == "__main__":  # guarded: extraction workers import this module
    main()
