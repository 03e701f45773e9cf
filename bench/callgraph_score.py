"""Precision and recall of ``calls`` edges over the hand-written programs in ``tests/callgraph``.

    .venv/bin/python bench/callgraph_score.py [-v]

An item is a resolved edge (source → target) or an ambiguous edge (source → exactly these
candidates). Precision = matching items / produced items, recall = matching items / expected
items, per category and overall. ``-v`` lists the differences per case.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "callgraph"))

from callgraph_cases import all_cases, analyse, load, show  # noqa: E402


def main() -> None:
    verbose = "-v" in sys.argv
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # cases, matched, produced, expected
    for path in all_cases():
        case = load(path)
        found = analyse(case)
        matched = len(found & case.expected)
        for key in (case.category, "ALL"):
            row = totals[key]
            row[0] += 1
            row[1] += matched
            row[2] += len(found)
            row[3] += len(case.expected)
        if verbose and found != case.expected:
            missing, extra = show(case.expected - found), show(found - case.expected)
            print(f"{case.category}/{case.name}: missing {missing} extra {extra}")
    print(f"{'category':<16}{'cases':>6}{'precision':>11}{'recall':>8}")
    for key in sorted(totals, key=lambda k: (k == "ALL", k)):
        cases, matched, produced, expected = totals[key]
        precision = matched / produced if produced else 1.0
        recall = matched / expected if expected else 1.0
        print(f"{key:<16}{cases:>6}{precision:>11.3f}{recall:>8.3f}")


if __name__ == "__main__":
    main()
