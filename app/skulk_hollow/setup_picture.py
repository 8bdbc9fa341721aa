"""The set-up guide's picture of the table: the map as it stands after a step, with the
pieces that step puts on it outlined, and the components laid beside it as labelled
chips (app.games.GameInfo.setup_picture).

The picture reads each step's ``shows`` (engines.skulk_hollow.setup): a piece on the map
is named "<piece> on <SPACE>" ("2 runes on KEEP", "Sentinel on KEEP"), in the same words
the picture builds from the game's first state; anything else is a component beside the
map ("Grak board", "Power cubes")."""

from __future__ import annotations

from kivy.metrics import dp
from kivy.properties import BooleanProperty, ListProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.stacklayout import StackLayout
from kivy.uix.widget import Widget

from app.kit import theme
from app.kv import load_kv
from app.skulk_hollow.look import space_cells, tokens_on
from app.skulk_hollow.widgets import HollowMap
from engines import skulk_hollow as K
from engines.core import SetupStep
from engines.skulk_hollow import board

#: The step that lays the map down: before it, the picture has no map.
MAP = "Skulk Hollow map"


class SetupChip(Label):
    """A component beside the map, outlined when the step puts it there."""

    marked = BooleanProperty(False)


class SetupPicture(BoxLayout):
    """The drawn table; ``drawn`` names every piece on it, ``marked`` those of the step."""

    drawn = ListProperty([])
    marked = ListProperty([])


def picture(config: K.Config | None, steps: list[SetupStep], index: int) -> SetupPicture | None:
    """The table after step ``index``; None for a step that places nothing."""
    if not steps[index].shows:
        return None
    state = K.new_game(config or K.Config())
    placed = {words for step in steps[: index + 1] for words in step.shows}
    now = set(steps[index].shows)
    on_map = map_pieces(state)
    view = SetupPicture(orientation="vertical", spacing=theme.GAP)
    view.drawn = [words for step in steps[: index + 1] for words in step.shows]
    view.marked = list(steps[index].shows)
    if MAP in placed:
        view.add_widget(_map(state, placed, now, on_map))
    chips = StackLayout(spacing=dp(6), size_hint_y=None)
    chips.bind(minimum_height=chips.setter("height"))
    for words in view.drawn:
        if words not in on_map.values() and words != MAP:
            chips.add_widget(SetupChip(text=words, marked=words in now))
    view.add_widget(chips)
    if MAP not in placed:
        view.add_widget(Widget())  # the components at the top, where the map will lie
    return view


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
        cell["mark"] = "to" if new else ""
    view = HollowMap()  # a picture: no on_pick, so a touch on it does nothing
    view.cells = cells
    return view


load_kv("skulk_hollow_play.kv")  # the map's own rules
load_kv("skulk_hollow_setup.kv")
