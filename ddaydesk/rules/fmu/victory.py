"""Who holds what, and who has won (13.0, 14.2, 14.3).

After every action :func:`sync` records the last side to occupy each objective, city and
listed edge hex (``state.extra["fmu"]["last"]``), removes a beachhead marker a German unit
stands on (FMU-AMPH-04) or whose assaulting units all died (FMU-BEACH-06) and notes when the Allies first take a listed edge hex (FMU-SFM-06).
At the end of each GT :func:`judge` checks the German sudden death (FMU-VIC-01/05) and, at the
end of the scenario or campaign, the victory conditions; the decision is kept in
``state.extra["fmu"]["result"]`` (and the engine's ``state.game["outcome"]``) and ends the game.
"""

from __future__ import annotations

from functools import cache

from ddaydesk.engine.actions import Changes
from ddaydesk.engine.phases import OVER
from ddaydesk.engine.state import GameState
from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.rules.fmu.common import (
    BEACHHEAD,
    beachheads,
    campaign,
    fx,
    is_fmu_scenario,
    remove_markers,
)
from ddaydesk.rules.fmu.data import val
from ddaydesk.rules.fmu.supply import traceable
from ddaydesk.rules.tables import table_path


@cache
def edge_hexes() -> tuple[str, ...]:
    """The map-edge road/trail hexes whose capture costs the German a marker (support.yaml)."""
    doc = load_file(str(table_path("fmu", "support")))
    return tuple(doc["lost_marker_hexes"]["hexes"])


def city_hexes(state: GameState) -> list[str]:
    """Hexes with a city symbol (places of kind city); each counts (FMU-VIC-06)."""
    labels = state.scenario.board.labels
    return sorted({labels[p.place] for p in state.scenario.board.places_of_kind("city")})


def named_cities(state: GameState) -> dict[str, list[str]]:
    """City name -> its hexes (FMU-CAMP-14: a named city counts once)."""
    out: dict[str, list[str]] = {}
    for p in state.scenario.board.places_of_kind("city"):
        out.setdefault(p.name, []).append(state.scenario.board.labels[p.place])
    return out


def watched(state: GameState) -> list[str]:
    return sorted({*val("victory.objectives"), *edge_hexes(), *city_hexes(state)})


def sync(state: GameState, ch: Changes | None = None) -> None:
    if not is_fmu_scenario(state):
        return
    board = state.scenario.board
    units = state.scenario.units
    at = state.units_at()
    german = {p for p, ks in at.items() if any(units[k].side == "german" for k in ks)}
    lost = remove_markers(state, BEACHHEAD, german & set(beachheads(state)))
    if lost and ch is not None:
        ch.markers = True
        ch.notes.append(f"beachhead marker removed: German unit in {', '.join(board.labels[i] for i in lost)} (FMU-AMPH-04)")
    if state.phase == "landing.beach_assault":
        # every beach hex still has its landing units until an assault destroys them all
        allied = {p for p, ks in at.items() if any(units[k].side == "allied" for k in ks)}
        wiped = remove_markers(state, BEACHHEAD, set(beachheads(state)) - allied)
        if wiped and ch is not None:
            ch.markers = True
            ch.notes.append(f"every assaulting unit in {', '.join(board.labels[i] for i in wiped)} eliminated: "
                            "its beachhead marker is gone for good (FMU-BEACH-06)")
    f = fx(state)
    last = f.setdefault("last", {})
    taken = f.setdefault("edges_taken", {})
    edges = set(edge_hexes())
    for label in watched(state):
        i = board.index_of.get(label)
        ks = at.get(i, []) if i is not None else []
        if not ks:
            continue
        side = units[ks[0]].side
        last[label] = side
        if side == "allied" and label in edges and label not in taken:
            taken[label] = state.turn


def captured(state: GameState, labels: list[str]) -> set[str]:
    """Of ``labels``, those the Allies occupy or last occupied and that trace supply
    (FMU-VIC-04, FMU-CAMP-14)."""
    board = state.scenario.board
    last = fx(state).get("last", {})
    held = [board.index(h) for h in labels if last.get(h) == "allied"]
    ok = traceable(state, held) or set()
    return {board.labels[i] for i in ok}


def _decide(state: GameState, ch: Changes, winner: str, level: str, rule: str, reason: str) -> None:
    fx(state)["result"] = {"winner": winner, "level": level, "rule": rule, "reason": reason, "turn": state.turn}
    # the engine's own record of a finished game, which the window, the report and the
    # command line read for every system (replaced, never changed in place: states share it)
    state.game = {**state.game, "outcome": {"winner": winner, "reason": f"{level} victory: {reason}",
                                            "rule": rule, "turn": state.turn}}
    ch.notes.append(f"GT {state.turn}: {winner} {level} victory: {reason} ({rule})")
    state.phase = OVER


def judge(state: GameState, ch: Changes) -> None:
    """End-of-GT hook."""
    if not is_fmu_scenario(state) or "result" in fx(state):
        return
    camp = campaign(state)
    if not beachheads(state):
        _decide(state, ch, "german", "strategic", "FMU-VIC-05" if camp else "FMU-VIC-01",
                "the Allies have no beach landing hex left")
        return
    if not camp:
        if state.turn < state.scenario.last_turn:
            return
        objectives = val("victory.objectives")
        got = captured(state, objectives)
        if len(got) == len(objectives):
            _decide(state, ch, "allied", "scenario", "FMU-VIC-03",
                    f"all {len(objectives)} locations captured and in supply")
        else:
            missing = ", ".join(h for h in objectives if h not in got)
            _decide(state, ch, "german", "operational", "FMU-VIC-02", f"locations not captured: {missing}")
        return
    _judge_campaign(state, ch)


def _judge_campaign(state: GameState, ch: Changes) -> None:
    f = fx(state)
    last = state.scenario.last_turn  # a scenario file may end the campaign sooner
    base = min(val("victory.campaign_base_length"), last)
    end = min(f.get("campaign_end", base), last)
    if state.turn < end:
        return
    need = val("victory.campaign_city_hexes")
    cities = captured(state, city_hexes(state))
    if len(cities) >= need:
        _decide(state, ch, "allied", "campaign", "FMU-VIC-07", f"{len(cities)} city hexes captured (need {need})")
        return
    if state.turn == base and "campaign_end" not in f:
        named = named_cities(state)
        taken = sum(1 for hexes in named.values() if all(h in cities for h in hexes))
        ext = max(val("victory.campaign_named_cities") - taken, 0)
        f["campaign_end"] = min(base + ext, val("victory.campaign_max_turn"), last)
        if f["campaign_end"] > state.turn:
            ch.notes.append(f"campaign extended by {ext} GT to GT {f['campaign_end']}: {taken} named cities captured "
                            f"(FMU-CAMP-13, FMU-CAMP-14, FMU-CAMP-15)")
            return
    _decide(state, ch, "german", "operational", "FMU-VIC-05",
            f"only {len(cities)} city hexes captured (need {need})")
