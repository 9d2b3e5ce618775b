"""The campaign report (Markdown): scores per area and every surviving mutant with its rule
id and, where it is equivalent, the reason (``equivalent.yaml`` beside this file).

Score = killed / (run - equivalent): a mutant shown equivalent cannot be killed by any test,
since the program behaves the same with it; a surviving mutant with no reason is a gap in
the tests (or a fault in the rules) still to close.
"""

from __future__ import annotations

import fnmatch
import json
from collections import Counter, defaultdict
from pathlib import Path

import yaml

from tools.mutation import code_campaign, code_targeted
from tools.mutation.tables import enumerate_all

HERE = Path(__file__).resolve().parent
KILLED = {"killed", "timeout", "error"}


def reasons() -> list[tuple[str, str]]:
    """(glob over the mutant's key, why it is equivalent), in file order."""
    doc = yaml.safe_load((HERE / "equivalent.yaml").read_text(encoding="utf-8")) or {}
    return [(e["match"], e["why"]) for e in doc.get("equivalent", [])]


def why(key: str, table: list[tuple[str, str]]) -> str | None:
    return next((w for g, w in table if fnmatch.fnmatchcase(key, g)), None)


def _score(c: Counter) -> str:
    live = c["run"] - c["equivalent"]
    return f"{100 * c['killed'] / live:.1f}%" if live else "-"


def _with_uncited(c: Counter) -> str:
    """The score counting the uncited mutants as survivors (no test claims their clause)."""
    live = c["run"] + c["uncited"] - c["equivalent"]
    return f"{100 * c['killed'] / live:.1f}%" if live else "-"


def _first(c: Counter) -> str:
    """The score when each mutant was first run, before tests were added for the survivors
    (equivalents left out as now)."""
    live = c["run"] - c["equivalent"]
    return f"{100 * c['first_killed'] / live:.1f}%" if live else "-"


def table_rows(work: Path, eq, data: Path) -> tuple[dict, list]:
    """Only the results of the tables as they are now: a mutant of a value since removed, or
    of a table changed since it ran, is left out until it is run again."""
    path = work / "results.json"
    res = json.loads(path.read_text()) if path.exists() else {}
    now = {m.key: m.data_sha for m in enumerate_all(data)}
    by = defaultdict(Counter)
    for key in now:
        by[key.split("/")[0]]["made"] += 1
        by["all"]["made"] += 1
    surv = []
    for key, r in sorted(res.items()):
        if now.get(key) != r["data_sha"]:
            continue
        area = r["file"].split("/")[0]
        if r["status"] == "uncited":  # no test claims its clause: not run
            by[area]["uncited"] += 1
            by["all"]["uncited"] += 1
            surv.append((key, r, None))
            continue
        for a in (area, "all"):
            c = by[a]
            c["run"] += 1
            c["killed"] += r["status"] in KILLED
            c["first_killed"] += r.get("first_status", r["status"]) in KILLED
        if r["status"] not in KILLED:
            reason = why(key, eq)
            if reason:
                by[area]["equivalent"] += 1
                by["all"]["equivalent"] += 1
            surv.append((key, r, reason))
    return by, surv


def code_rows(root: Path, eq) -> tuple[dict, list]:
    res = code_campaign.all_results(root)
    first = code_campaign.first_results(root)
    by = defaultdict(Counter)
    surv = []
    for name, code in sorted(res.items()):
        if code is None:
            continue
        status = code_campaign.EXIT.get(code, "error")
        area = code_campaign.area_of(code_campaign.source_of(name))
        was = code_campaign.EXIT.get(first.get(name, code), "error")
        for a in (area, "all"):
            by[a]["run"] += 1
            by[a]["killed"] += status in KILLED
            by[a]["first_killed"] += was in KILLED
        if status not in KILLED:
            reason = why(name, eq)
            if reason:
                by[area]["equivalent"] += 1
                by["all"]["equivalent"] += 1
            surv.append((name, status, reason))
    for name in code_targeted.results(root):  # killed by a chosen test: kept out of the score
        if res.get(name, 0) is None:
            by[code_campaign.area_of(code_campaign.source_of(name))]["targeted"] += 1
            by["all"]["targeted"] += 1
    made = Counter(code_campaign.area_of(code_campaign.source_of(n)) for n in res)
    for area, n in made.items():
        by[area]["made"] = n
        by["all"]["made"] += n
    return by, surv


