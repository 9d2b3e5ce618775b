"""The supply table (every limit with its rule) and a worked example the supply rules compute
on a shipped scenario, so the example is always what the game would say."""

from __future__ import annotations

from ddaydesk.rules.help.chartkit import (
    Context,
    Marks,
    listed,
    md_table,
    opened,
    words,
)

HQ_NAMES = {"german_army": "Army HQ (standard)", "ob_west": "OB West", "army_group_b": "Army Group B",
            "army_group_g": "Army Group G", "netherlands": "Netherlands"}
NATIONS = {"*": "any HQ but SHAEF"}


BLOCKING = {
    "enemy_units": ("A hex holding enemy units", {"block": "blocks the line"}),
    "enemy_zoc": ("An enemy zone of control", {"enter_only": "may only be the first or last hex of a line",
                                                "block": "blocks the line"}),
    "friendly_negates_zoc": ("A friendly unit in that zone", {True: "lets the line through",
                                                              False: "does not let the line through"}),
    "no_zoc_types": ("Units without a zone of control", None),
    "impassable_terrain": ("Terrain no line enters", None),
}


def _blocking(key: str, value) -> str:
    said = BLOCKING.get(key, ("", None))[1]
    if isinstance(value, list):
        return ", ".join(words(v) for v in value)
    return said.get(value, words(value)) if said else words(value)


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _types(ts) -> str:
    return listed(ts)


def _rule(node: dict, marks: Marks) -> str:
    return f"({node.get('rule', '')}{marks(node)})"


def _v(node: dict, marks: Marks, unit: str = "") -> str:
    v = node.get("value")
    shown = "any length" if v is None else f"{v}{unit}"
    return f"{shown} ({node.get('rule', '')}{marks(node)})"


