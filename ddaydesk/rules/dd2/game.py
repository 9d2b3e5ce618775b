"""D-Day2 as a rules module: ``new_game`` (set-up), ``legal_actions`` and ``apply``.

The order of play is data (sequence.yaml). A phase with nothing to do is passed over with
a note. Actions that roll dice may leave casualty choices in ``state.pending``; the phase
goes on once the last one is made.
"""

from __future__ import annotations

from collections import Counter

from ddaydesk.formats.scenariofile import Scenario
from ddaydesk.rules.dd2 import fire, moves
from ddaydesk.rules.dd2.actions import Action, IllegalAction
from ddaydesk.rules.dd2.data import tables
from ddaydesk.rules.dd2.state import LAND_TYPES, DD2State, DiceLike, MapInfo

MOVE_PHASES = {"allied_move": "allied", "german_move": "german"}
BATTLE_PHASES = {"allied_battle": "allied", "german_battle": "german"}
REINFORCE_PHASES = {"allied_reinforce": "allied", "german_reinforce": "german"}
# How a player ends a phase that does not end by itself (the engine's end_phase).
END_KIND = {"naval": "end_naval", "bombing": "end_bombing", "patrol": "end_patrol",
            "allied_move": "end_moves", "german_move": "end_moves",
            "allied_reinforce": "end_placement", "german_reinforce": "end_placement"}


# -- set-up ---------------------------------------------------------------------------------
def check_scenario(sc: Scenario) -> list[str]:
    """Problems of a scenario against the D-Day2 tables (unit values, chart pools)."""
    t = tables()
    out = []
    for u in sc.units:
        st = t.units.get(u.side, {}).get(u.type)
        if st is None:
            out.append(f"unit {u.id}: D-Day2 has no {u.side} {u.type}")
        elif (u.attack, u.defence) != (st.attack, st.defence):
            out.append(f"unit {u.id}: {u.type} is {st.attack}/{st.defence} in the unit table ({st.rule}), "
                       f"not {u.attack}/{u.defence}")
    for cid, chart in t.charts.items():
        pool = Counter(u.type for u in sc.units if u.box == cid)
        want = Counter(e.type for e in chart.order)
        if pool != want:
            out.append(f"box {cid}: holds {dict(pool)}, its chart needs {dict(want)}")
    return out


def new_game(sc: Scenario, dice: DiceLike) -> DD2State:
    problems = check_scenario(sc)
    if problems:
        raise IllegalAction("; ".join(problems))
    r = tables().rules
    n = len(sc.units)
    s = DD2State(
        scenario=sc, info=MapInfo.of(sc.board), turn=sc.first_turn, phase=tables().phases[0].id,
        zone=[u.hex for u in sc.units], part=[u.part or u.box or "A" for u in sc.units],
        moved=[0] * n, stopped=[False] * n,
        game={"naval_pool": r["naval"]["pool"],
              "shots_left": 0, "bomber_depot": r["bombers"]["replacements"], "bombs": {},
              "chart_pos": {cid: 0 for cid in tables().charts}, "to_place": {}, "rolled": False,
              "streak": 0, "winner": None},
        pending=[], dice=dice,
    )
    _start_phase(s)
    return s


# -- flow -----------------------------------------------------------------------------------
def phase_side(s: DD2State) -> str:
    return next(p.side for p in tables().phases if p.id == s.phase) if s.phase != "over" else ""


def active_side(s: DD2State) -> str:
    """Who must act now: the chooser of a pending casualty choice, else the phase's side."""
    return s.pending[0]["chooser"] if s.pending else phase_side(s)


def _next_phase(s: DD2State) -> None:
    ids = [p.id for p in tables().phases]
    i = ids.index(s.phase)
    if i + 1 < len(ids):
        s.phase = ids[i + 1]
        _start_phase(s)
    else:
        _end_turn(s)


def _skip(s: DD2State, why: str) -> None:
    s.notes.append(f"turn {s.turn} {s.phase}: passed over ({why})")
    _next_phase(s)


# `when:` conditions of sequence.yaml: (test, why the phase is passed over when it fails)
CONDITIONS = {
    "first_turn": (lambda s: s.turn == tables().rules["para"]["turn"], "first turn only"),
    "blockhouses_left": (lambda s: bool(_blockhouses(s)), "no blockhouse left"),  # DD2-NAV-03
}


