"""The bundled scenarios, for the CLI listing and the GUI's scenario picker."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

from ddaydesk.formats.errors import FormatError
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import scenarios_dir

DEFAULT_SCENARIO = "tutorial"


@dataclass(frozen=True)
class ScenarioEntry:
    """A bundled scenario as the catalogue lists it."""

    id: str
    title: str
    system: str
    turns: str
    path: str
    ok: bool
    description: str = ""

    def as_dict(self) -> dict:
        return asdict(self)


def bundled_scenarios() -> list[ScenarioEntry]:
    out = []
    for path in sorted(scenarios_dir().glob("*.yaml")):
        try:
            sc = load_scenario(path)
        except FormatError:
            out.append(ScenarioEntry(path.stem, "(broken file)", "?", "?", str(path), False))
            continue
        out.append(ScenarioEntry(sc.id, sc.title, sc.system.id, f"{sc.first_turn}-{sc.last_turn}",
                                 str(path), True, sc.description))
    return out


def default_scenario_path() -> Path:
    return scenarios_dir() / f"{DEFAULT_SCENARIO}.yaml"
