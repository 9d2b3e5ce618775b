"""Combat charts: the Combat Results Table with a key to every result code, and the terrain
effects chart (movement costs and defence). The CRT is the engine's own: ``load_crt``, the
same call the combat rules make, so a drop-in correction shows here as it plays."""

from __future__ import annotations

from ddaydesk.rules.combat.crt import CRT, ResultDef, SideEffect, Table, load_crt, parse_crt
from ddaydesk.rules.help.chartkit import (
    Context,
    Marks,
    corrected_banner,
    md_table,
    player_note,
    table,
    words,
)
from ddaydesk.rules.systems import load_system
from ddaydesk.rules.tables import SHIPPED

HOT = "#fde8b0"  # a cell the player's copy changed
# Results that hurt only the attacker, or only the defender (Okabe & Ito orange and sky blue,
# told apart with colour blindness too); an exchange hurts both and stays plain.
TINT = {"attacker": "#f8dcc4", "defender": "#d3e6f5"}


def _tint(r: ResultDef | None) -> str | None:
    if r is None or r.exchange:
        return None
    hit_a, hit_d = not r.attacker.empty, not r.defender.empty
    return TINT["attacker"] if hit_a and not hit_d else TINT["defender"] if hit_d and not hit_a else None


def _effect(side: str, e: SideEffect) -> str:
    bits = []
    if e.eliminate:
        bits.append("eliminated")
    if e.steps:
        bits.append(f"loses {e.steps} step{'s' if e.steps > 1 else ''}")
    if e.reduce_all:
        bits.append("every unit reduced")
    if e.retreat:
        bits.append(f"retreats {e.retreat} hexes")
    if e.stiff_resistance:
        bits.append("or holds by stiff resistance")
    return f"{side} {' '.join(bits)}" if bits else ""


def result_words(r: ResultDef) -> str:
    """What a result does, from its effects (the table's own text, if it has one)."""
    if r.text and r.text != r.code:
        return r.text
    parts = [p for p in (_effect("attacker", r.attacker), _effect("defender", r.defender)) if p]
    return "; ".join(parts) or "no effect"


def crt_chart(system: str, ctx: Context, marks: Marks) -> str | None:
    doc = table(system, "crt", ctx.user_dir)
    if doc is None:
        return None
    crt = load_crt(system, ctx.user_dir)
    shipped = None
    if doc[2]:
        try:
            shipped = parse_crt(str(SHIPPED / system / "crt.yaml"))
        except Exception:  # noqa: BLE001 (no shipped table to compare with: nothing to highlight)
            shipped = None
    out = [corrected_banner(doc[1], doc[2])]
    kind = "odds (attack factors to defence factors)" if crt.kind == "odds" else "differential (attack minus defence)"
    out.append(f"Read the column of the **{kind}**, roll one {crt.die}-sided die, and read the "
               f"result on that die's row.{' Odds are rounded down in the defender’s favour: 11 to 4 is 2-1, 3 to 7 is 1-3.' if crt.kind == 'odds' else ''}\n\n")
    for name, t in crt.tables.items():
        if len(crt.tables) > 1:
            out.append(f"**{t.title}** ({t.rule}{marks(t)})\n\n")
        out.append(_grid(t, crt, marks, shipped.tables.get(name) if shipped else None))
        if name == "standard":
            out.append(_beyond(crt, marks))
        own = {c: r for c, r in t.results.items() if name != "standard" and r is not crt.tables["standard"].results.get(c)}
        if own:
            who = " (every result hits the assaulting units)" if t.applies_to == "attacker" else ""
            out.append(f"Results on this line{who}:\n\n" + _key(own, marks))
    out.append("**Key to the results**\n\n" + _key(crt.tables["standard"].results, marks))
    if crt.kind == "differential":
        sr = doc[0].get("stiff_resistance") or {"rule": crt.stiff_resistance_rule}
        out.append(f"**Stiff resistance** ({crt.stiff_resistance_rule}{marks(sr)}): a defender given a retreat "
                   f"may instead lose {crt.stiff_resistance_steps} step and hold its hex; the attacker "
                   "then may not advance.\n\n")
    return "".join(out)


def _grid(t: Table, crt: CRT, marks: Marks, shipped: Table | None) -> str:
    heads = ["Die"] + [f"{c.label}{marks(c)}" for c in t.columns]
    old = {c.label: c.results for c in shipped.columns} if shipped else {}
    rows = []
    for face in range(crt.die):
        row: list[str] = [f"**{face + 1}**"]
        for c in t.columns:
            code = c.results[face]
            was = old.get(c.label)
            changed = shipped is not None and (was is None or was[face] != code)
            tint = HOT if changed else _tint(t.results.get(code)) if t.applies_to == "both" else None
            row.append(f'<span style="background-color:{tint}">&nbsp;{code}&nbsp;</span>' if tint else code)
        rows.append(row)
    note = "\n*Highlighted in yellow: cells your copy changes from the shipped table.*\n" if shipped else ""
    key = ("\n*Orange: the attacker suffers; blue: the defender suffers; plain: both, or neither.*\n"
           if t.applies_to == "both" else "")
    return md_table(heads, rows, centre=tuple(range(1, len(heads)))) + key + note + "\n"


