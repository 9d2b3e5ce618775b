"""Unit charts: movement classes and stacking, the D-Day2 unit table and reinforcement charts,
the Utah Beach support fire cups and airborne drop table, and this game's order of battle."""

from __future__ import annotations

from ddaydesk.rules.help.chartkit import (
    Context,
    Marks,
    corrected_banner,
    listed,
    md_table,
    opened,
    table,
    turns,
    words,
)

DD2_CODES = {"I": "infantry", "A": "artillery", "T": "armour"}


CHART_NAMES = {"us_chart": "U.S. chart", "uk_chart": "U.K. chart", "rennes_chartres": "Rennes–Chartres chart",
               "rouen_chartres": "Rouen–Chartres chart"}


def _types(ts) -> str:
    return listed(ts)


def units_chart(system: str, ctx: Context, marks: Marks) -> str | None:
    out = []
    mv = table(system, "movement", ctx.user_dir)
    if mv is not None:
        doc = mv[0]
        out.append(corrected_banner(mv[1], mv[2]))
        rows = [[words(c).capitalize(), _types(v["types"]), f"{v['rule']}{marks(v)}"] for c, v in doc["classes"].items()]
        out.append("**Movement classes** (the terrain effects chart has a cost column for each)\n\n"
                   + md_table(["Class", "Unit types", "Rule"], rows) + "\n")
        z = doc["zoc"]
        out.append(f"Every unit but {_types(z['no_zoc_types'])} has a zone of control: the six hexes around it "
                   f"({z['rule']}{marks(z)}).\n\n")
        st = doc.get("stacking")
        if st:
            out.append(f"Stacking: at most {st['limit']} unit{'s' if st['limit'] > 1 else ''} a hex "
                       f"({st['rule']}{marks(st)}).\n\n")
    stk = table(system, "stacking", ctx.user_dir)
    if stk is not None:
        s = stk[0]
        out.append(corrected_banner(stk[1], stk[2]))
        out.append(f"Stacking: at most {s['limit']['value']} combat units of one side a hex "
                   f"({s['limit']['rule']}{marks(s['limit'])}); {_types(s['not_counted']['types'])} do not count "
                   f"({s['not_counted']['rule']}{marks(s['not_counted'])}).\n\n")
    dd2 = table(system, "units", ctx.user_dir)
    if dd2 is not None:
        out.append(corrected_banner(dd2[1], dd2[2]) + _dd2_units(dd2[0], marks))
    out.append(order_of_battle(system, ctx))
    text = "".join(out).strip()
    return text + "\n" if text else None


def _dd2_units(doc: dict, marks: Marks) -> str:
    rows = []
    for side in ("allied", "german"):
        for t, v in doc.get(side, {}).items():
            extra = []
            if v.get("suicide"):
                extra.append("fires once, then is removed")
            if v.get("aa"):
                extra.append(f"also fires as AA at {v['aa']}")
            if v.get("supports_infantry") is False:
                extra.append("gives infantry no bonus")
            rows.append([side.capitalize(), words(t).capitalize(), v["attack"], v["defence"], v["move"],
                         "; ".join(extra), f"{v['rule']}{marks(v)}"])
    for t, v in doc.get("special", {}).items():
        extra = ["fires once, then is removed"] if v.get("suicide") else []
        if v.get("targets"):
            extra.append(f"only at {_types(v['targets'])}")
        rows.append(["Special", words(t).capitalize(), v["attack"], "—", "—", "; ".join(extra), f"{v['rule']}{marks(v)}"])
    return ("A unit hits when its die shows its number or less. Moves are in zones.\n\n"
            + md_table(["Side", "Unit", "Attack", "Defence", "Move", "Notes", "Rule"], rows, right=(2, 3, 4)) + "\n")


def order_of_battle(system: str, ctx: Context) -> str:
    sc = ctx.scenario_of(system)
    if sc is None:
        return ""
    board = sc.board
    rows = []
    for u in sc.units:
        values = f"{u.attack}-{u.defence}-{u.movement}"
        if u.reduced:
            values += f" (reduced {'-'.join(map(str, u.reduced))})"
        start = board.labels[u.hex] if u.hex >= 0 else (f"turn {u.arrive_turn}" if u.arrive_turn else "off the map")
        rows.append([u.name, u.side.capitalize(), words(u.nationality), words(u.type).capitalize(), values, start])
    return (f"**Order of battle: {sc.title}**\n\n"
            + md_table(["Unit", "Side", "Nationality", "Type", "Values", "Starts"], rows) + "\n")


def dd2_charts(system: str, ctx: Context, marks: Marks) -> str | None:
    got = opened(system, "charts", ctx)
    if got is None:
        return None
    doc, banner = got
    out = [banner,
           "Units enter in the order shown, row by row, never skipping one; the dice say how many.\n\n"]
    for cid, c in doc.items():
        rows = [[seg["row"], ", ".join(DD2_CODES.get(x, x) for x in seg["units"].split()),
                 ", ".join(seg.get("beaches", [])) or ("any " + ("beach" if c["side"] == "allied" else "entry zone"))]
                for seg in c["segments"]]
        where = f"enters at {' or '.join(words(e).capitalize() for e in c['entry'])}" if c.get("entry") else "lands on the beaches"
        out.append(f"**{CHART_NAMES.get(cid, words(cid).capitalize())}** "
                   f"({words(c['nationality'])}, {c['dice']} dice; {where}; {c['rule']}{marks(c)})\n\n"
                   + md_table(["Row", "Units in order", "Only at"], rows) + "\n")
    return "".join(out)


