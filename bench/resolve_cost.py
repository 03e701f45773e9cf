"""Measure the resolver alone on pickled extractions (stop 38).

dump: ``resolve_cost.py dump ROOT OUT.pkl [lang,lang]`` runs extraction as ``codeknit.index`` does and
pickles what :func:`build_graph` receives, then stops.
run: ``resolve_cost.py run OUT.pkl [--setup-only] [--points-to] [--write GRAPH.json]`` resolves the pickle once (the
collector off, as the pipeline runs it). Callgrind recipe: ``PYTHONHASHSEED=0 valgrind
--tool=callgrind --callgrind-out-file=/dev/null python bench/resolve_cost.py run X.pkl``, minus the
same with ``--setup-only``: the difference is the resolver's instructions.
"""
import gc
import pickle
import sys
from pathlib import Path

if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "dump":
        import codeknit
        from codeknit.pipeline import assemble

        def grab(extractions, **kw):  # type: ignore[no-untyped-def]
            keep = {k: v for k, v in kw.items() if k in ("root", "source_root", "resolve")}
            with open(sys.argv[3], "wb") as f:
                pickle.dump((extractions, keep), f, protocol=5)
            raise SystemExit(0)

        assemble.build_graph = grab  # type: ignore[assignment]
        langs = sys.argv[4].split(",") if len(sys.argv) > 4 else None
        codeknit.index(sys.argv[2], workers=2, languages=langs)
    else:
        from codeknit.resolve.resolver import build_graph

        with open(sys.argv[2], "rb") as f:
            extractions, kw = pickle.load(f)
        if isinstance(kw.get("source_root"), str):
            kw["source_root"] = Path(kw["source_root"])
        gc.disable()  # as the pipeline runs it (collector_paused)
        if "--setup-only" not in sys.argv:
            graph = build_graph(extractions, points_to="--points-to" in sys.argv, consume=True, **kw)
            print(len(graph.relations))
            if "--write" in sys.argv:  # the graph as graph.json is written, to compare runs (cmp)
                from codeknit.graph.jsonio import write_graph

                with open(sys.argv[sys.argv.index("--write") + 1], "wb") as out:
                    write_graph(graph, out)
