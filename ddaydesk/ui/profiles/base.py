"""The profile a game system gives the main window; the defaults suit a hex game.

Two halves, both optional for a subclass:

* the **port side** (no Qt; :class:`~ddaydesk.ui.engine_port.EnginePort` calls it with the
  engine's ``GameState``): the system's words (boxes, parts, phases, how its actions read),
  marks derived from the state (``markers``), counters it keeps (``tracks``) and what a
  choice would do before it is taken (``preview``). These read the rules' public API; they
  decide nothing.
* the **window side**: where units stand inside a place (``slot``), whether alike units share
  one counter with a count, the counters' size, art painted once into the map tiles
  (``paint_map``), items redrawn from each view (``decorations``) and extra docks
  (``panels``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QGraphicsScene, QWidget

    from ddaydesk.board import Board
    from ddaydesk.ui.geometry import BoardGeometry
    from ddaydesk.ui.port import GameView


class ViewPart:
    """Something a profile adds to the window (a map decoration, a panel): redrawn from
    every view the window shows. A panel is also a ``QWidget`` with ``title``."""

    title = ""
    #: a panel's dock area: "right" (tabbed beside the log) or "left" (a column of its own)
    area = "right"
    #: a decoration's markers in the map legend: marker kind -> (words, the item drawing it)
    legend: dict = {}

    def set_view(self, view: GameView) -> None:
        raise NotImplementedError

    def reserve(self, view: GameView) -> None:
        """A panel left of the map, before a start's first frame: take the room ``view`` will
        need, which is the map's (it is filled right after, with the other docks). Filled at
        once unless the panel knows its room without."""
        self.set_view(view)


def path_item(scene: QGraphicsScene, z: float):
    """A decoration's path item at depth ``z``, letting clicks through to the map."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QGraphicsPathItem

    item = QGraphicsPathItem()
    item.setZValue(z)
    item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    scene.addItem(item)
    return item


