"""Charts of the turn: the sequence of play, the weather chart with what each weather does,
the reinforcement schedule and the replacement rates, drawn from the tables the engine reads."""

from __future__ import annotations

from ddaydesk.rules.help.chartkit import (
    Context,
    Marks,
    md_table,
    opened,
    table,
    turns,
    words,
)

WEATHER = {"CLR": "Clear", "RAIN": "Rain", "MUD": "Mud", "SNOW": "Snow", "normal": "Normal",
           "inclement": "Inclement"}
# Action kinds of the sequence tables, as a player says them.
ACTIONS = {
    "move": "move units", "attack": "attack", "resolve_combat": "roll combats", "invade": "invade",
    "land_from_sea": "land from the sea", "drop": "airborne drops", "replace": "bring back eliminated units",
    "place_supply_centre": "place supply centres", "remove_supply_centre": "remove supply centres",
    "interdict": "interdict hexes", "interdict_river": "interdict rivers", "carpet_bomb": "carpet bombing",
    "declare_surprise": "declare a surprise attack", "automatic_victory": "automatic victories",
    "defensive_support": "close defensive support (Allied)", "roll_weather": "roll for the weather",
    "withhold": "hold units back", "choose_area": "secretly choose the invasion area",
    "place_withheld": "place the held-back units", "place_beachhead": "place beachhead markers",
    "land": "land units on beachheads", "place_drop_zone": "place drop zone markers",
    "place_airborne": "set airborne units by their zone", "roll_drop": "roll each drop",
    "drop_loss": "take losses of doubled-up drops", "rebuild": "spend replacement points",
    "para_drop": "ParaSurprise attack", "bombard": "naval bombardment shots", "bomb": "bomber attacks",
    "patrol": "fighter patrols", "blockhouse_fire": "blockhouses fire", "go_ashore": "land from beachheads",
    "fight": "fight battles", "roll_reinforcements": "roll for reinforcements", "reinforce": "place reinforcements",
}
_CODE = {"clear": "CLR", "clr": "CLR", "rain": "RAIN", "mud": "MUD", "snow": "SNOW"}
# Combat bookkeeping every combat phase allows; not listed phase by phase.
_QUIET = {"respond", "take_losses", "retreat", "stiff_resistance", "advance", "casualties", "end_phase"}
WHEN = {
    "weather_roll": "from the weather chart's first turn, with the weather option",
    "allied_air": "with the tactical air option", "withheld_setup": "with the withheld set-up option",
    "has_withheld": "when the German held units back", "first_turn": "first turn only",
    "fmu_landing": "landing scenarios", "fmu_airborne": "when airborne units drop",
    "fmu_drop_attacks": "when a drop landed on a German unit", "fmu_allied_arrivals": "from GT 2",
    "naval_due": "while blockhouses stand", "bombers_due": "while bombers are left",
    "fighters_due": "while fighters are left", "blockhouses_can_fire": "while blockhouses stand",
    "contested_zone": "where both sides stand in a zone",
}


def phase_title(pid: str) -> str:
    head, _, tail = pid.partition(".")
    if not tail:
        return words(head).capitalize()
    if head in ("landing", "setup"):
        return f"{'Set-up' if head == 'setup' else 'Landing'}: {words(tail)}"
    return f"{words(head).capitalize()} {words(tail)}"


def sequence_chart(system: str, ctx: Context, marks: Marks) -> str | None:
    got = opened(system, "sequence", ctx)
    if got is None:
        return None
    doc, banner = got
    out = [banner]
    for key, intro in (("setup", "**Before the first turn**"), ("phases", "**Every game turn**")):
        steps = doc.get(key) or []
        if not steps:
            continue
        rows = []
        for k, ph in enumerate(steps, 1):
            acts = [ACTIONS.get(a, words(a)) for a in ph.get("actions", []) if a not in _QUIET]
            what = "; ".join(acts) if acts else "happens by itself"
            if ph.get("note"):
                what += f" ({ph['note']})"
            if ph.get("units") == "mobile":
                what += "; mobile units only"
            when = WHEN.get(ph.get("when", ""), words(ph.get("when", "")))
            rows.append([k, phase_title(ph["id"]), words(ph.get("side", "")).capitalize(), what, when,
                         f"{ph.get('rule', '')}{marks(ph)}"])
        out.append(f"{intro}\n\n" + md_table(["#", "Phase", "Who", "What happens", "When", "Rule"], rows) + "\n")
    return "".join(out)


def weather_chart(system: str, ctx: Context, marks: Marks) -> str | None:
    got = opened(system, "weather", ctx)
    if got is None:
        return None
    doc, banner = got
    die = int(doc["die"])
    first = doc["first_turn"]
    out = [banner,
           f"From turn {first['value']} ({first['rule']}{marks(first)}) one die is rolled at the start of "
           f"each turn; before that the weather is {WEATHER.get(doc['before'], doc['before'])}.\n\n"]
    rows = [[turns(r["turns"]), *(WEATHER.get(x, x) for x in r["results"]), f"{r['rule']}{marks(r)}"]
            for r in doc["chart"]]
    out.append(md_table(["Turns", *(str(k) for k in range(1, die + 1)), "Rule"], rows) + "\n")
    effects = weather_effects(system, ctx, marks)
    if effects:
        out.append("**What the weather does**\n\n" + effects)
    return "".join(out)


