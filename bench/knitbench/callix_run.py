"""Run callix on one tree with symbol resolution on; run by the Python of callix's own virtualenv.

    CALLIX_PYTHON bench/knitbench/callix_run.py ADAPTER ROOT FILELIST

ADAPTER is ``python`` or ``typescript``; FILELIST a JSON list of ``[absolute path, language, relative
path]`` (the files codeknit analyses), handed to ``analyze(root, files=…)`` so that both tools read the
same files. ``resolve=True`` is callix's default and is passed explicitly. Prints one JSON line: nodes,
relations, the resolver's status and metrics.
"""

from __future__ import annotations

import json
import sys


def main() -> int:
    adapter_name, root, filelist = sys.argv[1:4]
    import callix

    adapters = {"python": callix.PythonAdapter, "typescript": callix.TypeScriptAdapter}
    adapter = adapters[adapter_name](resolve=True)
    with open(filelist) as stream:
        wanted = adapter.file_extensions()
        files = [item[0] for item in json.load(stream) if any(item[0].endswith(ext) for ext in wanted)]
    graph = adapter.analyze(root, files=files)
    metadata = dict(graph.metadata)
    report = {
        "callix": callix.__version__,
        "files": len(files),
        "nodes": len(graph.nodes),
        "relations": len(graph.relations),
        "resolver_status": str(metadata.get(callix.RESOLVER_STATUS_KEY)),
        "resolver_metrics": str(metadata.get(callix.RESOLVER_METRICS_KEY))[:500],
    }
    json.dump(report, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