def _start_phase(s: DD2State) -> None:
    p, t = s.phase, tables()
    s.moved = [0] * len(s.zone)
    s.stopped = [False] * len(s.zone)
    when = next(ph.when for ph in t.phases if ph.id == p)
    if when and not CONDITIONS[when][0](s):
        return _skip(s, CONDITIONS[when][1])
    if p == "naval":
        s.game["shots_left"] = min(t.rules["naval"]["shots_per_turn"], s.game["naval_pool"])
        if not s.game["shots_left"]:
            return _skip(s, "no naval bombardment unit left")
    if p == "bombing" and not _bomb_choices(s):
        return _skip(s, "no bomber or no zone to bomb")
    if p == "patrol" and not _free_fighters(s):
        return _skip(s, "no fighter left")
    if p == "blockhouse_fire" and not any(
            s.on_beach(bz) and any(s.in_zone(z, "german", ("blockhouse",)) for z in zs)
            for bz, zs in s.info.fire.items()):
        return _skip(s, "no blockhouse can fire at an occupied beach")
    if p in BATTLE_PHASES and not any(s.contested(z) for z in range(s.board.n)):
        return _skip(s, "no contested zone")
    if p in REINFORCE_PHASES:
        s.game["to_place"], s.game["rolled"] = {}, False
    return None


def _end_turn(s: DD2State) -> None:
    """Victory check (DD2-VIC-01), fighters land, next turn."""
    vic = tables().rules["victory"]
    cleared = all(s.in_zone(z, "allied", LAND_TYPES) and not s.in_zone(z, "german") for z in s.info.victory)
    s.game["streak"] = s.game["streak"] + 1 if cleared else 0
    s.notes.append(f"end of turn {s.turn}: cities {'taken and clear' if cleared else 'not all clear'}")
    if s.game["streak"] >= vic["clear_turn_ends"]:
        s.game["winner"] = "allied"
    elif s.turn >= min(vic["deadline_turn"], s.scenario.last_turn):
        s.game["winner"] = "german"
    for k in range(len(s.zone)):
        if s.type(k) == "fighter" and s.part[k] == "P":
            s.zone[k], s.part[k] = -1, "usaaf"
    if s.game["winner"]:
        s.phase = "over"
        s.notes.append(f"game over: {s.game['winner']} victory")
        return
    s.turn += 1
    s.phase = tables().phases[0].id
    _start_phase(s)


def _settle(s: DD2State) -> None:
    """After the last casualty choice of a firing step: what the step does next."""
    if s.pending:
        return
    if s.phase == "bombing":
        fire.aa_at_bombers(s)
    if s.phase in BATTLE_PHASES:
        fire.retreat(s)
    _next_phase(s)


# -- helpers --------------------------------------------------------------------------------
def _blockhouses(s: DD2State) -> list[int]:
    return [k for k in range(len(s.zone)) if s.type(k) == "blockhouse" and s.alive(k)]


def _free_bombers(s: DD2State) -> list[int]:
    return [k for k in s.in_box("usaaf") if s.type(k) == "bomber" and s.units[k].id not in s.game["bombs"]]


def _free_fighters(s: DD2State) -> list[int]:
    return [k for k in s.in_box("usaaf") if s.type(k) == "fighter"]


def _bomb_zones(s: DD2State) -> list[int]:
    """Zones a bomber may attack: German units there and no Allied ground unit (DD2-AIR-01)."""
    return [z for z in range(s.board.n) if s.in_zone(z, "german") and not s.in_zone(z, "allied", LAND_TYPES)]


def _bomb_choices(s: DD2State) -> bool:
    return bool(_free_bombers(s)) and bool(_bomb_zones(s))


def _casualty_options(s: DD2State, p: dict) -> list[tuple[str, ...]]:
    """Distinct picks (units of a type are alike): one representative set per type mix."""
    by_type: dict[str, list[str]] = {}
    for uid in p["candidates"]:
        by_type.setdefault(s.type(s.k(uid)), []).append(uid)
    kinds = list(by_type)
    out: list[tuple[str, ...]] = []

    def mixes(i: int, left: int, picked: tuple[str, ...]) -> None:
        if i == len(kinds):
            if left == 0:
                out.append(picked)
            return
        for n in range(min(left, len(by_type[kinds[i]])), -1, -1):
            mixes(i + 1, left - n, picked + tuple(by_type[kinds[i]][:n]))

    mixes(0, p["hits"], ())
    return out


