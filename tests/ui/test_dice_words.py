"""The dice log's words: each roll paired with the table it was read on and what it led to,
from its purpose and its action's notes, for the rolls of every system."""

from __future__ import annotations

import pytest

from ddaydesk.engine.dice import Roll
from ddaydesk.ui.dice_words import read_rolls
from ddaydesk.ui.port import DieRoll


def one(purpose: str, value: int, notes: list[str], sides: int = 6, crt=None) -> DieRoll:
    (r,) = read_rolls([Roll(sides, value, purpose, 0)], notes, crt)
    return r


def test_a_combat_roll_reads_the_crt_column_and_its_result():
    r = one("combat at 1308: 1-2", 4, ["combat at 1308: 1-2 → AB2 (4:5, die 4)"],
            crt=lambda code: {"AB2": "attacker retreats 2 hexes"}[code])
    assert (r.table, r.result) == ("Combat Results Table, 1-2 column", "AB2: attacker retreats 2 hexes")
    assert str(r) == "4 on d6: combat at 1308: 1-2 (Combat Results Table, 1-2 column) → AB2: attacker retreats 2 hexes"


def test_a_bombardment_s_roll_says_what_the_result_did_STD_FM_BOMB():
    notes = ["combat at 1709: +10..+12 → EX (16:5, die 6; markers allied_air +8, allied_air +8)",
             "the bombardment costs ge-6-fj a step (STD-FM-BOMB)"]
    r = one("combat at 1709: +10..+12", 6, notes, crt=lambda code: "exchange: each side loses 1 step")
    assert r.result == "EX: the bombardment costs ge-6-fj a step"
    r = one("combat at 1709: -2..0", 3, [notes[0].replace("EX", "NE"), "bombardment: no effect on the target "
                                         "(STD-FM-BOMB)"], crt=lambda code: "no effect")
    assert r.result == "NE: bombardment: no effect on the target"


def test_support_fire_markers_are_read_in_their_draw_order():
    note = "combat at 2806: +7..+9 → D2 (18:10, die 6; markers german +4, allied_air +8, german +6)"
    rolls = read_rolls([Roll(12, 5, "german marker draw for the combat at 2806", 0),
                        Roll(11, 9, "german marker draw for the combat at 2806", 1),
                        Roll(7, 2, "allied marker draw for the combat at 2806", 2)], [note])
    assert [r.result for r in rolls] == ["drew german +4", "drew german +6", "drew allied air +8"]
    assert rolls[0].table == "German support fire markers (1 of 12)"


def test_weather_drop_and_drift():
    r = one("weather turn 7", 6, ["weather turn 7: rolled 6, RAIN (D77-WX-03)"])
    assert (r.table, r.result) == ("Weather Table, turn 7", "rain (D77-WX-03)")
    notes = ["us-101-506 drop: rolled 5, drifts (FMU-AIRB-06); drift 2: NW -> 2302; drift 4: E -> 2403"]
    drop, d1, d2 = read_rolls([Roll(6, 5, "drop of us-101-506", 0), Roll(6, 2, "drift of us-101-506", 1),
                               Roll(6, 4, "drift of us-101-506", 2)], notes)
    assert (drop.table, drop.result) == ("Airborne drop", "drifts (FMU-AIRB-06)")
    assert (d1.result, d2.result) == ("NW → 2302", "E → 2403")


@pytest.mark.parametrize("value, hit", [(1, "hit"), (2, "hit"), (3, "miss")])
def test_a_hit_number_d_day2(value, hit):
    r = one("german defence in 10 (g10-inf hits on 2)", value, [])
    assert (r.purpose, r.table, r.result) == ("german defence in 10, g10-inf firing", "hits on 1-2", hit)


def test_d_day_dice_faces_and_koenigs_tables():
    r = one("American Unit: Red die", 2, ["American Unit rolls Red Soldiers"])
    assert (r.table, r.result) == ("Red die", "Red 2 Soldiers")
    r = one("fire at 0707: 4 against 2", 6, ["4 against 2 (+1..+2): die 6, 1 Hit on the defender"])
    assert (r.table, r.result) == ("Fire Table, +1..+2 column", "1 Hit on the defender")


def test_draws_and_notes_named_after_the_purpose():
    r = one("Command Cup, turn 1", 4, ["Command Cup: 8th Infantry Brigade drawn (3 chits left)"], sides=4)
    assert (r.die, r.table, r.result) == ("4 of 4", "draw from 4", "8th Infantry Brigade drawn (3 chits left)")
    r = one("Support: allied artillery", 5, ["Support: allied artillery rolled 5: 2 points"])
    assert (r.die, r.result) == ("5 on d6", "2 points")
    r = one("Land Mines under American Unit", 3, ["Land Mines: American Unit loses 3 Soldiers"])
    assert r.result == "American Unit loses 3 Soldiers"


def test_no_note_about_the_roll_means_no_result_rather_than_a_wrong_one():
    r = one("allied marker set aside", 11, ["inclement weather: the aircraft markers are set aside this GT"], 13)
    assert r.result == "" and r.die == "11 of 13"


def test_d_day_dice_card_draws_name_the_card_but_not_the_germans_decoration():
    r = one("an Award from the deck", 1, ["Straight: an Award", "British Unit draws the Purple Heart"], sides=12)
    assert (r.die, r.table, r.result) == ("1 of 12", "draw from 12", "British Unit draws the Purple Heart")
    r = one("a Badge from the deck", 3, ["Wiped out: American Unit draws the Combat Medical Badge"], sides=8)
    assert r.result == "American Unit draws the Combat Medical Badge"
    r = one("a Decoration from the deck", 5, ["Straight: the German draws a Decoration"], sides=20)
    assert r.result == "the German draws a Decoration"
