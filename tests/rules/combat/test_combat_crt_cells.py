"""Every cell of the shipped CRTs as combat reads it (strength -> column, die -> result), and
every column edge of a differential table at its boundary (the differential on the edge and
the one past it).

The printed tables of these games are not public: each CRT is our documented default
(STD-CRT, STD-FM-CRT, STD-PKD-FIRE, STD-PKD-CC). D-Day '77's is the classic Avalon Hill odds
table transcribed in ../shared/research/rules.md §1.8, written out again here from that page;
the F&M and Koenig tables are ours (docs/rules/fire-and-movement.md, docs/rules/koenig.md §5),
pinned cell by cell so that a change to a default is made on purpose, here and in the table.
"""

from __future__ import annotations

import pytest

from ddaydesk.rules.combat import load_crt

# research/rules.md §1.8, by die (rows) and odds column 1-6 .. 6-1
CLASSIC_AH = """
AE  AE  AB2 AB2 DB2 DE  DE  DE  DE  DE  DE
AE  AE  AE  AB2 EX  EX  EX  EX  EX  DB2 DB2
AB2 AB2 AB2 AB2 AB2 AB2 DB2 DB2 DE  DE  DE
AE  AB2 AB2 AB2 AB2 AB2 AB2 DB2 DB2 DB2 DE
AE  AE  AE  AE  AE  AE  EX  EX  DB2 DE  DE
AE  AE  AE  AE  AE  AE  AE  DE  DE  DE  DE
"""
ODDS = [(1, 6), (1, 5), (1, 4), (1, 3), (1, 2), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)]

# ours: (lowest differential or None, highest or None, results for die 1..6)
FM_STANDARD = [
    (None, -6, "NE A1 A1 A1 A1 A1"), (-5, -3, "D1 NE A1 A1 A1 A1"), (-2, 0, "D1 D1 NE NE A1 A1"),
    (1, 3, "D2 D1 D1 NE EX A1"), (4, 6, "D2 D2 D1 D1 EX NE"), (7, 9, "D3 D2 D2 D1 D1 EX"),
    (10, 12, "D3 D3 D2 D2 D1 EX"), (13, 15, "D3 D3 D3 D2 D2 D1"), (16, 19, "D3 D3 D3 D3 D2 D2"),
    (20, None, "D3 D3 D3 D3 D3 D2")]
FM_BEACH_EZOC = [
    (None, -6, "D2 D3 D3 D3 D3 D3"), (-5, -3, "D2 D2 D3 D3 D3 D3"), (-2, 0, "D1 D2 D2 D3 D3 D3"),
    (1, 3, "D1 D1 D2 D2 D3 D3"), (4, 6, "NE D1 D1 D2 D2 D3"), (7, 9, "NE NE D1 D1 D2 D2"),
    (10, 12, "NE NE NE D1 D1 D2"), (13, 15, "NE NE NE NE D1 D1"), (16, 19, "NE NE NE NE NE D1"),
    (20, None, "NE NE NE NE NE NE")]
FM_BEACH_CLEAR = [
    (None, -6, "D2 D2 D3 D3 D3 D3"), (-5, -3, "D1 D2 D2 D3 D3 D3"), (-2, 0, "D1 D1 D2 D2 D3 D3"),
    (1, 3, "NE D1 D1 D2 D2 D3"), (4, 6, "NE NE D1 D1 D2 D2"), (7, 9, "NE NE NE D1 D1 D2"),
    (10, 12, "NE NE NE NE D1 D1"), (13, 15, "NE NE NE NE NE D1"), (16, None, "NE NE NE NE NE NE")]
PKD_FIRE = [
    (None, 0, "NE NE NE NE NE H"), (1, 2, "NE NE NE NE EX H"), (3, 4, "NE NE NE EX H H"),
    (5, 6, "NE NE EX H H 2H"), (7, 8, "NE EX H H 2H 2H"), (9, 10, "EX H H 2H 2H 2H"),
    (11, None, "H H 2H 2H 2H 3H")]
PKD_CLOSE = [
    (None, -3, "A1 A1 A1 A1 EX DR"), (-2, -1, "A1 A1 A1 EX NE DR"), (0, 1, "A1 A1 EX NE DR D1R"),
    (2, 3, "A1 EX NE DR D1R D1R"), (4, 5, "EX NE DR D1R D1R D2R"), (6, 7, "EX DR D1R D1R D2R D2R"),
    (8, None, "DR D1R D1R D2R D2R D2R")]


def test_the_dday77_crt_is_the_classic_ah_table_of_the_research_cell_by_cell():
    # STD-CRT, our default: research/rules.md §1.8, column by odds, row by die
    crt = load_crt("dday77")
    rows = [line.split() for line in CLASSIC_AH.strip().splitlines()]
    for c, (att, dfn) in enumerate(ODDS):
        col = crt.column(att, dfn)
        assert col.label == f"{att}-{dfn}"
        assert list(col.results) == [rows[die][c] for die in range(6)], col.label
    assert crt.die == 6 and len(crt.table().columns) == len(ODDS)


@pytest.mark.parametrize(("system", "table", "spec"), [
    pytest.param("fmu", "standard", FM_STANDARD, id="STD-FM-CRT"),
    pytest.param("fmu", "beach_within_ezoc", FM_BEACH_EZOC, id="FMU-BEACH-03-within-ezoc"),
    pytest.param("fmu", "beach_not_in_ezoc", FM_BEACH_CLEAR, id="FMU-BEACH-03-not-in-ezoc"),
    pytest.param("pkd", "standard", PKD_FIRE, id="STD-PKD-FIRE"),
    pytest.param("pkd", "close_combat", PKD_CLOSE, id="STD-PKD-CC"),
])
def test_each_differential_column_from_edge_to_edge(system, table, spec):
    # our default (FMU-BEACH-03's two beach lines included): each column's results, read at
    # both its edges, and the differential just past each edge read from the next column
    crt = load_crt(system)
    assert crt.die == 6 and len(crt.table(table).columns) == len(spec)
    for i, (low, high, results) in enumerate(spec):
        want = results.split()
        for diff in (d for d in (low, high) if d is not None):
            col = crt.column(diff, 0, table)
            assert list(col.results) == want, (table, diff)
        if low is not None:
            assert list(crt.column(low - 1, 0, table).results) == spec[i - 1][2].split(), (table, low - 1)
        if high is not None:
            assert list(crt.column(high + 1, 0, table).results) == spec[i + 1][2].split(), (table, high + 1)
    assert list(crt.column(-99, 0, table).results) == spec[0][2].split()
    assert list(crt.column(99, 0, table).results) == spec[-1][2].split()
