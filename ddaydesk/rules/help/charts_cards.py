"""D-Day Dice's cards as a chart: the Allies' Specialists, Items, Vehicles and Awards and the
German's Specialists, Items and Decorations, each with its cost and what it does (its solitaire
text beside), as the engine reads them (``cards.yaml``, a player's corrected copy first). The
Actions dock lists only what a player can pay for now; this is what there is to save up for."""

from __future__ import annotations

from ddaydesk.rules.help.chartkit import Context, Marks, get, md_table, opened

# (cards.yaml section, title, what its cost is paid in: "" when a card is not bought)
SECTIONS = (("specialists", "Allied Specialists", "Stars"), ("items", "Items", "Item Points"),
            ("vehicles", "Vehicles", "Item Points"), ("awards", "Awards", ""),
            ("badges", "Badges (their module)", ""),
            ("german_specialists", "The German's Specialists", "Stars"),
            ("german_items", "The German's Items", "Item Points"),
            ("decorations", "The German's Decorations (drawn at random, DDD-GER-22..26)", ""))


def cards_chart(system: str, ctx: Context, marks: Marks) -> str | None:
    if system != "ddd":
        return None
    got = opened(system, "cards", ctx)
    if got is None:
        return None
    doc, banner = got
    parts = [banner] if banner else []
    for key, title, paid_in in SECTIONS:
        rows = []
        for c in get(doc, key, None) or ():
            text = str(get(c, "text", ""))
            if get(c, "solo_text"):
                text += f" *Solitaire:* {get(c, 'solo_text')}"
            cost = f"{get(c, 'cost')} {paid_in}" if paid_in and get(c, "cost") else "–"
            rows.append([get(c, "name", get(c, "id")), cost, text, f"{get(c, 'clause') or get(c, 'rule', '')}{marks(c)}"])
        if rows:
            parts.append(f"### {title}\n\n" + md_table(["Card", "Cost", "What it does", "Rule"], rows))
    return "\n".join(parts) if parts else None
