"""The combat :class:`Situation` and :class:`Pools` from a game state, and the combat record
kept in ``state.extra["combat"]`` (its keys are documented in docs/rules/combat.md).

Pools belong to a game turn: when the record's ``turn`` is not the state's, the turn's fresh
pools are used (air factors, naval bombardment points, full cups, naval gunfire), so nothing
has to run at the turn start. Per-phase records (who attacked, which hexes were attacked,
CDS hexes) are reset the same way when the phase changes.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ddaydesk.engine import (
    ON_MAP,
    STRATEGIC,
    SURPRISE,
    Deferred,
    GameState,
    current_phase,
    positions,
)
from ddaydesk.engine.tables import load_move_rules
from ddaydesk.rules.combat import support as sup
from ddaydesk.rules.combat.closed import KEY, record
from ddaydesk.rules.combat.model import CombatUnit, Marker, Pools, Situation, TurnInfo

_MEMO_SIZE = 20_000  # CombatUnits kept per scenario (a few MB at most)


def writable(state: GameState) -> dict[str, Any]:
    """The combat record of a state being changed (a handler's private copy), brought to
    the current turn and phase."""
    rec = state.own(KEY)
    if rec.get("turn") != state.turn:
        fresh = _turn_pools(state, rec)
        keep = {k: rec[k] for k in ("lost_markers", "cup_contents", "beachheads_lost", "beach_assault_due", "drop_hex_due") if k in rec}
        rec.clear()
        rec.update(keep)
        rec["turn"] = state.turn
        _store(rec, fresh, state)
    key = _phase_key(state)
    if rec.get("phase") != key:
        rec["phase"] = key
        rec["attacked"] = []
        rec["defended"] = []
        rec["cds_hexes"] = []
    return rec


def _phase_key(state: GameState) -> str:
    return f"{state.turn}:{state.phase}"


# ---- markers and pools ---------------------------------------------------------------------
def marker_from(d: dict) -> Marker:
    return Marker(**d)


def marker_to(m: Marker) -> dict:
    return dataclasses.asdict(m)


def turn_info(state: GameState) -> TurnInfo:
    sc = state.scenario
    phase = current_phase(state)
    invasions = [int(t) for t, *_ in state.game.get("invasions", ())]
    if state.turn in invasions:
        invasion, number = True, invasions.index(state.turn) + 1
    elif invasions:  # the invasion rules record each invasion as it is made: none this turn
        invasion, number = False, len(invasions)
    else:  # without an invasion record: invading units stand in all-sea hexes this turn
        board = sc.board
        invasion = any(u.side == "allied" and state.status[k] == ON_MAP and state.place[k] >= 0
                       and board.terrain_of(state.place[k]) == "sea" for k, u in enumerate(sc.units))
        number = max(len(invasions), 1)
    control = state.game.get("control", {})
    return TurnInfo(turn=state.turn, phase="movement" if phase.kind == "movement" else "combat",
                    active_side=phase.side, invasion_turn=invasion, invasion_number=number,
                    brest_allied=control.get("Brest") == "allied",
                    cities_held=frozenset(c for c, s in control.items() if s == "allied"),
                    weather=state.weather.lower())


def _turn_pools(state: GameState, rec: dict) -> Pools:
    """The pools a game turn starts with."""
    sc = state.scenario
    if sc.system.id == "fmu":
        lost = tuple(rec.get("lost_markers", ()))
        if "cup_contents" in rec:  # filled at set-up by the scenario's rules (FMU-SFM-01/08)
            cups = {name: tuple(marker_from(d) for d in ms if d["id"] not in lost)
                    for name, ms in rec["cup_contents"].items()}
        else:
            cups = sup.initial_cups(lost=lost)
        return Pools(cups=cups, naval_left=sup.naval_markers(state.turn))
    if sc.system.id != "dday77":
        return Pools()
    turn = turn_info(state)
    nbp = sup.nbp_pool(turn) if state.options.get("naval_bombardment") else 0
    air = sup.air_pool(turn) if state.options.get("tactical_air") else 0
    return Pools(nbp_left=nbp, air_left=air)


def _store(rec: dict, pools: Pools, state: GameState) -> None:
    labels = state.scenario.board.labels
    rec["nbp_left"] = pools.nbp_left
    rec["air_left"] = pools.air_left
    rec["cups"] = {k: [marker_to(m) for m in v] for k, v in sorted(pools.cups.items())}
    rec["naval_left"] = [marker_to(m) for m in pools.naval_left]
    rec["mines_aside"] = marker_to(pools.mines_aside) if pools.mines_aside else None
    rec["auto_blocked"] = sorted(labels[p] for p in pools.auto_blocked)


def pools(state: GameState) -> Pools:
    """The support left now (this turn's fresh pools when nothing was spent yet)."""
    rec = record(state)
    board = state.scenario.board
    if rec.get("turn") != state.turn:
        return _turn_pools(state, rec)
    cds = set(rec.get("cds_hexes", ())) if rec.get("phase") == _phase_key(state) else set()
    if current_phase(state).kind == "combat":
        cds |= set(rec.get("auto_cds", ()))  # a cancelled automatic victory keeps its CDS (D77-AUTO-16)
    return Pools(
        nbp_left=rec.get("nbp_left", 0), air_left=rec.get("air_left", 0),
        cds_hexes=frozenset(board.index(x) for x in cds),
        cups={k: tuple(marker_from(d) for d in v) for k, v in rec.get("cups", {}).items()},
        naval_left=tuple(marker_from(d) for d in rec.get("naval_left", ())),
        mines_aside=marker_from(rec["mines_aside"]) if rec.get("mines_aside") else None,
        auto_blocked=frozenset(board.index(x) for x in rec.get("auto_blocked", ())),
    )


def store_pools(state: GameState, new: Pools) -> None:
    rec = writable(state)
    labels = state.scenario.board.labels
    _store(rec, new, state)
    rec["cds_hexes"] = sorted(set(rec.get("cds_hexes", ())) | {labels[p] for p in new.cds_hexes}
                              - set(rec.get("auto_cds", ())))
    state._cache.clear()


# ---- the situation --------------------------------------------------------------------------
def situation(state: GameState) -> Situation:
    """The position a combat is judged in, cached on the state (handlers that change units
    clear ``state._cache`` before asking again)."""
    got = state._cache.get("combat_situation")
    if got is not None:
        return got
    sc = state.scenario
    rules = load_move_rules(sc.system.id)
    pos = positions(state)
    units = []
    # A unit's CombatUnit is the same in every state where it stands alike: kept per scenario
    # (a replay builds a situation for most combat-phase actions, each with every unit).
    memo = sc.__dict__.setdefault("_combat_units", {})
    if len(memo) > _MEMO_SIZE:
        memo.clear()
    for k, u in enumerate(sc.units):
        p = state.place[k]
        if p < 0 or state.status[k] != ON_MAP:
            continue
        reduced = bool(state.steps_lost[k]) and u.reduced is not None
        flags = state.flags[k] & (STRATEGIC | SURPRISE)
        key = (k, p, reduced, flags, pos.interdicted[p])
        cu = memo.get(key)
        if cu is None:
            attack, defence = (u.reduced[0], u.reduced[1]) if reduced else (u.attack, u.defence)
            cu = memo[key] = CombatUnit(
                id=u.id, side=u.side, type=u.type, nationality=u.nationality, attack=attack,
                defence=defence, place=p, reduced=reduced, has_reduced_side=u.reduced is not None,
                zoc=u.type not in rules.no_zoc_types, name=u.name, strategic=bool(flags & STRATEGIC),
                surprise=bool(flags & SURPRISE), interdicted=bool(key[4]))
        units.append(cu)

    record = state.extra.get("supply")

    def isolation() -> frozenset[str]:
        """Out of supply counts as isolated against its will; it only matters in a fortress hex
        (D77-FORT-01: not tripled there). The supply rules keep their result in extra["supply"],
        traced when first read: here, only when a defender in a fortress is judged."""
        supply = (record.value() if type(record) is Deferred else record) or {}
        return frozenset(supply.get("isolated_fortresses", ())) | frozenset(supply.get("unsupplied", ()))

    beaches = frozenset(p.place for p in sc.board.places_of_kind("beach_landing"))
    got = Situation(system=sc.system.id, board=sc.board, units=units, options=dict(state.options),
                    turn=turn_info(state), pools=pools(state), stack_limit=rules.stack_limit,
                    beach_places=beaches, isolation=isolation)
    state._cache["combat_situation"] = got
    return got
