"""The 2,000-action D-Day '77 campaign game the benchmarks time: seeded random legal play with
both supply rules, the same recipe as the floor kit's same-position/make_game.py."""

from __future__ import annotations

import random


def campaign_2000():
    from ddaydesk.engine import OVER, Game, Move, legal_actions
    from ddaydesk.formats.scenariofile import load_scenario
    from ddaydesk.paths import scenarios_dir

    sc = load_scenario(scenarios_dir() / "dday77-campaign.yaml")
    g = Game(sc, 7, {"weather": True, "tactical_air": True, "surprise_attack": True,
                     "allied_supply": True, "german_supply": True})
    rnd = random.Random(7)
    while len(g.log) < 2000 and g.state.phase != OVER:
        legal = legal_actions(g.state, g.state.active)
        ends = [a for a in legal if not isinstance(a, Move)]
        g.do(rnd.choice(ends) if ends and rnd.random() < 0.08 else rnd.choice(legal))
    return g