class UIProfile:
    """A game system's additions to the main window. Subclass, override what differs, and
    register the subclass in :data:`ddaydesk.ui.profiles.PROFILES`."""

    # -- words -----------------------------------------------------------------------------
    #: engine ids a player must not read (off-map boxes, parts) -> words
    words: dict[str, str] = {}
    #: phase id -> its title ("allied_move" -> "movement"); default: the id in words
    phase_titles: dict[str, str] = {}
    #: phase id -> what ending that phase does ("send the bombers (resolve the bombing)")
    end_phase_words: dict[str, str] = {}
    #: action kind -> how it reads, with its fields in braces ("{n} fighter(s) over {place}");
    #: ``{unit_where}`` is where the action's unit (or its first of ``units``) stands. Default: ddaydesk.ui.action_text.
    phrases: dict[str, str] = {}
    #: action kind -> the Actions dock's title for its group ("score_tally" -> "Score the Final
    #: Tally"); default: the kind in words
    kind_titles: dict[str, str] = {}

    # -- port side (the engine's GameState; no Qt) -----------------------------------------
    def where(self, board: Board, place: int, part: str, place_name: str) -> str:
        """A unit's spot in words, given its place's name: the place, or its box's title."""
        if place < 0:
            return self.words.get(part, "off the map") if part else "off the map"
        return place_name

    def markers(self, state: Any) -> tuple[tuple[str, int, str | None], ...]:
        """Marks the rules imply but keep no marker for (D-Day2: a battle in each contested
        zone), as (kind, place, side)."""
        return ()

    def outcome(self, state: Any) -> str:
        """Who won and why, in words, for a system that records its result its own way ("" if
        the engine's ``state.game["outcome"]`` says it)."""
        return ""

    def tracks(self, state: Any) -> tuple[tuple[str, str], ...]:
        """Counters of the game worth showing beside the turn track, as (title, value)."""
        return ()

    def losses(self, notes: Any) -> tuple[tuple[str, str], ...]:
        """Losses an action's notes tell that are no unit eliminated or reduced (D-Day Dice's
        Soldiers and cards), as (side, words), for the game report's Losses."""
        return ()

    def preview(self, state: Any, action: Any, name: Any) -> str:
        """What ``action`` would do, as rich text shown for confirmation before it is taken
        (the odds before a roll); "" to take it at once. ``name(text)`` turns ids into names."""
        return ""

    def phrase_values(self, state: Any, action: Any) -> dict[str, str]:
        """More values for the action's phrase (``phrases``), beyond its fields (D-Day2: where a
        reinforcement goes, a beachhead for the Allies)."""
        return {}

    def choice_tip(self, state: Any, action: Any) -> str:
        """More about a listed action, as rich text on hover over its line in the Actions dock
        (D-Day Dice: the text of the card it rallies or finds); "" shows its words."""
        return ""

    #: losses shown as Hit markers on the counter (``UnitInfo.hits``), not as a reduced side
    hit_markers: bool = False
    #: the turn bar names whose phase it is, not who acts in it now (D-Day2: the Allied battles
    #: while the German picks his losses); False where the phase's words name who acts
    phase_owner: bool = False

    def extra(self, state: Any, side: str, name: Any) -> Any:
        """The system's own view for its panels and decorations (``GameView.extra``): what
        ``side`` may see, in names, with the actions its panels may take (``port.perform``)."""
        return None

    def combat_preview(self, state: Any, attackers: list[str], place: int, name: Any) -> Any:
        """A ``CombatPreview`` of an attack the system judges itself (the map's hover odds);
        None: the shared combat rules judge it."""
        return None

    def ask(self, state: Any, name: Any, question: str, **args: Any) -> Any:
        """Answer a panel's question about the game now (``port.ask``)."""
        from ddaydesk.ui.port import PortError

        raise PortError(f"no question {question!r} in this game")

    def table(self, state: Any, side: str, actions: Any) -> Any:
        """The system's own table for its panels (``GameView.table``: D-Day Dice's players'
        cards and dice), read for ``side``; ``actions`` are the port's choices in order (empty
        when ``side`` does not act now), so a panel can take one by its index. None: no table."""
        return None

    #: the action kind that moves a unit on the map; a system whose rules list their own moves
    #: (no movement table) may name another ("sector_move"), built by ``move_action``
    move_kind = "move"
    #: what a listed move's cost counts ("Courage"); "": no cost shown
    move_cost_unit = ""

    def move_action(self, state: Any, unit: str, place: int) -> Any:
        """The action moving ``unit`` to ``place`` (legal or not: its refusal is the reason shown)."""
        from ddaydesk.engine import Move

        k = state.scenario.unit_index[unit]
        return Move(state.scenario.units[k].side, unit, place)

    def move_cost(self, state: Any, action: Any) -> float:
        """A listed move's cost, in ``move_cost_unit``."""
        return 1.0

    # -- window side -------------------------------------------------------------------------
    #: counters relative to the standard size (area maps have small places)
    counter_scale: float = 1.0
    #: one counter per kind of unit in a spot, with the count on it (units of a kind are alike)
    group_alike: bool = False
    #: marker kinds the profile's decorations draw (the window's marker chips leave them out)
    own_markers: frozenset[str] = frozenset()
    #: names printed on the map by the window (False: the system's own map art names its places)
    map_names: bool = True
    #: the scenario's last turn ends the game (a turn track to it); False: turns go on until the
    #: game ends otherwise (D-Day Dice), no turn track and no "of N"
    turn_limit: bool = True

    def counter_art(self, palette: Any) -> Any:
        """What draws the counters (a :class:`~ddaydesk.ui.counters.CounterArt`)."""
        from ddaydesk.ui.counters import CounterArt

        return CounterArt(palette)

    def place_info(self, view: GameView, place: int) -> str:
        """More about a place for the place dock, as rich text (rule ids become links)."""
        return ""

    def turn_bar(self, parent: QWidget) -> ViewPart | None:
        """A widget for the turn bar beside the phase (a QWidget and :class:`ViewPart`)."""
        return None

    def turn_notes(self, scenario: Any) -> dict[int, tuple[str, bool]]:
        """Turn -> (its date or time in words, a night turn?) for the turn track's boxes."""
        return {}

    #: the title of the units table's column of printed values, and the values of a unit
    values_title: str = "A-D-M"

    def values(self, unit: Any) -> str:
        return f"{unit.attack}-{unit.defence}-{unit.movement}"

    def take_choice(self, window: Any, index: int, kind: str, text: str) -> bool:
        """Take a listed choice the system's own way (a dialog of its own); False: the
        window's way (its preview, if any, then the choice)."""
        return False

    def slot(self, geom: BoardGeometry, place: int, part: str, occupied: frozenset[str]) -> tuple[QPointF, int]:
        """Where the units of ``place`` standing in ``part`` are drawn (scene units) and which
        way a row of counters grows from there: -1 leftwards, 0 centred, 1 rightwards
        (``occupied``: the parts of the place that hold units now). A hex: its centre; an area:
        just below its centre (its name is printed just above), or its centre where the map
        prints no names."""
        from PySide6.QtCore import QPointF

        from ddaydesk.ui.counters import COUNTER

        c = geom.centres[place]
        if geom.board.grid is not None or not self.map_names:
            return c, 0
        return QPointF(c.x(), c.y() + COUNTER * self.counter_scale * 0.6), 0

    def keep_out(self, board: Board) -> list:
        """Shapes (shapely, model units) the system draws over an area map, which area names
        and units keep clear of."""
        return []

    def paint_map(self, p: QPainter, board: Board, geom: BoardGeometry) -> None:
        """Static art drawn once into the map's tiles, in scene units (boxes, arrows)."""

    def decorations(self, scene: QGraphicsScene, geom: BoardGeometry) -> list[ViewPart]:
        """Items over the map redrawn from each view (battles, box counts)."""
        return []

    def attack_dialog(self, window: Any, attackers: list[str], target: int, eligible: list[str]) -> Any:
        """The dialog for an attack put together on the map (``ui/attacking.py``): ``attackers``
        ticked among the ``eligible`` units that may attack ``target``; None for the window's
        combat dialog (D-Day '77, Fire & Movement). It is opened by the caller."""
        return None

    def panels(self, parent: QWidget) -> list[ViewPart]:
        """Extra docks (QWidget and :class:`ViewPart`), tabbed beside the log."""
        return []
