"""A :class:`Situation` from a scenario's start position (used by ``ddaydesk odds``; the
engine builds its own from the game state)."""

from __future__ import annotations

from ddaydesk.formats.scenariofile import Scenario
from ddaydesk.rules.combat import support as sup
from ddaydesk.rules.combat.model import CombatUnit, Pools, Situation, TurnInfo


def situation_from_scenario(sc: Scenario, turn: TurnInfo | None = None) -> Situation:
    turn = turn or TurnInfo(turn=sc.first_turn, active_side=sc.first_player)
    units = [CombatUnit(id=u.id, side=u.side, type=u.type, nationality=u.nationality, attack=u.attack,
                        defence=u.defence, place=u.hex, has_reduced_side=u.reduced is not None,
                        zoc=u.type != "hq", name=u.name)
             for u in sc.units if u.hex >= 0]
    if sc.system.id == "fmu":
        pools = Pools(cups=sup.initial_cups(), naval_left=sup.naval_markers(turn.turn))
    else:
        pools = Pools(nbp_left=sup.nbp_pool(turn), air_left=sup.air_pool(turn))
    beaches = frozenset(p.place for p in sc.board.places_of_kind("beach_landing"))
    return Situation(system=sc.system.id, board=sc.board, units=units, options=dict(sc.options),
                     turn=turn, pools=pools, beach_places=beaches)