# -- legal actions --------------------------------------------------------------------------
def legal_actions(s: DD2State) -> list[Action]:
    if s.phase == "over":
        return []
    if s.pending:
        return [Action("casualties", units=pick) for pick in _casualty_options(s, s.pending[0])]
    p = s.phase
    if p == "para":
        return [Action("para_drop")]
    if p == "naval":
        return [Action("bombard", unit=s.units[k].id) for k in _blockhouses(s)] + [Action("end_naval")]
    if p == "bombing":
        zones = _bomb_zones(s)
        return [Action("bomb", unit=s.units[k].id, zone=s.label(z))
                for k in _free_bombers(s)[:1] for z in zones] + [Action("end_bombing")]
    if p == "patrol":
        free = len(_free_fighters(s))
        cap = tables().rules["fighters"]["max_per_zone"]
        out = []
        for z in range(s.board.n):
            have = len(s.in_zone(z, "allied", ("fighter",)))
            out += [Action("patrol", zone=s.label(z), n=n) for n in range(1, min(cap - have, free) + 1)]
        return out + [Action("end_patrol")]
    if p == "blockhouse_fire":
        return [Action("blockhouse_fire")]
    if p in MOVE_PHASES:
        side = MOVE_PHASES[p]
        out = []
        for k in range(len(s.zone)):
            if s.side(k) != side or not s.alive(k):
                continue
            if s.part[k] == "beach" and not moves.why_not_land(s, k):
                out.append(Action("land", unit=s.units[k].id))
            elif s.zone[k] >= 0 and s.part[k] in ("A", "G"):
                out += [Action("move", unit=s.units[k].id, zone=s.label(z))
                        for z in s.board.adj[s.zone[k]] if not moves.why_not_move(s, k, z, side)]
        return out + [Action("end_moves")]
    if p in BATTLE_PHASES:
        return [Action("fight")]
    if p in REINFORCE_PHASES:
        if not s.game["rolled"]:
            return [Action("roll_reinforcements")]
        out = []
        for cid, chart in tables().charts.items():
            if chart.side == REINFORCE_PHASES[p]:
                k = moves.next_of_chart(s, cid)
                out += [Action("place", unit=s.units[k].id, zone=s.label(z)) for z in moves.placement_zones(s, cid)]
        return out + [Action("end_placement")]
    return []


# -- apply ----------------------------------------------------------------------------------
def apply(s: DD2State, a: Action, side: str | None = None) -> DD2State:
    """The state after action `a` (a new state; `s` is unchanged). IllegalAction says why not.

    `side` is who sends it (the hot-seat player); None skips that check (replays, tests)."""
    if s.phase == "over":
        raise IllegalAction(f"the game is over ({s.game['winner']} victory)")
    if side is not None and side != active_side(s):
        raise IllegalAction(f"it is the {active_side(s)} player's turn to act, not {side}")
    n = s.copy()
    _apply(n, a)
    return n


def _unit(s: DD2State, uid: str) -> int:
    try:
        return s.k(uid)
    except KeyError as e:
        raise IllegalAction(str(e.args[0])) from None


def _zone(s: DD2State, label: str) -> int:
    try:
        return s.board.index(label)
    except KeyError as e:
        raise IllegalAction(str(e.args[0])) from None


