"""Qt item models over the engine's per-side view (tables, lists): read-only, rebuilt per view."""
