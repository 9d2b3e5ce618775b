"""The dataclasses' functions compiled once and kept on disk (ddaydesk.classcode): a class made
from the kept code is the class made afresh (its ``__init__`` and defaults, frozen fields,
equality, hash and repr), the next start compiles none of what the last one kept, and a
damaged or foreign file only costs the shortcut."""

from __future__ import annotations

import builtins
import dataclasses
import inspect
import marshal
from pathlib import Path

import pytest

from ddaydesk import classcode

SOURCE = '''
from dataclasses import dataclass, field

from ddaydesk.records import Record


@dataclass(frozen=True, eq=False, repr=False)
class Card(Record):
    """A card."""

    name: str
    cost: int = 2
    tags: tuple[str, ...] = ()
    uses: list = field(default_factory=list, compare=False)


@dataclass(frozen=True)
class Die:
    """A die."""

    colour: str
    face: int = 1
'''


@pytest.fixture
def kept(tmp_path, monkeypatch) -> Path:
    """A start's: the cache folder a temporary one, nothing loaded, dataclasses as it was after."""
    monkeypatch.setenv("DDAYDESK_CACHE", str(tmp_path))
    monkeypatch.setattr(dataclasses, "exec", builtins.exec, raising=False)
    monkeypatch.setattr(classcode, "_kept", {})
    monkeypatch.setattr(classcode, "_new", {})
    return tmp_path


def _classes() -> dict:
    ns: dict = {"__name__": __name__}  # (a module dataclasses can look its annotations up in)
    exec(compile(SOURCE, "kept_classes.py", "exec"), ns)
    return ns


def _start_again(monkeypatch) -> None:
    """A new process: nothing in memory, the file on disk."""
    monkeypatch.setattr(classcode, "_kept", {})
    monkeypatch.setattr(classcode, "_new", {})
    classcode.use_kept()


def _behaviour(ns) -> tuple:
    card, die = ns["Card"]("Medic"), ns["Die"]("red", 6)
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.cost = 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        del die.face
    return (repr(card), card.cost, card.tags, card.uses, card == ns["Card"]("Medic", uses=[1]), hash(card) ==
            hash(ns["Card"]("Medic")), repr(die), die == ns["Die"]("red", 6), hash(die) == hash(ns["Die"]("red", 6)),
            ns["Die"]("blue").face, [f.name for f in dataclasses.fields(ns["Card"])], str(inspect.signature(ns["Card"])))


def test_a_class_made_from_the_kept_code_is_the_class_made_afresh(kept, monkeypatch):
    afresh = _behaviour(_classes())
    classcode.use_kept()
    first = _behaviour(_classes())
    assert classcode._new  # (its functions compiled: nothing was kept)
    classcode.keep()
    assert list((kept / classcode.KIND).glob("*.marshal"))
    _start_again(monkeypatch)
    again = _classes()
    assert not classcode._new  # nothing compiled: all of it was kept
    assert _behaviour(again) == first == afresh
    assert afresh[0] == "Card(name='Medic', cost=2, tags=(), uses=[])"


def test_a_damaged_or_foreign_file_is_made_again(kept, monkeypatch):
    classcode.use_kept()
    _classes()
    classcode.keep()
    (path,) = (kept / classcode.KIND).glob("*.marshal")
    for damage in (b"\x00garbage", marshal.dumps(("another key", {})), marshal.dumps((classcode._key, ["a list"]))):
        path.write_bytes(damage)
        _start_again(monkeypatch)
        assert _behaviour(_classes()) and classcode._new  # compiled again, no error
        classcode.keep()
        _start_again(monkeypatch)
        _classes()
        assert not classcode._new  # written over: kept again


def test_a_folder_that_cannot_be_written_only_costs_the_shortcut(kept, monkeypatch):
    (kept / classcode.KIND).write_text("a file where the folder would be")
    classcode.use_kept()
    _classes()
    classcode.keep()  # (no error)
    _start_again(monkeypatch)
    assert _behaviour(_classes()) and classcode._new