def weather_effects(system: str, ctx: Context, marks: Marks) -> str:
    """One row per weather from every table that changes with it."""
    got: dict[str, list[str]] = {}

    def add(w: str, text: str) -> None:
        got.setdefault(_CODE.get(str(w).lower(), str(w)), []).append(text)

    mv = table(system, "movement", ctx.user_dir)
    for w, e in ((mv[0].get("weather") or {}) if mv else {}).items():
        for cls, d in (e.get("mf_change") or {}).items():
            add(w, f"{words(cls)} units {'lose' if d < 0 else 'gain'} {abs(d)} movement point{'s' if abs(d) > 1 else ''} "
                f"({e['rule']}{marks(e)})")
        if e.get("mf_half_up"):
            add(w, f"every unit's movement allowance halved, rounded up ({e['rule']}{marks(e)})")
    sp = table(system, "supply", ctx.user_dir)
    for w, e in (((sp[0].get("weather") or {}).get("range_reduction") or {}) if sp else {}).items():
        if e.get("value"):
            add(w, f"every supply line {e['value']} hex{'es' if e['value'] > 1 else ''} "
                f"shorter ({e['rule']}{marks(e)})")
    su = table(system, "support", ctx.user_dir)
    for w, e in ((((su[0].get("air") or {}).get("weather")) or {}) if su else {}).items():
        v = e.get("value")
        text = "no Allied air factors" if v is None else f"{abs(v)} {'fewer' if v < 0 else 'more'} Allied air factors"
        add(w, f"{text} ({e['rule']}{marks(e)})")
    inv = table(system, "invasion", ctx.user_dir)
    for w, e in ((((inv[0].get("airborne") or {}).get("weather")) or {}) if inv else {}).items():
        text = "no airborne drops" if e.get("hexes") is None else f"drops within {e['hexes']} hexes of friendly units"
        add(w, f"{text} ({e['rule']}{marks(e)})")
    rein = table(system, "reinforcements", ctx.user_dir)
    for w, e in ((((rein[0].get("allied") or {}).get("weather")) or {}) if rein else {}).items():
        add(w, f"Allied reinforcement allotment {e['factors']} ({e['rule']}{marks(e)})")
    chart = table(system, "weather", ctx.user_dir)
    order = [str(chart[0]["before"])] + [x for r in chart[0]["chart"] for x in r["results"]] if chart else []
    for w in dict.fromkeys(order):
        got.setdefault(w, ["no effect"])
    if not got:
        return ""
    ranked = sorted(got, key=lambda w: order.index(w) if w in order else len(order))
    rows = [[WEATHER.get(w, w.capitalize()), "; ".join(got[w])] for w in ranked]
    return md_table(["Weather", "Effects"], rows) + "\n"


def _names(units) -> str:
    return "; ".join(u.name for u in units)


def arrivals(ctx: Context, system: str) -> str:
    """This game's scenario: who arrives on which turn."""
    sc = ctx.scenario_of(system)
    if sc is None:
        return ""
    by_turn: dict[int, dict[str, list]] = {}
    for u in sc.units:
        if u.arrive_turn is not None and u.hex < 0:
            by_turn.setdefault(u.arrive_turn, {}).setdefault(u.side, []).append(u)
    if not by_turn:
        return ""
    sides = list(sc.system.sides)
    rows = [[t, *(_names(by_turn[t].get(s, [])) or "—" for s in sides)] for t in sorted(by_turn)]
    return (f"**Arrivals: {sc.title}**\n\n"
            + md_table(["Turn", *(s.capitalize() for s in sides)], rows) + "\n")


def reinforcements_chart(system: str, ctx: Context, marks: Marks) -> str | None:
    got = opened(system, "reinforcements", ctx)
    out = []
    if got is not None:
        doc, banner = got
        out.append(banner)
        allied = doc.get("allied") or {}
        rows = [[turns(a["turns"]), a["factors"], f"{a['rule']}{marks(a)}"] for a in allied.get("allotment", [])]
        for w, e in (allied.get("weather") or {}).items():
            rows.append([f"in {WEATHER.get(w, w).lower()}", e["factors"], f"{e['rule']}{marks(e)}"])
        if rows:
            out.append("**Allied allotment** (printed attack factors brought over a turn)\n\n"
                       + md_table(["Turns", "Factors", "Rule"], rows, right=(1,)) + "\n")
        notes = [(f"{words(side).capitalize()}, {words(k)}", v) for side in ("allied", "german")
                 for k, v in (doc.get(side) or {}).items() if isinstance(v, dict) and v.get("note")]
        if notes:
            out.append(md_table(["Rule", "What it says", "Id"],
                                [[w, v["note"], f"{v['rule']}{marks(v)}"] for w, v in notes]) + "\n")
    out.append(arrivals(ctx, system))
    text = "".join(out).strip()
    return text + "\n" if text else None


def replacements_chart(system: str, ctx: Context, marks: Marks) -> str | None:
    got = opened(system, "replacements", ctx)
    if got is None:
        return None
    doc, banner = got
    out = [banner]
    rows = []
    for side in ("allied", "german"):
        for r in (doc.get(side) or {}).get("factors", []):
            rows.append([side.capitalize(), turns(r["turns"]), r["value"], f"{r['rule']}{marks(r)}"])
    out.append(md_table(["Side", "Turns", "Factors a turn", "Rule"], rows, right=(2,)) + "\n")
    extra = [(k, v) for k, v in doc.items() if isinstance(v, dict) and v.get("note")]
    extra += [(f"{s} {k}", v) for s in ("allied", "german") for k, v in (doc.get(s) or {}).items()
              if isinstance(v, dict) and v.get("note")]
    if extra:
        out.append(md_table(["Rule", "What it says", "Id"],
                            [[words(k).capitalize(), v["note"], f"{v['rule']}{marks(v)}"] for k, v in extra]) + "\n")
    return "".join(out)
