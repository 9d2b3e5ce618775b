"""D-Day2's actions as engine handlers: what is legal now and what each does. While a
casualty choice waits, its chooser is the active side and only ``casualties`` is legal.
"""

from __future__ import annotations

from collections.abc import Iterable

from ddaydesk.engine import (
    Action,
    Changes,
    EndPhase,
    GameState,
    Handler,
    IllegalAction,
    Move,
    Phase,
    RulesModule,
)
from ddaydesk.rules.dd2 import fire, moves
from ddaydesk.rules.dd2.actions import (
    BlockhouseFire,
    Bomb,
    Bombard,
    Casualties,
    Fight,
    GoAshore,
    ParaDrop,
    Patrol,
    Reinforce,
    RollReinforcements,
)
from ddaydesk.rules.dd2.data import tables
from ddaydesk.rules.dd2.phases import (
    BATTLE_PHASES,
    ENDED_BY_PLAYER,
    MOVE_PHASES,
    REINFORCE_PHASES,
    STEP_DONE,
    blockhouses,
    bomb_zones,
    free_bombers,
    free_fighters,
    settle,
)
from ddaydesk.rules.dd2.state import LAND_TYPES, DD2State


# -- legal actions --------------------------------------------------------------------------
def _casualty_options(s: DD2State, p: dict) -> list[tuple[str, ...]]:
    """Distinct picks: units of a type are alike (same values, same place), so legal_actions
    offers one representative set per mix of types; any pick of that mix is accepted."""
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


def _legal_casualties(s: DD2State, side: str) -> Iterable[Action]:
    if s.pending and s.pending[0]["chooser"] == side:
        yield from (Casualties(side, pick) for pick in _casualty_options(s, s.pending[0]))


def _legal_end(s: DD2State, side: str) -> Iterable[Action]:
    if s.phase in ENDED_BY_PLAYER and (s.phase not in REINFORCE_PHASES or s.game["rolled"]):
        yield EndPhase(side)


def _legal_bombard(s: DD2State, side: str) -> Iterable[Action]:
    yield from (Bombard(side, s.units[k].id) for k in blockhouses(s))


def _legal_bomb(s: DD2State, side: str) -> Iterable[Action]:
    zones = bomb_zones(s)
    yield from (Bomb(side, s.units[k].id, z) for k in free_bombers(s) for z in zones)


def _legal_patrol(s: DD2State, side: str) -> Iterable[Action]:
    free = len(free_fighters(s))
    cap = tables().rules["fighters"]["max_per_zone"]
    for z in range(s.board.n):
        have = len(s.in_zone(z, "allied", ("fighter",)))
        yield from (Patrol(side, z, n) for n in range(1, min(cap - have, free) + 1))


def _legal_move(s: DD2State, side: str) -> Iterable[Action]:
    for k in range(len(s.zone)):
        if s.side(k) == side and s.zone[k] >= 0 and s.part[k] in ("A", "G"):
            yield from (Move(side, s.units[k].id, z) for z in s.board.adj[s.zone[k]]
                        if not moves.why_not_move(s, k, z, side))


def _legal_land(s: DD2State, side: str) -> Iterable[Action]:
    yield from (GoAshore(side, s.units[k].id) for k in range(len(s.zone))
                if s.part[k] == "beach" and s.side(k) == side and not moves.why_not_land(s, k))


def _legal_roll(s: DD2State, side: str) -> Iterable[Action]:
    if not s.game["rolled"]:
        yield RollReinforcements(side)


def _legal_reinforce(s: DD2State, side: str) -> Iterable[Action]:
    if not s.game["rolled"]:
        return
    for cid, chart in tables().charts.items():
        if chart.side == side:
            k = moves.next_of_chart(s, cid)
            yield from (Reinforce(side, s.units[k].id, z) for z in moves.placement_zones(s, cid))


# -- apply ----------------------------------------------------------------------------------
def _unit(s: DD2State, uid: str) -> int:
    try:
        return s.k(uid)
    except KeyError as e:
        raise IllegalAction(str(e.args[0])) from None


def _zone(s: DD2State, z: int) -> int:
    if not isinstance(z, int) or not 0 <= z < s.board.n:
        raise IllegalAction(f"{z!r} is not a zone of the map")
    return z


def _apply_casualties(s: DD2State, a: Casualties) -> None:
    if not s.pending:
        raise IllegalAction("no casualties to pick now")
    want = s.pending[0]
    if a.side != want["chooser"]:
        raise IllegalAction(f"the {want['chooser']} player picks these casualties ({want['reason']}), not {a.side}")
    if not isinstance(a.units, tuple) or len(set(a.units)) != want["hits"] or len(a.units) != want["hits"] \
            or not set(a.units) <= set(want["candidates"]):
        raise IllegalAction(f"pick {want['hits']} different unit(s) among {', '.join(want['candidates'])}")
    s.pending.pop(0)
    fire.kill(s, [s.k(u) for u in a.units], want["reason"])
    settle(s)


def _apply_end(s: DD2State, a: EndPhase) -> None:
    if s.phase not in ENDED_BY_PLAYER:
        raise IllegalAction(f"this phase ends by itself {STEP_DONE.get(s.phase, 'when its step is done')}, "
                            "not by the player")
    if s.phase in REINFORCE_PHASES and not s.game["rolled"]:
        raise IllegalAction("roll for reinforcements first")
    if s.phase == "bombing":
        fire.bombing(s)
        return settle(s)
    if s.phase == "patrol":
        fire.aa_at_patrols(s)
    s.ch.end_phase = True
    return None


def _apply_para(s: DD2State, a: ParaDrop) -> None:
    fire.para_attack(s)
    settle(s)


