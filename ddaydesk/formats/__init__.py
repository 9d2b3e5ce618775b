"""File formats (maps, scenarios, saves): YAML/JSON loading with positions and validation.

Nothing here imports Qt. Every problem is reported as a :class:`Problem` naming
``file:line:col`` and what was expected; loaders never let another exception escape.
"""

from ddaydesk.formats.errors import FormatError, Problem

__all__ = ["FormatError", "Problem"]
