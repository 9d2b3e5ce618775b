"""Mutation testing of the rules: ``python3 -m tools.mutation COMMAND [subset]`` (docs/mutation.md).

    tables   our mutator over ddaydesk/rules/data: each number +1 and -1, each list with two
             entries swapped and its first and its last entry dropped; each mutant run against
             the tests that cite its rule ids (else the test files that read its table)
    code     mutmut over the rules procedures ([tool.mutmut] in pyproject.toml): each mutant run
             against the tests that call its function
    all      both, tables first
    report   write docs/mutation-report.md from the results kept so far

Subsets: --system dday77|fmu|pkd|ddd|dd2 (code: also movement, supply, combat, rules),
--mutant NAME (code: a mutmut name or a glob; repeatable), --by TEST (code: only against
these tests, recording kills; see code_targeted.py),
--file crt.yaml or ddaydesk/rules/supply/trace.py, --rule FMU-AIRB-02, --sample N (a random
sample of N mutants of the subset, the same for the same --seed S), --limit N (the first N
still to run). --list
prints the subset and runs nothing; --fresh runs it again even where results are kept;
--retry (code) runs its survivors again, after tests were added for them.

Every campaign runs at the lowest priority (nice 19) and one mutant at a time, and goes on
where the last one stopped: results are kept in mutants/ (not in git). The command installs
what it needs into .venv (the project's ``mutation`` extra) on first use.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REPORT = ROOT / "docs" / "mutation-report.md"


def _bootstrap() -> None:
    """Re-run this command inside .venv, with mutmut installed, at nice 19."""
    venv_py = ROOT / ".venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    inside = Path(sys.prefix).resolve() == (ROOT / ".venv").resolve()
    if inside:
        try:
            import mutmut  # noqa: F401
        except ImportError:
            pass
        else:
            return
    if not venv_py.exists() or inside:
        sys.path.insert(0, str(ROOT))
        import dev

        dev.ensure_venv()
        subprocess.run([str(venv_py), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                        "-e", ".[test,mutation]"], check=True, cwd=ROOT)
    os.execv(str(venv_py), [str(venv_py), "-m", "tools.mutation", *sys.argv[1:]])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m tools.mutation", description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=["tables", "code", "all", "report"])
    ap.add_argument("--system", help="a system (dday77, fmu, pkd, ddd, dd2) or, for code, an area")
    ap.add_argument("--file", help="one table (crt.yaml, fmu/crt.yaml) or one source file")
    ap.add_argument("--rule", help="only the mutants tagged with (tables) or cited by (code) this id")
    ap.add_argument("--mutant", action="append", default=[],
                    help="code: this mutmut mutant (a name or a glob over names; repeatable)")
    ap.add_argument("--by", action="append", default=[],
                    help="code: run the chosen mutants against these tests only (node ids or files; "
                         "repeatable): kills are recorded, the rest is left to mutmut (code_targeted.py)")
    ap.add_argument("--sample", type=int, help="a random sample of this many mutants of the subset")
    ap.add_argument("--seed", type=int, default=0, help="the sample's seed (the same seed, the same sample)")
    ap.add_argument("--limit", type=int, help="run at most this many mutants of the subset now (the rest later)")
    ap.add_argument("--timeout", type=float, default=600.0, help="tables: seconds a mutant may take")
    ap.add_argument("--fresh", action="store_true", help="run the subset again, forgetting its results")
    ap.add_argument("--retry", action="store_true",
                    help="run the subset's survivors again (tables: only them; both also rerun by themselves when "
                         "their tests change)")
    ap.add_argument("--reads", action="store_true",
                    help="tables: run a mutant no test cites against the test files that read its table "
                         "(to find where its citation belongs; not counted as cited)")
    ap.add_argument("--list", action="store_true", help="print the subset, run nothing")
    args = ap.parse_args(argv)
    os.chdir(ROOT)
    os.nice(max(0, 19 - os.nice(0)))
    from tools.mutation import code_campaign, report, tables_campaign

    rc = 0
    file = args.file
    if args.command in ("tables", "all") and not (file and file.endswith(".py")):
        rc = tables_campaign.campaign(ROOT, ROOT / "mutants" / "tables", system=args.system, file=file,
                                      rule=args.rule, sample=args.sample, seed=args.seed,
                                      limit=args.limit, timeout=args.timeout,
                                      fresh=args.fresh, listing=args.list, survivors=args.retry,
                                      by_reads=args.reads) or rc
        os.chdir(ROOT)  # the table campaign works in its scratch copy
    if args.command in ("code", "all") and not (file and file.endswith(".yaml")):
        rc = code_campaign.campaign(ROOT, area=args.system, file=file, rule=args.rule,
                                    sample=args.sample, seed=args.seed, fresh=args.fresh,
                                    retry=args.retry, listing=args.list, limit=args.limit,
                                    mutants=args.mutant, by=args.by) or rc
    if args.command != "report" and args.list:
        return rc
    report.write(ROOT, REPORT)
    print(f"report: {REPORT.relative_to(ROOT)}")
    return rc


if __name__ == "__main__":
    if os.environ.get("DDAYDESK_MUTATION_NO_BOOTSTRAP") != "1":
        _bootstrap()
    sys.exit(main())