def _apply_bombard(s: DD2State, a: Bombard) -> None:
    k = _unit(s, a.unit)
    if s.type(k) != "blockhouse" or not s.alive(k):
        raise IllegalAction(f"naval bombardment may only fire at a blockhouse ({a.unit} is a {s.type(k)})")
    fire.naval_shot(s, k)
    if s.game["shots_left"] <= 0 or not blockhouses(s):
        s.ch.end_phase = True


def _apply_bomb(s: DD2State, a: Bomb) -> None:
    k, z = _unit(s, a.unit), _zone(s, a.target)
    if k not in free_bombers(s):
        raise IllegalAction(f"{a.unit} is not a bomber ready at the USAAF base")
    if not s.in_zone(z, "german"):
        raise IllegalAction(f"zone {s.label(z)} holds no German unit to bomb")
    if s.in_zone(z, "allied", LAND_TYPES):
        raise IllegalAction(f"bombers may not attack zone {s.label(z)}: Allied ground units are there (DD2-AIR-01)")
    s.game["bombs"][a.unit] = s.label(z)


def _apply_patrol(s: DD2State, a: Patrol) -> None:
    z = _zone(s, a.place)
    have = len(s.in_zone(z, "allied", ("fighter",)))
    cap = tables().rules["fighters"]["max_per_zone"]
    free = free_fighters(s)
    if not isinstance(a.n, int) or a.n < 1 or have + a.n > cap:
        raise IllegalAction(f"at most {cap} fighters may patrol a zone ({have} already over {s.label(z)})")
    if a.n > len(free):
        raise IllegalAction(f"only {len(free)} fighter(s) left at the USAAF base")
    for k in free[:a.n]:
        s.set(k, z, "P")


def _apply_blockhouse_fire(s: DD2State, a: BlockhouseFire) -> None:
    fire.blockhouse_fire(s)
    settle(s)


def _apply_move(s: DD2State, a: Move) -> None:
    k, z = _unit(s, a.unit), _zone(s, a.to)
    if a.mode != "normal":
        raise IllegalAction(f"D-Day2 has no {a.mode} movement")
    if a.via and tuple(a.via) != (s.zone[k], z):
        raise IllegalAction("a D-Day2 move goes one zone at a time")
    why = moves.why_not_move(s, k, z, MOVE_PHASES[s.phase])
    if why:
        raise IllegalAction(why)
    moves.do_move(s, k, z)


def _apply_land(s: DD2State, a: GoAshore) -> None:
    k = _unit(s, a.unit)
    why = moves.why_not_land(s, k)
    if why:
        raise IllegalAction(why)
    moves.do_land(s, k)


def _apply_fight(s: DD2State, a: Fight) -> None:
    fire.fight_battles(s, BATTLE_PHASES[s.phase])
    settle(s)


def _apply_roll(s: DD2State, a: RollReinforcements) -> None:
    if s.game["rolled"]:
        raise IllegalAction("reinforcements are already rolled this turn")
    side = REINFORCE_PHASES[s.phase]
    for cid, chart in tables().charts.items():
        if chart.side == side:
            dice = [s.roll(0, f"reinforcements {cid}") for _ in range(chart.dice)]
            s.game["to_place"][cid] = sum(dice)
            s.note(f"{cid}: {'+'.join(map(str, dice))} = {sum(dice)} unit(s) may enter")
    s.game["rolled"] = True


def _apply_reinforce(s: DD2State, a: Reinforce) -> None:
    if not s.game["rolled"]:
        raise IllegalAction("roll for reinforcements first")
    k, z = _unit(s, a.unit), _zone(s, a.place)
    why = moves.why_not_place(s, k, z, REINFORCE_PHASES[s.phase])
    if why:
        raise IllegalAction(why)
    moves.do_place(s, k, z)


# -- wiring ---------------------------------------------------------------------------------
def _handler(kind: str, legal, apply, sides: str = "phase") -> Handler:
    """An engine handler over DD2State. While a casualty choice waits, only `casualties` is
    legal; after every action the side to act is the chooser of the next one, if any."""

    def legal_(gs: GameState, side: str, phase: Phase) -> Iterable[Action]:
        s = DD2State(gs)
        if s.pending and kind != "casualties":
            return ()
        return legal(s, side)

    def apply_(gs: GameState, a: Action, ch: Changes, phase: Phase) -> None:
        s = DD2State(gs, ch)
        if s.pending and kind != "casualties":
            p = s.pending[0]
            raise IllegalAction(f"first the {p['chooser'].capitalize()} player picks {p['hits']} "
                                f"casualt{'y' if p['hits'] == 1 else 'ies'} ({p['reason']})")
        apply(s, a)
        gs.active = s.pending[0]["chooser"] if s.pending else phase.side

    return Handler(kind, legal_, apply_, sides)


HANDLERS = {
    "end_phase": (_legal_end, _apply_end), "para_drop": (lambda s, side: [ParaDrop(side)], _apply_para),
    "bombard": (_legal_bombard, _apply_bombard), "bomb": (_legal_bomb, _apply_bomb),
    "patrol": (_legal_patrol, _apply_patrol),
    "blockhouse_fire": (lambda s, side: [BlockhouseFire(side)], _apply_blockhouse_fire),
    "move": (_legal_move, _apply_move), "go_ashore": (_legal_land, _apply_land),
    "fight": (lambda s, side: [Fight(side)], _apply_fight),
    "roll_reinforcements": (_legal_roll, _apply_roll), "reinforce": (_legal_reinforce, _apply_reinforce),
}


def add_handlers(rm: RulesModule) -> None:
    for kind, (legal, apply) in HANDLERS.items():
        rm.add_action(_handler(kind, legal, apply))
    rm.add_action(_handler("casualties", _legal_casualties, _apply_casualties, sides="any"))