def supply_chart(system: str, ctx: Context, marks: Marks) -> str | None:
    got = opened(system, "supply", ctx)
    if got is None:
        return None
    doc, banner = got
    ger, al = doc.get("german") or {}, doc.get("allied") or {}
    out = [banner]
    if "hq_kinds" in ger or "unit_to_hq" in al:
        out.append("Lengths count the hexes a line moves through: the unit's own hex is not counted, the hex "
                   "it reaches is. A unit 8 hexes from its HQ is in supply under an 8-hex limit; 9 is not.\n\n")
    if "hq_kinds" in ger:
        rows = [["No HQ: straight to a source", _v(ger["unit_to_source"], marks, " hexes"), "—", "—"]]
        for kind, h in ger["hq_kinds"].items():
            rows.append([HQ_NAMES.get(kind, words(kind)), _v(h["unit_to_hq"], marks, " hexes"),
                         _v(h["hq_to_source"], marks, " hexes"),
                         _v(h["capacity"], marks, " units") + (f"; HQs within {_v(h['hq_radius'], marks, ' hexes')}"
                                                               if "hq_radius" in h else "")])
        out.append("**German supply** (a source is a partial hex of the east edge north of Switzerland)\n\n"
                   + md_table(["Traced to", "Unit to HQ", "HQ to source", "HQ supplies at most"], rows) + "\n")
    if "unit_to_hq" in al:
        rows = [["Unit to a supply centre", _v(al["unit_to_source"], marks, " hexes")],
                ["Unit to a supplied HQ", _v(al["unit_to_hq"], marks, " hexes")],
                ["Supply centres on the map at most", _v(al["max_supply_centres"], marks)],
                ["A removed supply centre may return after", _v(al["sc_return_delay"], marks, " game turn")]]
        for k, label in (("unit_to_hq", "Any unit to SHAEF"), ("hq_to_source", "SHAEF to a supply centre"),
                         ("hq_to_hq", "SHAEF to any other HQ")):
            rows.append([label, _v(al["shaef"][k], marks, " hexes")])
        for k, c in (al.get("sc_capacity") or {}).items():
            rows.append([f"Units a supply centre on {_a(words(k))} hex supplies", _v(c, marks, " units")])
        out.append("**Allied supply**\n\n" + md_table(["Rule", "Limit"], rows) + "\n")
        nat = [[NATIONS.get(a, words(a)), NATIONS.get(b, words(b)), _v(v, marks, " hexes")]
               for a, to in (al.get("nationality_limits") or {}).items() for b, v in to.items()]
        if nat:
            out.append("Lines to an HQ of another nationality (never to a supply centre, never to SHAEF):\n\n"
                       + md_table(["Unit of", "Tracing to an HQ of", "Limit"], nat) + "\n")
    elif al:
        rows = []
        if "max_path_length" in al:
            rows.append(["A line to a beach landing hex with a beachhead marker", _v(al["max_path_length"], marks)])
        if "drop_zones_until_turn" in al:
            rows.append([f"{_types(al['airborne_types']['value']).capitalize()} units may trace to a drop zone "
                         "marker until turn", _v(al["drop_zones_until_turn"], marks)])
        if "beach_always_supplied" in al:
            rows.append(["A unit on a beach landing hex", "always in supply " + _rule(al["beach_always_supplied"], marks)])
        if "check_after" in al:
            rows.append(["Supply is judged", "at the end of the Allied player turn " + _rule(al["check_after"], marks)])
        if (ger.get("always_supplied") or {}).get("value"):
            rows.append(["German units", "always in supply " + _rule(ger["always_supplied"], marks)])
        out.append("**Supply**\n\n" + md_table(["Rule", "Value"], rows) + "\n")
    block = doc.get("blocking") or {}
    if block:
        rows = [[BLOCKING.get(k, (words(k).capitalize(), None))[0], f"{_blocking(k, v['value'])} ({v['rule']}{marks(v)})"]
                for k, v in block.items()]
        out.append("**What blocks a supply line**\n\n" + md_table(["", "Effect"], rows) + "\n")
    wx = (doc.get("weather") or {}).get("range_reduction") or {}
    if wx:
        rows = [[words(w).capitalize(), f"−{v['value']} ({v['rule']}{marks(v)})"] for w, v in wx.items()]
        first = doc["weather"]["first_turn"]
        out.append(f"**Weather** (from turn {first['value']}): every limit above is shortened by\n\n"
                   + md_table(["Weather", "Hexes"], rows) + "\n")
    return "".join(out)


def _name(sc, uid: str) -> str:
    if uid.startswith("sc:"):
        return f"the supply centre at {uid[3:]}"
    k = sc.unit_index.get(uid)
    return sc.units[k].name if k is not None else uid


ALWAYS = {"fmu": "on a beach landing hex, always in supply (FMU-SUP-06)"}
BLOCKERS = {"enemy_zoc": "an enemy zone of control", "enemy_units": "enemy units", "terrain": "impassable terrain"}