# The seeded per-area samples of the code campaign (docs/mutation.md)
CODE_SAMPLE, CODE_SEED = 30, 1
CODE_AREAS = ("combat", "supply", "rules", "movement")


def code_sample_rows(root: Path, eq) -> tuple[list[str], list[tuple[str, str]]]:
    """Each area's seeded sample: how much of it mutmut has run and its score so far, and its
    score counting a kill by any test (mutmut's or a chosen one) with every mutant neither
    killed nor written down as equivalent counted as a survivor (a lower bound: a mutant not
    run yet may still die). Also the sample's mutants counted so, with what is known of them."""
    res = code_campaign.all_results(root)
    targeted = code_targeted.results(root)
    rows, open_ = [], []
    total = Counter()
    for area in CODE_AREAS:
        picked = code_campaign.select(root, res, area, sample=CODE_SAMPLE, seed=CODE_SEED)
        c = Counter()
        for name in picked:
            status = code_campaign.EXIT.get(res[name], "error") if res[name] is not None else None
            killed = status in KILLED or name in targeted
            equivalent = not killed and why(name, eq) is not None
            c["any_killed"] += killed
            c["any_equivalent"] += equivalent
            if not killed and not equivalent:
                open_.append((name, "survived mutmut's run" if status else
                              "not run by mutmut, not killed by a chosen test"))
            if status is None:
                c["targeted"] += name in targeted
                continue
            c["run"] += 1
            c["killed"] += status in KILLED
            c["equivalent"] += status not in KILLED and why(name, eq) is not None
        c["picked"] = len(picked)
        total.update(c)
        rows.append(_sample_row(area, c))
    rows.append(_sample_row("all", total))
    return rows, open_


def _sample_row(area: str, c: Counter) -> str:
    live = c["picked"] - c["any_equivalent"]
    bound = f"{100 * c['any_killed'] / live:.1f}%" if live else "-"
    return (f"| {area} | {c['picked']} | {c['run']} | {c['killed']} | {c['equivalent']} | {_score(c)} "
            f"| {c['targeted']} | {c['any_killed']} | {c['any_equivalent']} | {bound} |")


