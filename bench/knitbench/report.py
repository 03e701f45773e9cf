"""A result file as Markdown: the corpora, one table of figures per tool, the ratios and the targets."""

from __future__ import annotations

from typing import Any

COLUMNS = ("limit", "ctags", "callix", "codeknit_cold", "codeknit_cold_no_points_to", "codeknit_warm",
           "codeknit_change", "codeknit_move", "baseline_cold")
LABELS = {"limit": "limit (parse+query)", "ctags": "ctags", "callix": "callix", "codeknit_cold": "codeknit cold",
          "codeknit_cold_no_points_to": "codeknit cold, --no-points-to",
          "codeknit_warm": "codeknit warm", "codeknit_change": "codeknit 1-file change",
          "codeknit_move": "codeknit 1-file move", "baseline_cold": "baseline cold"}


def _cell(row: dict[str, Any] | None) -> str:
    if not row:
        return "–"
    if row.get("status") != "ok":
        return row.get("status", "?")
    rate = f"{row['mb_per_s']:.1f} MB/s" if row.get("mb_per_s") is not None else ""
    return f"{row['wall_s']:.2f} s ({row['cpu_s']:.1f} s CPU) · {rate} · {row['peak_rss_mb']:.0f} MB"


def _ratio(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}×"


def render(result: dict[str, Any]) -> str:
    machine, options = result["machine"], result["options"]
    lines = [
        f"Run {result['started']} → {result['finished']} on `{machine['host']}` ({machine.get('cpus')} CPUs, "
        f"{machine.get('memory_gib')} GiB, {machine.get('cpu', '')}); load average "
        f"{result['loadavg_start'][0]:.1f} at the start, {result['loadavg_end'][0]:.1f} at the end; "
        f"{options['workers']} workers{'; **quick** (each corpus cut to its first ' if options['quick'] else ''}"
        f"{str(options['quick_bytes']) + ' bytes in path order)' if options['quick'] else ''}.",
        "",
        "Versions: " + ", ".join(f"{key} `{value}`" for key, value in result["versions"].items()) + "; "
        + ("at the start of the run, codeknit had a persistent cache." if result.get("codeknit_cache") else
           "**at the start of the run, codeknit had no persistent cache** (no `--no-cache` flag): warm and "
           "one-file-change runs redo everything."),
        "",
        "### Corpora",
        "",
        "| corpus | packages | files | lines | MB | status |",
        "|---|---|--:|--:|--:|---|",
    ]
    for corpus in result["corpora"]:
        packages = ", ".join(f"`{spec}`" for spec in corpus.get("packages", [])) or f"local `{corpus.get('tree')}`"
        status = corpus.get("status", "?")
        if corpus.get("note"):
            status += f": {corpus['note']}"
        size = f"{corpus['bytes'] / 1e6:.2f}" if "bytes" in corpus else "–"
        lines.append(f"| {corpus['name']} | {packages} | {corpus.get('files', '–')} | {corpus.get('lines', '–')} "
                     f"| {size} | {status} |")
    states = {(c["codeknit"]["commit"][:10], c["codeknit"]["src_modified"], c["codeknit"]["cache"])
              for c in result["corpora"] if c.get("codeknit")}
    if len(states) > 1:
        lines += ["", "**codeknit changed during this run** (commit, uncommitted changes in src/, cache): "
                  + "; ".join(f"{c['name']}: `{c['codeknit']['commit'][:10]}`"
                              f"{' + changes' if c['codeknit']['src_modified'] else ''}"
                              f"{', cache' if c['codeknit']['cache'] else ', no cache'}"
                              for c in result["corpora"] if c.get("codeknit"))]
    lines += ["", "### Wall time (CPU time) · throughput · peak RSS of the process tree", "",
              "| corpus | " + " | ".join(LABELS[c] for c in COLUMNS) + " |",
              "|---|" + "---|" * len(COLUMNS)]
    for corpus in result["corpora"]:
        tools = corpus.get("tools")
        if tools:
            lines.append(f"| {corpus['name']} | " + " | ".join(_cell(tools.get(c)) for c in COLUMNS) + " |")
    lines += ["", "### Ratios of wall times", "",
              "| corpus | cold / limit | points-to added / limit | warm / cold | change / cold | move / cold "
              "| cold / ctags | limit / ctags | callix / cold | CPU: cold / limit | CPU: warm / cold "
              "| CPU: callix / cold |",
              "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for corpus in result["corpora"]:
        r = corpus.get("ratios")
        if r:
            lines.append(f"| {corpus['name']} | {_ratio(r['cold_over_limit'])} | "
                         f"{_ratio(r.get('points_to_added_over_limit'))} | {_ratio(r['warm_over_cold'])} | "
                         f"{_ratio(r['change_over_cold'])} | {_ratio(r.get('move_over_cold'))} | "
                         f"{_ratio(r['cold_over_ctags'])} | "
                         f"{_ratio(r['limit_over_ctags'])} | {_ratio(r['callix_over_cold'])} | "
                         f"{_ratio(r.get('cold_over_limit_cpu'))} | {_ratio(r.get('warm_over_cold_cpu'))} | "
                         f"{_ratio(r.get('callix_over_cold_cpu'))} |")
    repeated = [c for c in result["corpora"] if any(row.get("rounds") for row in c.get("tools", {}).values())]
    if repeated:
        lines += ["", f"### Rounds of the cold side ({options.get('repeat')} each; the rows above are the median "
                  "round)", "", "| corpus | run | wall times (s) | peak RSS (MB) |", "|---|---|---|---|"]
        for corpus in repeated:
            for column in COLUMNS:
                samples = corpus["tools"].get(column, {}).get("rounds")
                if samples:
                    lines.append(f"| {corpus['name']} | {LABELS[column]} | "
                                 + ", ".join(f"{s['wall_s']:.2f}" for s in samples) + " | "
                                 + ", ".join(f"{s['peak_rss_mb']:.0f}" for s in samples) + " |")
            against = corpus.get("ratios", {}).get("cold_over_baseline_rounds")
            if against:
                lines.append(f"| {corpus['name']} | cold / baseline cold, per round | "
                             + ", ".join("–" if a is None else f"{a:.3f}" for a in against) + " | |")
            added = corpus.get("ratios", {}).get("points_to_added_over_limit_rounds")
            if added:
                lines.append(f"| {corpus['name']} | points-to added / limit, per round | "
                             + ", ".join(f"{a:.2f}×" for a in added) + " | |")
    compared = [c for c in result["corpora"] if c.get("baseline")]
    if compared:
        lines += ["", "### Against the baseline (another checkout, run in the same rounds)", "",
                  "| corpus | baseline | cold / baseline (medians) | per round, wall | per round, CPU "
                  "| CPU, fastest / fastest | peak RSS / baseline |", "|---|---|--:|---|---|--:|--:|"]
        for corpus in compared:
            r, base = corpus.get("ratios", {}), corpus["baseline"]
            walls = ", ".join("–" if a is None else f"{a:.3f}" for a in r.get("cold_over_baseline_rounds") or [])
            cpus = ", ".join("–" if a is None else f"{a:.3f}" for a in r.get("cold_over_baseline_cpu_rounds") or [])
            peak, fast = r.get("peak_over_baseline"), r.get("cold_over_baseline_cpu_fastest")
            lines.append(f"| {corpus['name']} | `{base['commit'][:10]}`{' + changes' if base['src_modified'] else ''} "
                         f"| {_ratio(r.get('cold_over_baseline'))} | {walls} | {cpus} "
                         f"| {'–' if fast is None else f'{fast:.3f}'} "
                         f"| {'–' if peak is None else f'{peak:.3f}'} |")
    lines += ["", "### Targets (issue 9, and issue 5's on the points-to analysis)", "",
              "| target | corpus | figure | bound | |", "|---|---|--:|--:|---|"]
    for target in result["targets"]:
        verdict = {True: "met", False: "**missed**", None: "not measured"}[target["met"]]
        value = "–" if target["value"] is None else f"{target['value']:.2f} {target['unit']}"
        lines.append(f"| {target['target']} | {target['corpus']} | {value} | {target['bound']} {target['unit']} "
                     f"| {verdict} |")
    if options["quick"]:
        lines += ["", "_Quick run: the targets are checked on cut-down corpora, not on the targets' own corpora._"]
    return "\n".join(lines) + "\n"
