"""Per-system UI profiles: what one game system adds to the one main window.

A system that needs nothing special plays with :class:`~ddaydesk.ui.profiles.base.UIProfile`
as it is (a hex game). A system that does registers a subclass here by system id: its words
(boxes, phases, how its actions read), the marks and previews its port adds, where its units
stand inside a place, what it paints on the map and the panels it docks. See docs/ui.md,
"Adding a system's UI".
"""

from __future__ import annotations

import importlib
from functools import cache

from ddaydesk.ui.profiles.base import UIProfile

#: system id -> "module:class" of its profile (imported on first use)
PROFILES: dict[str, str] = {
    "dd2": "ddaydesk.ui.profiles.dd2:DD2Profile",
    "ddd": "ddaydesk.ui.profiles.ddd:DDDProfile",
    "pkd": "ddaydesk.ui.profiles.pkd:PKDProfile",
}


@cache
def profile_for(system_id: str) -> UIProfile:
    """The system's profile, or the default one."""
    spec = PROFILES.get(system_id)
    if spec is None:
        return UIProfile()
    module, cls = spec.split(":")
    return getattr(importlib.import_module(module), cls)()


__all__ = ["PROFILES", "UIProfile", "profile_for"]
