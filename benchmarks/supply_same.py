"""Same supply results before and after a change to the supply code: the full JSON report of
``compute_supply`` on 94 positions, kept in a file by one commit and compared by another.

    .venv/bin/python benchmarks/supply_same.py make /tmp/supply-same.json   # on the old code
    .venv/bin/python benchmarks/supply_same.py check /tmp/supply-same.json  # on the new code

The positions: the benchmark position in five weathers and turns, 24 more seeds of it, each
also with 30% and 10% of its units moved at random and three SCs added on half of them, ten
with the German HQs crowded around OB West (its radius and slots contested), every shipped
D-Day '77 and Utah Beach scenario's start, and the campaign game after 600 and 2,000 random
legal actions (the latter is the benchmark's campaign turn 25). Each is recomputed with and
without the why-not searches, for both sides and for each side alone. ``check`` prints the
first differing lines of each position that differs and exits 1 if any does.
"""

from __future__ import annotations

import difflib
import json
import random
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT)]

from ddaydesk.rules.supply import SupplyInput, compute_supply, load_supply_params  # noqa: E402


def _moved(inp: SupplyInput, seed: int, frac: float) -> SupplyInput:
    rnd = random.Random(seed)
    b = inp.board
    land = [i for i in range(b.n) if b.terrain_names[b.terrain[i]] not in ("sea", "neutral")]
    taken = {u.place for u in inp.units}
    units = []
    for u in inp.units:
        if rnd.random() < frac:
            pl = rnd.choice(land)
            if pl not in taken:
                taken.discard(u.place)
                taken.add(pl)
                u = u._replace(place=pl)
        units.append(u)
    scs = list(inp.supply_centres)
    if rnd.random() < .5:
        scs += rnd.sample(land, 3)
    return replace(inp, units=units, supply_centres=tuple(scs))


def positions() -> list[SupplyInput]:
    from supply_position import campaign_position

    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.paths import scenarios_dir
    from ddaydesk.rules.supply.adapter import from_game_state, from_scenario
    from tests.ui.longgame import play_campaign

    out = [campaign_position(weather=w, turn=t)
           for w, t in (("clear", 1), ("rain", 5), ("mud", 8), ("snow", 30), ("clear", 40))]
    for s in range(1, 25):
        base = campaign_position(seed=s)
        out += [base, _moved(base, s, 0.3), _moved(base, s + 100, 0.1)]
    base = campaign_position()
    obw = next(u for u in base.units if u.hq == "ob_west")
    for s in range(10):  # German HQs around OB West: its radius and slots contested
        rnd = random.Random(s)
        units = [u._replace(place=obw.place + rnd.choice((-3, -2, 2, 3, -120, 120, -60, 60)))
                 if u.side == "german" and u.type == "hq" and u.hq != "ob_west" and rnd.random() < .8 else u
                 for u in base.units]
        out.append(replace(base, units=units))
    for f in sorted(scenarios_dir().glob("*.yaml")):
        sc = load_scenario(f)
        if sc.system.id in ("dday77", "fmu"):
            out.append(from_scenario(sc))
    out += [from_game_state(play_campaign(n).state) for n in (600, 2000)]
    return out


def reports(inp: SupplyInput) -> list[str]:
    p = load_supply_params(inp.system)
    sides = (None,) if inp.system == "fmu" else (None, ("german",), ("allied",))
    return [json.dumps(compute_supply(inp, p, explain=explain, sides=s).to_json(), sort_keys=True)
            for explain in (True, False) for s in sides]


def main(argv: list[str]) -> int:
    what, path = argv
    got = [reports(inp) for inp in positions()]
    if what == "make":
        Path(path).write_text(json.dumps(got))
        print(f"{len(got)} positions kept in {path}")
        return 0
    want = json.loads(Path(path).read_text())
    assert len(want) == len(got), (len(want), len(got))
    bad = 0
    for k, (a, b) in enumerate(zip(got, want, strict=True)):
        for x, y in zip(a, b, strict=True):
            if x != y:
                bad += 1
                diff = difflib.unified_diff(json.dumps(json.loads(y), indent=1).splitlines(),
                                            json.dumps(json.loads(x), indent=1).splitlines(), lineterm="")
                print(f"position {k} differs:", *list(diff)[:30], sep="\n")
                break
    print(f"{len(got)} positions, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