def write(root: Path, out: Path) -> str:
    eq = reasons()
    lines = ["# Mutation campaign report", "",
             "Written by `python3 -m tools.mutation report` from the stored results "
             "(docs/mutation.md). Score = killed / (run - equivalent); *first run* is the same "
             "figure as each mutant's first run found it, before the tests added for its survivors.", ""]
    before = HERE / "before.md"
    if before.exists():
        lines += [before.read_text(encoding="utf-8").rstrip(), ""]
    tby, tsurv = table_rows(root / "mutants" / "tables", eq, root / "ddaydesk" / "rules" / "data")
    lines += ["## Tables (`ddaydesk/rules/data`)", "",
              "Each mutant runs the test functions citing its rule ids. *Uncited*: mutants of values "
              "whose rule ids no test cites, not run (no test claims to prove them); the last column "
              "counts them as survivors.", "",
              "| system | mutants made | run | killed | equivalent | score | first run | uncited "
              "| score, uncited as survivors |",
              "|---|---|---|---|---|---|---|---|---|"]
    for area in sorted(tby, key=lambda a: (a == "all", a)):
        c = tby[area]
        lines.append(f"| {area} | {c['made']} | {c['run']} | {c['killed']} | {c['equivalent']} | {_score(c)} "
                     f"| {_first(c)} | {c['uncited']} | {_with_uncited(c)} |")
    lines += ["", "### Surviving table mutants", "", "| mutant | line | rule | change | status | why |",
              "|---|---|---|---|---|---|"]
    for key, r, reason in tsurv:
        if r["status"] != "uncited":
            lines.append(f"| `{key}` | {r['line']} | {', '.join(r['rules']) or '-'} | {r['before']} → {r['after']} "
                         f"| {r['status']} | {reason or '**to kill**'} |")
    lines += ["", "### Uncited table mutants", "",
              "No test cites the rule ids of these values. *Noticed by*: a test that failed when the "
              "mutant ran against the test files reading its table (an earlier campaign, or `--reads`): "
              "where a citation may belong, if that test asserts the clause.", "",
              "| rule | mutants | values | noticed by |", "|---|---|---|---|"]
    groups: dict[str, list] = defaultdict(list)
    for key, r, _ in tsurv:
        if r["status"] == "uncited":
            groups[", ".join(r["rules"]) or "-"].append((key, r))
    for rule, items in sorted(groups.items()):
        values = sorted({f"{r['file']}:{r['line']}" for _, r in items})
        noticed = sorted({r["noticed_by"].split("::")[0] for _, r in items if r.get("noticed_by")})
        shown = ", ".join(values[:4]) + (f" and {len(values) - 4} more" if len(values) > 4 else "")
        lines.append(f"| {rule} | {len(items)} | {shown} | {', '.join(noticed) or '-'} |")
    cby, csurv = code_rows(root, eq)
    sample_rows, sample_open = code_sample_rows(root, eq)
    lines += ["", "## Code (mutmut, `[tool.mutmut]`)", "",
              "| area | mutants made | run | killed | equivalent | score | first run | killed by a chosen test |",
              "|---|---|---|---|---|---|---|---|"]
    for area in sorted(cby, key=lambda a: (a == "all", a)):
        c = cby[area]
        lines.append(f"| {area} | {c['made']} | {c['run']} | {c['killed']} | {c['equivalent']} | {_score(c)} "
                     f"| {_first(c)} | {c['targeted']} |")
    lines += ["", "*Killed by a chosen test*: mutants run with `--by TEST` against the tests written or "
              "found for them (`code_targeted.py`), not by mutmut: kept out of *run* and the score, since "
              "that way records kills only (listed below).",
              "", f"Each area's seeded sample (`code --system AREA --sample {CODE_SAMPLE} --seed {CODE_SEED}`), "
              "as far as it has run:", "",
              "| area | sample | run | killed | equivalent | score | killed by a chosen test "
              "| killed by any test | equivalent (written down) | lower bound |",
              "|---|---|---|---|---|---|---|---|---|---|",
              *sample_rows,
              "", "*Lower bound*: killed by any test / (sample - equivalent), every other mutant of the "
              "sample counted as a survivor (listed below with what is known of it)."]
    lines += ["", "### Sample mutants counted as survivors", "", "| mutant | rule | what is known |", "|---|---|---|"]
    lines += [f"| `{n}` | {', '.join(code_campaign.rules_of(root, n)) or '-'} | {w} |" for n, w in sample_open]
    lines += ["", "### Surviving code mutants", "",
              "`mutmut show NAME` prints the change.", "", "| mutant | rule | status | why |", "|---|---|---|---|"]
    for name, status, reason in csurv:
        rules = ", ".join(code_campaign.rules_of(root, name)) or "-"
        lines.append(f"| `{name}` | {rules} | {status} | {reason or '**to kill**'} |")
    res = code_campaign.all_results(root)
    lines += ["", "### Code mutants killed by a chosen test", "",
              "`code --mutant NAME --by TEST`: the first test that failed with the mutant switched on.", "",
              "| mutant | killed by |", "|---|---|"]
    lines += [f"| `{n}` | `{t}` |" for n, t in sorted(code_targeted.results(root).items()) if res.get(n, 0) is None]
    text = "\n".join(lines) + "\n"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    return text
