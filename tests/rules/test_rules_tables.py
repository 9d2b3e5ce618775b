"""Where rules tables are read from (ddaydesk/rules/tables.py): a drop-in edited while the
program runs is read again, except inside ``tables_pinned`` (one replay, one version)."""

from __future__ import annotations

import os

from ddaydesk.rules.combat.crt import load_crt
from ddaydesk.rules.tables import SHIPPED, table_version, tables_pinned


def _drop_in(tmp_path, text: str) -> str:
    path = tmp_path / "rules" / "dday77" / "crt.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return str(path)


def _first_3_1_result(path_text: str, result: str) -> str:
    old = '{odds: "3-1", results: [DE, EX, DB2, DB2, EX, DE]'
    assert old in path_text
    return path_text.replace(old, '{odds: "3-1", results: [' + ", ".join([result] * 6) + "]", 1)


def test_an_edited_drop_in_is_read_again_but_not_inside_a_pinned_block(tmp_path, monkeypatch):
    monkeypatch.setenv("DDAYDESK_USER_DATA", str(tmp_path))
    shipped = (SHIPPED / "dday77" / "crt.yaml").read_text()
    assert table_version("dday77", "crt")[0] == str(SHIPPED / "dday77" / "crt.yaml")
    with tables_pinned():
        before = load_crt("dday77").column(12, 4).results
        path = _drop_in(tmp_path, _first_3_1_result(shipped, "DE"))
        assert load_crt("dday77").column(12, 4).results == before  # one version per replay
        with tables_pinned():  # nested: still the outer block's version
            assert table_version("dday77", "crt")[0] != path
    assert load_crt("dday77").column(12, 4).results == ("DE",) * 6  # outside: the drop-in
    _drop_in(tmp_path, _first_3_1_result(shipped, "EX"))
    os.utime(path, ns=(1, 1))  # a new modification time, whatever the clock's resolution
    assert load_crt("dday77").column(12, 4).results == ("EX",) * 6