_DD2_RULES = {"battle": "Rounds of fire in a battle", "stacking": "Ground units of one side in a zone",
              "para": "ParaSurprise attack", "naval": "Naval bombardment", "bombers": "Bombers",
              "fighters": "Fighters", "aa": "German AA", "blockhouse_fire": "Blockhouse fire",
              "reinforcement": "Reinforcement dice", "victory": "Victory"}


def dd2_dice(system: str, ctx: Context, marks: Marks) -> str | None:
    got = opened(system, "rules", ctx)
    if got is None:
        return None
    doc, banner = got
    rows = []
    for k, v in doc.items():
        if k == "casualties":
            for fire, c in v.items():
                rows.append([f"Casualties of {words(fire)}", f"chosen by the {words(c['chooser'])}",
                             f"{c['rule']}{marks(c)}"])
            continue
        vals = "; ".join(f"{words(a)} {', '.join(map(words, b)) if isinstance(b, list) else b}"
                         for a, b in v.items() if a not in ("rule", "confidence", "note"))
        rows.append([_DD2_RULES.get(k, words(k).capitalize()), vals, f"{v['rule']}{marks(v)}"])
    return banner + md_table(["What", "Values", "Rule"], rows) + "\n"


def support_fire_chart(system: str, ctx: Context, marks: Marks) -> str | None:
    got = opened(system, "support", ctx)
    if got is None or "cups" not in got[0]:
        return None
    doc, banner = got
    rows = [[words(name).capitalize(), ", ".join(f"{m['count']}× +{m['value']}" for m in c["markers"]),
             sum(m["count"] for m in c["markers"]), f"{c['rule']}{marks(c)}"] for name, c in doc["cups"].items()]
    ng, mines, fl = doc["naval_gunfire"], doc["mines"], doc["flak"]
    rows.append(["Naval gunfire (never in a cup)", f"{ng['count']}× +{ng['value']}, up to turn {ng['last_turn']}",
                 ng["count"], f"{ng['rule']}{marks(ng)}"])
    rows.append(["Achtung! Minen (German cup)", f"+{mines['value']}", 1, f"{mines['rule']}{marks(mines)}"])
    ranges = [[words(k).capitalize(), "any hex" if v["value"] is None else f"{v['value']} hexes from a friendly unit",
               f"{v['rule']}{marks(v)}"] for k, v in doc["bombardment_range"].items()]
    mx = doc["max_markers_per_combat"]
    return (banner
            + f"At most {mx['value']} markers in one combat ({mx['rule']}{marks(mx)}).\n\n"
            + md_table(["Cup", "Markers", "Count", "Rule"], rows, right=(2,)) + "\n"
            + "**Bombardment range**\n\n" + md_table(["Markers", "Range", "Rule"], ranges) + "\n"
            + f"With the flak option, an aircraft marker is divided by {fl['divide']} (rounded {fl['round']}) "
              f"next to a German {words(fl['unit_type'])} unit ({fl['rule']}{marks(fl)}).\n\n")


_DROP = {"eliminated": "eliminated", "reduced": "reduced, then drifts", "drifts": "drifts one hex",
         "on_target": "lands where it was set"}


def drop_chart(system: str, ctx: Context, marks: Marks) -> str | None:
    got = opened(system, "scenario", ctx)
    if got is None or "landing" not in got[0]:
        return None
    doc, banner = got
    land = doc["landing"]
    rows = [[r["roll"], _DROP.get(r["result"], words(r["result"])), f"{r['rule']}{marks(r)}"] for r in land["drop_table"]]
    drift = land["drift"]
    return (banner + "**Drop roll** (one die per airborne unit)\n\n"
            + md_table(["Die", "Result", "Rule"], rows) + "\n"
            + "**Drift roll**\n\n" + md_table(["Die", *map(str, range(1, 7))], [["Drifts", *drift["value"]]])
            + f"\n({drift['rule']}{marks(drift)}.) A drift that cannot be made leaves the unit where it was set"
              f"{marks(land['drift_blocked'])}.\n\n"
            + f"Landing on {_types(land['hazard_reduce']['value'])} costs a step "
              f"({land['hazard_reduce']['rule']}{marks(land['hazard_reduce'])}); in the sea the unit is lost "
              f"({land['hazard_eliminate']['rule']}{marks(land['hazard_eliminate'])}). Drop zones come off the "
              f"map at the start of turn {land['drop_zones_removed_turn']['value']}.\n\n")


def fmu_replacements(system: str, ctx: Context, marks: Marks) -> str | None:
    got = opened(system, "scenario", ctx)
    if got is None or "replacements" not in got[0]:
        return None
    doc, banner = got
    parity = {"any": "every turn", "odd": "odd turns", "even": "even turns"}
    rows = []
    for key, label in (("scenario", "Scenario (U.S.)"), ("campaign_us", "Campaign, U.S."),
                       ("campaign_commonwealth", "Campaign, Commonwealth")):
        for r in doc["replacements"].get(key, []):
            when = turns([r["first_turn"], r.get("last_turn", 99)])
            rows.append([label, words(r["type"]), r["points"], f"turn {when}, {parity[r['parity']]}",
                         f"{r['rule']}{marks(r)}"])
    g = doc["replacements"]["german"]
    rows.append(["German", "—", g["value"], "never", f"{g['rule']}{marks(g)}"])
    return (banner + md_table(["Who", "Units", "Points", "When", "Rule"], rows, right=(2,))
            + "\nA point restores one reduced unit of its class that is in supply; points not spent in the "
              "turn are lost.\n\n")