def describe(result, sc, uids: list[str], places: dict[str, int]) -> list[str]:
    """One line per unit: its chain leg by leg with each limit and rule, or why not."""
    board = sc.board
    holders = {c.id: c for c in result.capacity}
    lines = []
    for uid in uids:
        us = result.units[uid]
        where = board.labels[places[uid]]
        head = f"**{_name(sc, uid)}** at {where}"
        if us.supplied and us.chain:
            legs = []
            for leg in us.chain:
                to = {"source": "a source", "beachhead": "a beachhead", "drop_zone": "a drop zone"}.get(
                    leg.to_kind) or _name(sc, leg.to)
                limit = "any length" if leg.limit is None else f"limit {leg.limit}"
                legs.append(f"{'it' if leg.frm == uid else _name(sc, leg.frm)} traces {leg.length} "
                            f"hex{'es' if leg.length != 1 else ''} to {to} ({limit}, {leg.rule})")
            held = holders.get(us.chain[0].to)
            n = len(held.units) if held else 0
            use = (f"; {_name(sc, held.id)} supplies {n} unit{'s' if n != 1 else ''} of the {held.capacity} "
                   f"it may ({held.rule})") if held and held.capacity else ""
            lines.append(f"- {head}: {'; '.join(legs)}{use}. **In supply.**")
        elif us.supplied:
            lines.append(f"- {head}: {ALWAYS.get(sc.system.id, words(us.status))}. **In supply.**")
        else:
            n = (us.why or {}).get("nearest") or {}
            blocked = (us.why or {}).get("blocked") or {}
            if blocked:
                at = "; ".join(f"{board.labels[a['hex']]} by {BLOCKERS.get(a['by'], words(a['by']))} ({a['rule']})"
                               for a in blocked.get("at", []))
                lines.append(f"- {head}: its line to the nearest {words(blocked['to_kind'])} is blocked at {at}. "
                             "**Out of supply.**")
            elif n:
                lines.append(f"- {head}: the nearest {_name(sc, n['to']) if n.get('to_kind') == 'hq' else 'source'} "
                             f"is {n['length']} hexes away, {n['over_by']} over the limit of {n['limit']} "
                             f"({n['rule']}). **Out of supply.**")
            else:
                lines.append(f"- {head}: {words((us.why or {}).get('reason', 'no line'))}. **Out of supply.**")
    return lines


# Utah Beach has no position with supply lines at its start: the example is game turn 3 with
# beachheads on 2806 and 2707, the German units where they set up and three Allied units.
FMU_EXAMPLE = {"beachheads": ("2806", "2707"), "units": {"us-4-8": "2806", "us-82-505": "2503", "us-101-506": "3103"}}


def supply_example(system: str, ctx: Context, marks: Marks) -> str | None:
    """A position as the supply rules trace it: the tutorial's start (D-Day '77), a Utah Beach
    landing (Fire & Movement)."""
    from ddaydesk.formats.catalog import default_scenario_path
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.paths import scenarios_dir
    from ddaydesk.rules.supply import SupplyInput, SupplyUnit, compute_supply
    from ddaydesk.rules.supply.adapter import from_scenario

    if system == "dday77":
        sc = load_scenario(default_scenario_path())
        result = compute_supply(from_scenario(sc))
        picks: dict[str, str] = {}
        for uid, us in result.units.items():
            if sc.units[sc.unit_index[uid]].type == "hq":
                continue
            kind = ("hq" if len(us.chain) > 1 else "direct") if us.supplied else "out"
            picks.setdefault(f"{us.side}:{kind}", uid)
        order = [picks[k] for k in ("german:hq", "german:direct", "german:out", "allied:direct", "allied:hq") if k in picks]
        places = {u.id: u.hex for u in sc.units}
        what = f"the start of **{sc.title}** (German and Allied supply rules on, clear weather)"
    elif system == "fmu":
        sc = load_scenario(scenarios_dir() / "utah-landing.yaml")
        board = sc.board
        places = {u.id: u.hex for u in sc.units if u.hex >= 0}
        places.update({uid: board.index(h) for uid, h in FMU_EXAMPLE["units"].items()})
        units = [SupplyUnit(u.id, u.side, u.nationality, u.type, places[u.id]) for u in sc.units if u.id in places]
        result = compute_supply(SupplyInput(
            system="fmu", board=board, units=units, turn=3,
            beachheads=tuple(board.index(h) for h in FMU_EXAMPLE["beachheads"]),
            beach_landing=tuple(p.place for p in board.places if p.kind == "beach_landing")))
        order = list(FMU_EXAMPLE["units"])
        what = (f"game turn 3 of **{sc.title}**, beachheads on {' and '.join(FMU_EXAMPLE['beachheads'])}, "
                "the German units where they set up")
    else:
        return None
    return (f"*Worked example, computed by the game's supply rules:* {what}.\n\n"
            + "\n".join(describe(result, sc, order, places)) + "\n")
