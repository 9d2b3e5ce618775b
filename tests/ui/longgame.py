"""The 2,000-action campaign game of the review tests and benchmarks: a seeded random legal
game of the D-Day '77 campaign with every supply rule, the weather, tactical air and the
surprise attack (the engine benchmark's game). Playing it takes about 20 s of CPU, so it is
played once and kept as a save (replayed and verified when read: about 0.2 s)."""

from __future__ import annotations

import hashlib
import random
import tempfile
from pathlib import Path

from ddaydesk.engine import OVER, Game, Move, legal_actions, load_game, save_game
from ddaydesk.formats.scenariofile import load_scenario
from ddaydesk.paths import scenarios_dir

OPTIONS = {"weather": True, "tactical_air": True, "surprise_attack": True, "allied_supply": True,
           "german_supply": True}
VERSION = 1  # of the way the game is played: a new one plays it again
CACHE = Path(tempfile.gettempdir()) / "ddaydesk-tests"


def random_game(name: str, options: dict, n: int, seed: int = 7, other: float = 0.15) -> Game:
    """``n`` seeded random legal actions of scenario ``name`` (fewer if it ends), taking an
    action other than a move with chance ``other`` when there is one."""
    g = Game(load_scenario(scenarios_dir() / name), seed, options)
    rnd = random.Random(seed)
    while len(g.log) < n and g.state.phase != OVER:
        legal = legal_actions(g.state, g.state.active)
        ends = [a for a in legal if not isinstance(a, Move)]
        g.do(rnd.choice(ends) if ends and rnd.random() < other else rnd.choice(legal))
    return g


def play_campaign(n: int = 2000, seed: int = 7) -> Game:
    return random_game("dday77-campaign.yaml", OPTIONS, n, seed, 0.08)


def campaign_game(folder: Path, n: int = 2000) -> Game:
    """The game, from ``folder`` when it was kept there for this scenario and engine, else
    played now and kept."""
    sc = load_scenario(scenarios_dir() / "dday77-campaign.yaml")
    key = hashlib.sha256(f"{sc.content_hash}:{n}:{VERSION}".encode()).hexdigest()[:16]
    path = Path(folder) / f"campaign-{n}-{key}.ddaysave"
    if path.exists():
        try:
            g = load_game(path)
            if g.pos == n:
                return g
        except Exception:  # kept by an older engine, or broken: played again
            pass
    g = play_campaign(n)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_game(g, path)
    return g
