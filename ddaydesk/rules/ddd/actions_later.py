"""D-Day Dice's actions a start never lists (actions.py says what their fields name): the Blind
start, the Final Tally, a Unit's supply step, cards, combat and the Bunker assault, the answers to a waiting choice,
Atlantikwall's modules and Overlord's next battle. ``game.register`` names their kinds
(engine.actions.action_kinds), so a save reading one imports this module, and the rules
import it where they make one: a start, which lists only landings and dice, does without
these twenty-one dataclasses."""

from __future__ import annotations

from dataclasses import dataclass

from ddaydesk.engine import Action, action_type


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class BlindStart(Action):
    """Blind start (DDD-GER-44): die ``die`` of the German's start roll is his Soldiers."""

    kind = "blind_start"
    die: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class PickTally(Action):
    """Close Combat Clasp: keep the ``original`` Final Tally, or the new one (DDD-SOLO-14)."""

    kind = "pick_tally"
    player: str
    original: bool


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class ScoreTally(Action):
    """Score the Final Tally: the RWBs taken (by face; ``options`` picks each one's
    alternative), a Straight or not, the dice the Active Skulls cancel (by face), and ``pick``:
    the used Item an Ingenuity RWB finds again."""

    kind = "score_tally"
    player: str
    rwbs: tuple[str, ...] = ()
    options: tuple[int, ...] = ()
    straight: bool = False
    cancel: tuple[str, ...] = ()
    pick: str = ""


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class TradeDie(Action):
    """The Lieutenant gives die ``die`` of the Final Tally to ``receiver`` in the same Sector."""

    kind = "trade_die"
    player: str
    receiver: str
    die: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Rally(Action):
    """A player brings a Specialist card into play."""

    kind = "rally_specialist"
    player: str
    card: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class FindItem(Action):
    """Find an Item or a Vehicle with Item Points."""

    kind = "find_item"
    player: str
    card: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Trade(Action):
    """A player gives resources to another."""

    kind = "trade_resources"
    player: str
    receiver: str
    resource: str
    amount: int


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class UseCard(Action):
    """Use a card: an Item, a Specialist's ability, an Award, a Decoration. ``unit``: the
    Allied Unit it aims at; ``die``/``face``: a die and the face to turn it to (or an RWB's face
    and option); ``source``: whose dice a die is taken from; ``pick``: a card it brings in."""

    kind = "use_card"
    player: str
    card: str
    unit: str = ""
    die: int = -1
    face: str = ""
    source: str = ""
    pick: str = ""


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class DrawDecoration(Action):
    """The German buys a random Decoration for 5 Courage (DDD-GER-22)."""

    kind = "draw_decoration"


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class PickDecoration(Action):
    """The German's Straight: the Decoration of his choice (DDD-GER-23). Secret."""

    kind = "pick_decoration"
    secret = True
    card: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class OrderDecorations(Action):
    """Ingenuity: the top Decorations of the deck in the order given, top first. Secret."""

    kind = "order_decorations"
    secret = True
    order: tuple[str, ...]


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class ChooseLoss(Action):
    """The choice a loss waits for: which Specialist, Item or Vehicle goes (``choice`` a card
    id), or which of a Wound Badge's losses is paid (``choice`` the loss)."""

    kind = "choose_loss"
    player: str
    choice: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Assault(Action):
    """Phase 7: ``player``'s Unit in the final Bunker assaults the German now (DDD-GER-30)."""

    kind = "bunker_assault"
    player: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Decide(Action):
    """The answer to a choice the game waits for (pending.py): cancel a Battle Condition
    (``choice`` the card given up, "" to accept it), Carry On!'s Sector (a label), Specialist
    kept and Stars, Major McMoron's new host, the Award a Rookie Officer brings, Binoculars
    on a machine-gun die."""

    kind = "decide"
    player: str
    choice: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Observe(Action):
    """Forward Observation (DDD-COND-09): give up ``card`` to see the next 2 Battle Conditions."""

    kind = "forward_observation"
    player: str
    card: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class OrderConditions(Action):
    """Forward Observation: the Battle Conditions seen, back on the deck in this order, top
    first. Secret."""

    kind = "order_conditions"
    secret = True
    order: tuple[str, ...]


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class Mulligan(Action):
    """Mulligans (DDD-OPT-11): discard a token to re-roll every die of the first roll."""

    kind = "mulligan"
    player: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class AddResult(Action):
    """Desperate Measures (DDD-OPT-14): return a token to add a die showing ``face`` in
    ``colour`` to the Final Tally."""

    kind = "desperate_measure"
    player: str
    colour: str
    face: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class BuyBadge(Action):
    """Badge of Courage (DDD-BADGE-10): buy a random Badge in Phase 4."""

    kind = "badge_of_courage"
    player: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class GiveBadge(Action):
    """Hand a Badge to a Unit in the same Sector (DDD-BADGE-04)."""

    kind = "give_badge"
    player: str
    receiver: str
    card: str


@action_type
@dataclass(frozen=True, eq=False, repr=False)
class NextBattle(Action):
    """A campaign: go on to the next Battle Map (DDD-CAMPGN-01)."""

    kind = "next_battle"
