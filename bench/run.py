"""codeknit's benchmark: the limit, universal-ctags, callix and codeknit (cold, warm, one-file change), same run.

    .venv/bin/python bench/run.py [--corpus NAME … | --targets] [--local DIR …] [--quick]
                                  [--tools limit,ctags,callix,codeknit] [--workers 2] [--repeat N]
                                  [--baseline SRC] [--out FILE] [--markdown FILE]
    .venv/bin/python bench/run.py --report FILE.json     # a result file as Markdown
    .venv/bin/python bench/run.py --list                 # the corpora and their pinned packages

Corpora are fetched from package registries at pinned versions and cached in ``$CODEKNIT_BENCH_DIR``
(default ``~/.cache/codeknit-bench``); callix gets its own virtualenv there. The result file goes to
``bench/results/<date>-<host>[-quick].json`` unless ``--out`` says otherwise. Not run by CI: see
docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from knitbench import corpora, harness, report  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", action="append", default=[], metavar="NAME",
                        help="a corpus by name (repeatable; default: all, unless --local is given)")
    parser.add_argument("--targets", action="store_true",
                        help=f"the corpora issue 9's targets name: {', '.join(corpora.TARGET_CORPORA)}")
    parser.add_argument("--local", action="append", default=[], type=Path, metavar="DIR",
                        help="also measure a local folder (all languages codeknit detects; no callix)")
    parser.add_argument("--quick", action="store_true",
                        help=f"cut each corpus to its first {harness.QUICK_BYTES} bytes of source, in path order")
    parser.add_argument("--tools", default=",".join(harness.TOOLS), help="which of limit,ctags,callix,codeknit")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help="measure the cold side (limit, cold, cold --no-points-to) in N rounds; each row is "
                             "the median round, and every round is kept (default 1)")
    parser.add_argument("--baseline", type=Path, metavar="SRC",
                        help="another checkout's src folder: a cold run of it (put first on PYTHONPATH) joins each "
                             "round, after this checkout's, and the report gives the ratios per round")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds per tool run")
    parser.add_argument("--out", type=Path, help="the result file")
    parser.add_argument("--markdown", type=Path, help="also write the report as Markdown here")
    parser.add_argument("--report", type=Path, metavar="FILE.json", help="print a result file as Markdown and stop")
    parser.add_argument("--list", action="store_true", help="list the corpora and stop")
    args = parser.parse_args(argv)

    if args.report:
        print(report.render(json.loads(args.report.read_text())), end="")
        return 0
    if args.list:
        for corpus in corpora.CORPORA:
            callix = f", callix {corpus.callix}" if corpus.callix else ""
            print(f"{corpus.name:14} {','.join(corpus.languages):22} {corpus.versions} → {corpus.tree}{callix}")
        return 0
    tools = tuple(tool for tool in args.tools.split(",") if tool)
    unknown = [tool for tool in tools if tool not in harness.TOOLS]
    missing = [name for name in args.corpus if name not in corpora.BY_NAME]
    if unknown or missing:
        parser.error(f"unknown tools {unknown} or corpora {missing}; corpora: {', '.join(corpora.BY_NAME)}")
    names = list(dict.fromkeys([*args.corpus, *(corpora.TARGET_CORPORA if args.targets else ())]))
    if names:
        selected = [corpora.BY_NAME[name] for name in names]
    else:
        selected = [] if args.local else list(corpora.CORPORA)
    options = harness.Options(workers=args.workers, quick=args.quick, tools=tools, timeout=args.timeout,
                              repeat=args.repeat, baseline=args.baseline.resolve() if args.baseline else None)
    written: list[Path] = []

    def save(result: dict[str, object]) -> None:
        """Write the result file: after each corpus (so a stopped run keeps what it measured), then whole."""
        if not written:
            written.append(args.out or harness.default_result_path(result))
            written[0].parent.mkdir(parents=True, exist_ok=True)
        if "finished" in result:
            snapshot = {**result, "partial": False}
        else:
            snapshot = {**result, "partial": True, "finished": "(stopped)", "loadavg_end": list(os.getloadavg()),
                        "targets": harness.targets(result["corpora"])}  # type: ignore[arg-type]
        written[0].write_text(json.dumps(snapshot, indent=1, ensure_ascii=False) + "\n")

    result = harness.run(selected, args.local, options, checkpoint=save)
    save(result)
    out = written[0]
    text = report.render(result)
    if args.markdown:
        args.markdown.write_text(text)
    print()
    print(text, end="")
    print(f"\nresult: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
