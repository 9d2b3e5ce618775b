"""The F&M rules data: every value tagged, the exclusive-rule values as the seed prints them."""

from pathlib import Path

import pytest

from ddaydesk.formats.yamlmarks import load_file
from ddaydesk.rules.confidence import untagged
from ddaydesk.rules.fmu.data import entry, val

DATA = Path(__file__).resolve().parents[3] / "ddaydesk" / "rules" / "data" / "fmu"


@pytest.mark.parametrize("name", ["scenario", "terrain", "movement", "sequence"])
def test_every_fmu_value_has_rule_and_confidence(name):
    assert untagged(load_file(str(DATA / f"{name}.yaml")), name) == []


def test_exclusive_rule_values_as_printed():
    assert val("landing.beach_hexes") == ["3005", "2906", "2806", "2707", "2607", "2508"]  # FMU-AMPH-01
    assert val("landing.beach_stack_limit") == 3  # FMU-AMPH-06
    assert val("landing.drop_zone_north_of_row") == 19  # FMU-AIRB-01
    assert [r["result"] for r in entry("landing.drop_table")] == [
        "eliminated", "reduced", "reduced", "drifts", "drifts", "on_target"]  # FMU-AIRB-04..07
    assert val("victory.objectives") == ["1706", "1805", "2206", "2605", "2503", "2901", "2501"]  # FMU-VIC-03
    assert entry("landing.beachhead_markers")["confidence"] == "default"  # not printed in the seed