def _apply(s: DD2State, a: Action) -> None:  # noqa: C901 - one branch per action kind
    p = s.phase
    if s.pending:
        if a.kind != "casualties":
            raise IllegalAction(f"first the {s.pending[0]['chooser']} player picks {s.pending[0]['hits']} "
                                f"casualt{'y' if s.pending[0]['hits'] == 1 else 'ies'} ({s.pending[0]['reason']})")
        want = s.pending[0]
        if len(set(a.units)) != want["hits"] or not set(a.units) <= set(want["candidates"]):
            raise IllegalAction(f"pick {want['hits']} different unit(s) among {', '.join(want['candidates'])}")
        s.pending.pop(0)
        fire.kill(s, [s.k(u) for u in a.units], want["reason"])
        return _settle(s)
    phase = next(ph for ph in tables().phases if ph.id == p)
    if a.kind not in phase.actions and a.kind != END_KIND.get(p):
        raise IllegalAction(f"'{a.kind}' is not an action of the {p} phase")
    if a.kind == "para_drop":
        fire.para_attack(s)
        return _settle(s)
    if a.kind == "bombard":
        k = _unit(s, a.unit)
        if s.type(k) != "blockhouse" or not s.alive(k):
            raise IllegalAction(f"naval bombardment may only fire at a blockhouse ({a.unit} is a {s.type(k)})")
        fire.naval_shot(s, k)
        if s.game["shots_left"] <= 0 or not _blockhouses(s):
            _next_phase(s)
        return None
    if a.kind in ("end_naval", "end_moves", "end_placement"):
        return _next_phase(s)
    if a.kind == "bomb":
        k, z = _unit(s, a.unit), _zone(s, a.zone)
        if k not in _free_bombers(s):
            raise IllegalAction(f"{a.unit} is not a bomber ready at the USAAF base")
        if not s.in_zone(z, "german"):
            raise IllegalAction(f"zone {a.zone} holds no German unit to bomb")
        if s.in_zone(z, "allied", LAND_TYPES):
            raise IllegalAction(f"bombers may not attack zone {a.zone}: Allied ground units are there (DD2-AIR-01)")
        s.game["bombs"][a.unit] = a.zone
        return None
    if a.kind == "end_bombing":
        fire.bombing(s)
        return _settle(s)
    if a.kind == "patrol":
        z = _zone(s, a.zone)
        have = len(s.in_zone(z, "allied", ("fighter",)))
        cap = tables().rules["fighters"]["max_per_zone"]
        free = _free_fighters(s)
        if a.n < 1 or have + a.n > cap:
            raise IllegalAction(f"at most {cap} fighters may patrol a zone ({have} already over {a.zone})")
        if a.n > len(free):
            raise IllegalAction(f"only {len(free)} fighter(s) left at the USAAF base")
        for k in free[:a.n]:
            s.zone[k], s.part[k] = z, "P"
        return None
    if a.kind == "end_patrol":
        fire.aa_at_patrols(s)
        return _next_phase(s)
    if a.kind == "blockhouse_fire":
        fire.blockhouse_fire(s)
        return _settle(s)
    if a.kind == "move":
        k, z = _unit(s, a.unit), _zone(s, a.zone)
        why = moves.why_not_move(s, k, z, MOVE_PHASES[p])
        if why:
            raise IllegalAction(why)
        return moves.do_move(s, k, z)
    if a.kind == "land":
        k = _unit(s, a.unit)
        why = moves.why_not_land(s, k)
        if why:
            raise IllegalAction(why)
        return moves.do_land(s, k)
    if a.kind == "fight":
        fire.fight_battles(s, BATTLE_PHASES[p])
        return _settle(s)
    if a.kind == "roll_reinforcements":
        if s.game["rolled"]:
            raise IllegalAction("reinforcements are already rolled this turn")
        side = REINFORCE_PHASES[p]
        for cid, chart in tables().charts.items():
            if chart.side == side:
                dice = [s.dice.roll(6, f"reinforcements {cid}").value for _ in range(chart.dice)]
                s.rolls.append({"turn": s.turn, "phase": p, "purpose": f"reinforcements {cid}",
                                "dice": [[d, 0] for d in dice]})
                s.game["to_place"][cid] = sum(dice)
                s.notes.append(f"{cid}: {'+'.join(map(str, dice))} = {sum(dice)} unit(s) may enter")
        s.game["rolled"] = True
        return None
    if a.kind == "place":
        if not s.game["rolled"]:
            raise IllegalAction("roll for reinforcements first")
        k, z = _unit(s, a.unit), _zone(s, a.zone)
        why = moves.why_not_place(s, k, z, REINFORCE_PHASES[p])
        if why:
            raise IllegalAction(why)
        return moves.do_place(s, k, z)
    raise IllegalAction(f"unknown action {a.kind!r}")