def _beyond(crt: CRT, marks: Marks) -> str:
    cols = crt.tables["standard"].columns
    bits = []
    if crt.below is not None:
        bits.append(f"worse than {cols[0].label}: **{crt.below.result}**{marks(crt.below)}")
    if crt.above is not None:
        bits.append(f"better than {cols[-1].label}: **{crt.above.result}**{marks(crt.above)}")
    return f"Without a die roll, {' and '.join(bits)}.\n\n" if bits else ""


def _key(results: dict[str, ResultDef], marks: Marks) -> str:
    rows = [[f"**{code}**", result_words(r), f"{r.rule}{marks(r)}"] for code, r in results.items()]
    return md_table(["Code", "What it does", "Rule"], rows) + "\n"


def _mp(v) -> str:
    if v is None:
        return "may not enter"
    if v == 0.5:
        return "½"
    return f"{v:g}" if isinstance(v, float) else str(v)


def _crossing(h: dict, cls: str, how: str) -> str:
    """What a hexside costs a movement class ("+3 added"), or that the class may not cross it."""
    if h.get(cls) is None:
        return "may not cross" + (" but by a bridge" if h.get("bridged_between") else "")
    return f"{'' if h.get('mode') == 'replace' else '+'}{_mp(h.get(cls))} {how}"


def _defence(e: dict | None, marks: Marks) -> str:
    if not e:
        return "—"
    if e.get("multiply", 1) != 1:
        what = {2: "doubled", 3: "tripled"}.get(e["multiply"], f"×{e['multiply']}")
    elif e.get("add") or e.get("value"):  # (Koenig's combat table: ``value``)
        what = f"+{e.get('add') or e['value']}"
    else:
        what = "no change"
    only = f" ({' and '.join(words(s) for s in e['sides'])} only)" if e.get("sides") else ""
    return f"{what}{only} ({e.get('rule', '')}{marks(e)})"


def _in_combat_table(system: str, ctx: Context):
    """The terrain's defence where a system keeps it in its combat table (Koenig's: each value
    added once to the hex's defence)."""
    got = table(system, "combat", ctx.user_dir)
    return None if got is None or "defence" not in got[0] else \
        ({"combine": "once", **got[0]["defence"]}, got[1], got[2])


def terrain_chart(system: str, ctx: Context, marks: Marks) -> str | None:
    mv = table(system, "terrain", ctx.user_dir)
    if mv is None:
        return None
    df = table(system, "defence", ctx.user_dir) or _in_combat_table(system, ctx)
    sysdef = load_system(system)
    notes = {k: player_note(v.get("note")) for k, v in (table(system, "system", ctx.user_dir)[0]["terrain"]).items()}
    moves, defence = mv[0], (df[0] if df else {})
    classes = [k for k in next(iter(moves["terrain"].values())) if k not in ("rule", "confidence", "note")]
    out = [corrected_banner(mv[1], mv[2])] + ([corrected_banner(df[1], df[2])] if df else [])
    if df and defence.get("combine") == "max":
        out.append("Defence multipliers do not add up: a defender gets the largest that applies.\n\n")
    elif df and defence.get("combine") == "once":
        out.append("Defence additions are added once to the defence of the hex, however many units defend it.\n\n")
    elif df:
        out.append("Defence additions are added to each defending unit's strength.\n\n")
    heads = ["Terrain"] + [f"{words(c).capitalize()} units (MP)" for c in classes] + ["Defence", "Notes"]
    rows = []
    for name, t in sysdef.terrain.items():
        cost = moves["terrain"].get(name)
        if cost is None:
            mp = ["never entered" if not t.passable else "—"] * len(classes)
        else:
            mp = [f"{_mp(cost.get(c))}{marks(cost)}" for c in classes]
        d = (defence.get("terrain") or {}).get(name)
        note = notes.get(name) or ("all sea" if t.sea else "impassable" if not t.passable else "")
        rows.append([words(name).capitalize(), *mp, _defence(d, marks), note])
    for name, d in (defence.get("places") or {}).items():
        rows.append([f"{words(name).capitalize()} (named place)", *(["as its hex"] * len(classes)),
                     _defence(d, marks), "a place printed on the map"])
    out.append(md_table(heads, rows) + "\n")
    heads = ["Hexside"] + [f"{words(c).capitalize()} units" for c in classes] + ["Defence"]
    rows = []
    for name, h in (moves.get("hexsides") or {}).items():
        how = "instead of the hex's cost" if h.get("mode") == "replace" else "added"
        mp = [f"{_crossing(h, c, how)}{marks(h)}" for c in classes]
        d = (defence.get("hexsides") or {}).get(name)
        rows.append([words(name).capitalize(), *mp,
                     _defence(d, marks) + (" when every attacker attacks across it" if d else "")])
    for name, d in (defence.get("hexsides") or {}).items():
        if name not in (moves.get("hexsides") or {}):
            rows.append([words(name).capitalize(), *(["—"] * len(classes)), _defence(d, marks)])
    out.append(md_table(heads, rows) + "\n")
    return "".join(out)
