"""Files made to break the loader (issue 22's reproducers): each gets ``file:line:col:
message``, with the value cut short, and nothing else happens."""

from __future__ import annotations

import tracemalloc

import pytest

from ddaydesk.cli import main
from ddaydesk.formats.detect import check_file
from ddaydesk.formats.errors import show
from ddaydesk.formats.yamlmarks import load_text
from ddaydesk.paths import maps_dir, scenarios_dir

TUTORIAL_MAP = (maps_dir() / "tutorial.yaml").read_text(encoding="utf-8")
TUTORIAL = (scenarios_dir() / "tutorial.yaml").read_text(encoding="utf-8")


def laughs(levels: int) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, levels + 1)]
    return "notes:\n" + "".join(f"  {line}\n" for line in lines)


def problems_of(tmp_path, name: str, text: str | bytes):
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    kind, problems = check_file(str(path))
    assert kind == "invalid" and problems
    assert all(p.path == str(path) and p.line >= 1 and p.col >= 1 and len(p.message) < 300 for p in problems)
    return problems


def test_a_nine_level_billion_laughs_is_refused_at_the_anchor_that_grows_too_big(tmp_path):
    text = laughs(9) + TUTORIAL_MAP.replace('title: ', 'title: *a9\nx: ', 1)
    tracemalloc.start()
    try:
        (p,) = problems_of(tmp_path, "laughs.yaml", text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # a5 holds 597,871 values with its aliases expanded: the first over the 500,000 bound
    assert (p.line, p.col) == (7, 7) and "billion laughs" in p.message
    assert peak < 100 * 2**20


def test_a_big_value_in_a_hex_gives_a_short_message(tmp_path):
    # issue 22: the whole value was printed (39 MB at six levels, refused above now)
    text = laughs(4) + TUTORIAL_MAP.replace("places:\n", "places:\n  - {name: X, hex: *a4, kind: city}\n", 1)
    problems = problems_of(tmp_path, "hex.yaml", text)
    assert any("places[0].hex" in p.message for p in problems)


@pytest.mark.parametrize("value, words", [
    ("!!bool maybe", "'maybe' is not a valid !!bool"),
    ("!!timestamp 2001-99-99", "is not a valid date"),
    ("!!timestamp yesterday", "'yesterday' is not a valid date"),
    ("!!int 12x", "'12x' is not a valid !!int"),
    ("!!binary aGVsbG8=", "tag !!binary is not accepted"),
    ("!!python/object:os.system x", "tag !!python/object:os.system is not accepted"),
    ("!local x", "tag !local is not accepted"),
    ("9" * 5000, "is too long"),
    ("123456789012345678", "out of range"),
    ("1.0e+999", "only finite numbers"),
    (".nan", "only finite numbers"),
    ("0x_", "'0x_' is not a valid !!int"),
])
def test_unknown_tags_and_unreadable_values_are_refused_at_their_place(tmp_path, value, words):
    text = TUTORIAL_MAP.replace("title: ", f"title: {value}\nx: ", 1)
    line = TUTORIAL_MAP[: TUTORIAL_MAP.index("title: ")].count("\n") + 1
    (p,) = problems_of(tmp_path, "map.yaml", text)
    assert (p.line, p.col) == (line, 8) and words in p.message


@pytest.mark.parametrize("text, line, col, words", [
    ("a:\n" + "".join("  " * k + "- \n" for k in range(200)), 65, 127, "nested too deeply"),
    ("a: " + "[" * 3000, 1, 67, "nested too deeply"),
    ("a: b\nc: d\x07e\n", 2, 5, "character '\\x07' is not allowed"),
    ("a: &x [*x]\n", 1, 4, "refers to the value that contains it"),
    ("a: [1, 2\nb: 3\n", 2, 2, "YAML syntax"),
])
def test_structure_problems_have_a_line(text, line, col, words):
    from ddaydesk.formats.errors import FormatError

    for fast in (True, False):
        with pytest.raises(FormatError) as exc:
            load_text(text, "t.yaml", fast=fast)
        (p,) = exc.value.problems
        assert (p.line, p.col, words in p.message) == (line, col, True), p


def test_not_utf8_names_the_line_and_column(tmp_path):
    (p,) = problems_of(tmp_path, "latin.yaml", TUTORIAL.encode().replace(b"title: ", b"title: caf\xe9 ", 1))
    assert p.line == TUTORIAL[: TUTORIAL.index("title: ")].count("\n") + 1 and p.col == 11


def test_a_very_long_map_reference_is_a_problem_of_the_scenario(tmp_path):
    # issue 22: OSError: File name too long
    text = TUTORIAL.replace("\nmap: tutorial\n", f"\nmap: {'m' * 5000}.yaml\n")
    (p,) = problems_of(tmp_path, "long.yaml", text)
    assert p.line == TUTORIAL[: TUTORIAL.index("\nmap: ")].count("\n") + 2 and "no map" in p.message


def test_show_never_writes_out_a_big_value():
    big: list = ["lol"] * 9
    for _ in range(9):
        big = [big] * 9  # a billion strings, shared
    assert len(show(big)) <= 60 and show(10**5000) == "<a very large number>"
    assert show("x" * 10**6).endswith("...") and show({"a": [1, 2]}) == "{'a': [1, 2]}"


def test_check_prints_one_short_line_per_problem(tmp_path, capsys):
    path = tmp_path / "laughs.yaml"
    path.write_text(laughs(9) + TUTORIAL_MAP)
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and out[0].startswith(f"{path}:7:7: YAML: with its aliases expanded")
