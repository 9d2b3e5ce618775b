"""The functions ``dataclasses`` writes for each class it makes (``__init__``, ``__eq__``, a
frozen class's ``__setattr__``...), compiled once and kept on disk for the next start.

dataclasses writes them as source text and compiles that text for every class, at every
start: most of the 0.15-0.9 ms a class costs, and a start makes about sixty before its first
frame (12-15 ms of CPU, a fifteenth of a start). The same text compiles to the same code, so
a start loads the code compiled by the starts before it (``ddaydesk.diskcache``, one file
per Python and ddaydesk version; each entry found by its whole text: never stale) and compiles
only text it has not seen, which :func:`keep` adds to the file. No class changes: while
:func:`use_kept` is on, ``dataclasses`` runs its text through an ``exec`` of its own that
takes the kept code for it (the builtin's in every other respect: the same globals and
locals, and the same compiler flags, none)."""

from __future__ import annotations

import builtins
import dataclasses
import marshal
import sys
from importlib.util import MAGIC_NUMBER
from types import CodeType

import ddaydesk
from ddaydesk import diskcache

KIND = "classcode"
_kept: dict[str, CodeType] = {}
_new: dict[str, CodeType] = {}
_key = ""  # the file's (this Python's version and bytecode, ddaydesk's version), set by use_kept


def _exec(source, globals=None, locals=None, /):  # (exec's own parameters)
    if isinstance(source, str):
        code = _kept.get(source)
        if code is None:
            code = _new[source] = compile(source, "<string>", "exec", dont_inherit=True)
        source = code
    return builtins.exec(source, globals, locals)


def use_kept() -> None:
    """From now on, dataclasses makes its classes' functions from the code kept on disk
    (what it has not seen is compiled, as always)."""
    global _key
    _key = diskcache.key_of("dataclasses' functions", MAGIC_NUMBER.hex(), ddaydesk.__version__, stamp=sys.version)
    try:
        key, codes = marshal.loads(diskcache.path_for(KIND, _key, ".marshal").read_bytes())
    except (OSError, ValueError, EOFError, TypeError):  # none yet, or damaged: made again
        key, codes = None, None
    if key == _key and isinstance(codes, dict):
        _kept.update((k, v) for k, v in codes.items() if isinstance(k, str) and isinstance(v, CodeType))
    dataclasses.exec = _exec


def keep() -> None:
    """Add the code compiled since :func:`use_kept` to the file (nothing when there is none)."""
    if _new and _key:
        _kept.update(_new)
        _new.clear()
        diskcache.write_atomic(diskcache.path_for(KIND, _key, ".marshal"), marshal.dumps((_key, _kept)))
