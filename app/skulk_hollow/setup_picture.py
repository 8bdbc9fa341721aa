"""The set-up guide's picture of the table: the map as it stands after a step, with the
pieces that step puts on it outlined, and the components around it as labelled chips
(app.games.GameInfo.setup_picture).

The picture reads each step's ``shows`` (engines.skulk_hollow.setup): a piece on the map
is named "<piece> on <SPACE>" ("2 runes on KEEP", "Sentinel on KEEP"), in the same words
the picture builds from the game's first state; anything else is a component beside the
map ("Grak board", "Power cubes")."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label

from app.kv import load_kv
from app.skulk_hollow.look import space_cells, tokens_on
from app.skulk_hollow.widgets import HollowMap
from engines import skulk_hollow as K
from engines.core import SetupStep
from engines.skulk_hollow import board

#: The step that lays the map down: before it, the picture has no map.
MAP = "Skulk Hollow map"
#: The map's share of the picture's width.
MAP_WIDTH = 0.9
#: The gap between two components, and between a component and the map.
GAP = dp(6)


class SetupChip(Label):
    """A component beside the map, outlined when the step puts it there."""

    marked = BooleanProperty(False)


class SetupPicture(FloatLayout):
    """The drawn table: the map filling it, the components in its four corners, as they
    lie around the real map (the guardian's side at the top, LAIR's end; the hero's at
    the bottom; the supply to a side). ``drawn`` names every piece on it, ``marked``
    those of the step."""

    drawn = ListProperty([])
    marked = ListProperty([])

    def __init__(self, corners: dict[str, list[SetupChip]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.corners = corners
        for chips in corners.values():
            for chip in chips:
                chip.texture_update()
                self.add_widget(chip)
        self.bind(size=self._place, pos=self._place)

    def _place(self, *_args: Any) -> None:
        """Row by row from each corner inward, each row as wide as the corner's triangle
        beside the map's diamond leaves room for (HollowMap's geometry); a chip with no
        room left in its corner goes to the other corner of the same side."""
        if self.height <= 0:
            return
        cursors = {corner: (0.0, 0.0) for corner in self.corners}  # (depth, across)
        for corner in ("tr", "br", "tl", "bl"):  # the corners of one kind of thing first
            for chip in self.corners[corner]:
                other = corner[0] + ("r" if corner[1] == "l" else "l")
                spots = [(c, self._spot(chip, *cursors[c])) for c in (corner, other)]
                where, spot = next(((c, s) for c, s in spots if s), (corner, None))
                depth, across = spot or (cursors[corner][0] + chip.height + GAP, 0.0)
                top, left = where[0] == "t", where[1] == "l"
                chip.x = self.x + across if left else self.right - across - chip.width
                chip.top = self.top - depth if top else self.y + depth + chip.height
                cursors[where] = (depth, across + chip.width + GAP)

    def _spot(self, chip: SetupChip, depth: float, across: float) -> tuple[float, float] | None:
        """Where in a corner ``chip`` fits: on the row at ``depth`` after ``across``, or
        at the start of the next row; None when neither has room."""
        if across + chip.width <= self._room(depth + chip.height):
            return depth, across
        depth += chip.height + GAP
        return (depth, 0.0) if chip.width <= self._room(depth + chip.height) else None

    def _room(self, depth: float) -> float:
        """How wide a corner is down to ``depth`` from its edge, beside the diamond."""
        half_w = min(self.width * MAP_WIDTH, self.height * 1.6) / 6
        return float(self.width / 2 - half_w * depth / (self.height / 6) - GAP)


def picture(config: K.Config, steps: list[SetupStep], index: int, seed: int = 0) -> SetupPicture:
    """The table after step ``index``."""
    state = K.new_game(config, seed)
    placed = {words for step in steps[: index + 1] for words in step.shows}
    now = set(steps[index].shows)
    on_map = map_pieces(state)
    corners: dict[str, list[SetupChip]] = {"tl": [], "tr": [], "bl": [], "br": []}
    for step in steps[: index + 1]:
        for words in step.shows:
            if words not in on_map.values() and words != MAP:
                chip = SetupChip(text=words, marked=words in now)
                corners[_corner(state, step, words)].append(chip)
    view = SetupPicture(corners)
    view.drawn = [words for step in steps[: index + 1] for words in step.shows]
    view.marked = list(steps[index].shows)
    if MAP in placed:  # under the components
        view.add_widget(_map(state, placed, now, on_map), index=len(view.children))
    return view


def _corner(state: K.State, step: SetupStep, words: str) -> str:
    """Where a component lies around the map: the guardian's mat and its tokens at the
    top left, its board at the top right, the hero's mat and cards at the bottom left,
    the supply at the bottom right."""
    guardian = state.board.name
    if words == f"{guardian} board":
        return "tr"
    if "Power cubes" in step.shows:
        return "br"
    theirs = f"{guardian} on LAIR" in step.shows or words.startswith(guardian)
    if theirs or ("relic" in words and state.config.guardian_relics):
        return "tl"
    return "bl"


def map_pieces(state: K.State) -> dict[tuple[str, str], str]:
    """Each piece on the map at the start, (space, what) -> how the set-up names it."""
    pieces: dict[tuple[str, str], str] = {}
    for space, _at in state.layout.coords:
        where = board.space_name(state, space)
        if state.guardian_space == space:
            pieces[(space, "guardian")] = f"{state.board.name} on {where}"
        for unit in board.on_ground(state, space):
            pieces[(space, unit.id)] = f"{board.unit_name(state, unit.id)} on {where}"
        for token in tokens_on(state, space):
            pieces[(space, token)] = f"{token} on {where}"
    return pieces


def _map(
    state: K.State, placed: set[str], now: set[str], on_map: dict[tuple[str, str], str]
) -> HollowMap:
    """The map with the pieces placed so far; the spaces the step puts pieces on marked."""
    cells = space_cells(state)
    for cell in cells:
        space = cell["target"][1]

        def shown(what: str, space: str = space) -> bool:
            return on_map.get((space, what), "") in placed

        if not shown("guardian"):
            cell["guardian"] = ""
        standing = zip(cell["heroes"], board.on_ground(state, space), strict=True)
        cell["heroes"] = [hero for hero, unit in standing if shown(unit.id)]
        cell["tokens"] = [t for t in cell["tokens"] if shown(t)]
        new = any(words in now for (where, _what), words in on_map.items() if where == space)
        cell["mark"] = "to" if new or MAP in now else ""  # the map itself: all of it (N15)
    # A picture: with no on_pick, a touch on it does nothing. Narrower than the picture,
    # to leave its corners to the components.
    view = HollowMap(size_hint_x=MAP_WIDTH, pos_hint={"center_x": 0.5, "y": 0})
    view.cells = cells
    return view


load_kv("skulk_hollow_play.kv")  # the map's own rules
load_kv("skulk_hollow_setup.kv")
