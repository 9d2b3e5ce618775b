"""Signing runs only when its secrets are in the environment; otherwise it says so, once,
in one clear line, and the unsigned build goes on (forks and local builds have no keys)."""

from __future__ import annotations

from collections.abc import Callable, Mapping


def secrets_for(step: str, names: tuple[str, ...], env: Mapping[str, str],
                log: Callable[[str], None]) -> dict[str, str] | None:
    """The named secrets when all are set and non-empty, else None after logging the skip."""
    missing = [n for n in names if not env.get(n)]
    if missing:
        log(f"SKIPPED {step}: secret{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
            "not set; the artefact is unsigned")
        return None
    return {n: env[n] for n in names}
