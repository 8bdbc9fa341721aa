"""The table during Skoventyr's set-up, drawn with the play screen's pieces: what the
steps so far have put on it, the pieces of the step shown outlined as the play screen
marks where a thing goes.

Each set-up step names what it places (``SetupStep.shows``) in the engine's words for
the table's places (see ``engines.skoventyr.table``): "tree:3", "pawn:vogter",
"minion:0", "lygtemand:0", "acorn:0", "hostage:trold", "deck", "future:1",
"hand:2". Which card lies where is only known once the game starts (the app deals it,
or the people turn it over), so the Future and hands are drawn as places to fill, and
a Lygtemand, an Acorn or the x2 Hostage token without its value.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from kivy.properties import BooleanProperty, DictProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from app.kit import theme
from app.kv import load_kv
from app.skoventyr.look import CARD_COLOURS, lygtemand_words
from app.skoventyr.widgets import CardTile, MinionTile, Touchable
from engines import skoventyr as S
from engines.core import SetupStep

SLOTS = ("1st", "2nd", "3rd")


class SetupTable(BoxLayout):
    """The drawn table, read-only: ``pieces`` maps each place drawn to its widget (a pawn
    to the Tree it stands on); the pieces of the step shown have the mark "to"."""

    pieces = DictProperty({})
    portrait = BooleanProperty(False)

    def on_size(self, *_args: Any) -> None:
        self.portrait = self.height > self.width * 0.9


def setup_picture(config: S.Config, steps: list[SetupStep], index: int, seed: int = 0) -> Widget:
    """The table after ``steps[index]``, its pieces marked."""
    # The layout without any card dealt: the Trees, pawns and Minions of the game.
    state = S.new_game(replace(config, deck_mode="table"), seed)
    seen = Counter(key for step in steps[: index + 1] for key in step.shows)
    marked = set(steps[index].shows)
    table = SetupTable()
    pieces: dict[str, Widget] = {}
    _draw_forest(table, state, seen, marked, pieces)
    _draw_minions(table, state, seen, marked, pieces)
    _draw_cards(table, config, state, seen, marked, pieces)
    table.pieces = pieces
    return table


def _mark(tile: Touchable, keys: set[str], marked: set[str]) -> None:
    tile.mark = "to" if keys & marked else ""


def _draw_forest(
    table: SetupTable, state: S.State, seen: Counter[str], marked: set[str], pieces: dict[str, Any]
) -> None:
    forest = state.forest
    shown = [tree for tree in forest.trees if seen[f"tree:{tree.id}"]]
    pawns = {"vogter": forest.vogter, "gamle_erik": forest.gamle_erik}
    placed = {pawn: tree for pawn, tree in pawns.items() if seen[f"pawn:{pawn}"]}
    ring = table.ids.ring
    ring.trees = [
        {
            "target": ("tree", tree.id),
            "number": str(tree.id),
            # Damaged once the step that turns it over is reached.
            "damaged": tree.damaged and seen[f"damaged:{tree.id}"] > 0,
            "vogter": placed.get("vogter") == tree.id,
            "gamle_erik": placed.get("gamle_erik") == tree.id,
        }
        for tree in shown
    ]
    for tree in shown:
        tile = ring.tile(tree.id)
        keys = {f"tree:{tree.id}"} | {f"pawn:{p}" for p, at in placed.items() if at == tree.id}
        if seen[f"damaged:{tree.id}"]:
            keys.add(f"damaged:{tree.id}")
        _mark(tile, keys, marked)
        for key in keys:
            pieces[key] = tile


def _draw_minions(
    table: SetupTable, state: S.State, seen: Counter[str], marked: set[str], pieces: dict[str, Any]
) -> None:
    """The Minions in a row of pairs, with the tokens the steps so far put on them."""
    grid = table.ids.minions
    for minion in state.minions:
        tile = MinionTile(name=f"{minion.name.capitalize()} {minion.value}")
        keys = [f"{token}:{minion.id}" for token in ("minion", "lygtemand", "acorn")]
        # The tokens as this game deals them (review N15): which Lygtemand, which Acorn.
        if seen[f"lygtemand:{minion.id}"] and minion.lygtemand:
            shown = minion.lygtemand  # as the play screen draws it: the Ally, in its colour
            tile.lygtemand = lygtemand_words(shown)
            tile.lygtemand_colour = (
                CARD_COLOURS[S.Card(shown)] if shown != "any" else theme.TEXT_DIM
            )
        if seen[f"acorn:{minion.id}"]:
            tile.acorn = f"Acorn {minion.acorn}"
        grid.add_widget(_show(tile, keys, seen, marked, pieces))


def _draw_cards(
    table: SetupTable,
    config: S.Config,
    state: S.State,
    seen: Counter[str],
    marked: set[str],
    pieces: dict[str, Any],
) -> None:
    """The Future's places, the hands, the deck and the Hostages, each drawn once a step
    has put it on the table. The hands are one place (each player starts with a card),
    and so are the Hostages (one Ally of each type, and which gets the x2 token)."""
    for slot, name in enumerate(SLOTS):
        key = f"future:{slot + 1}"
        table.ids.future.add_widget(_show(_card_place("Future", name), [key], seen, marked, pieces))
    solo = config.players == 1
    hand = _card_place("Hand" if solo else "Hands", "1 card" if solo else "1 each")
    hands = [f"hand:{player + 1}" for player in range(config.players)]
    table.ids.hands.add_widget(_show(hand, hands, seen, marked, pieces))
    deck = table.ids.deck
    deck.title, deck.caption = "Deck", f"{state.deck.size} cards"
    _show(deck, ["deck"], seen, marked, pieces)
    held = [f"hostage:{hostage.card.value}" for hostage in state.hostages]
    if held:
        # The five Hostages as one place, named by where this game's x2 token goes.
        double = next(h.card for h in state.hostages if h.double)
        hostages = _card_place("x2 token on", double.label, narrow_title="x2 on")
        table.ids.hostages.add_widget(_show(hostages, held, seen, marked, pieces))
    # A row of cards takes room once something in it is drawn.
    for row in (table.ids.future, table.ids.pile_row):
        row.opacity = 1 if any(tile.opacity for tile in row.walk() if tile is not row) else 0


def _card_place(title: str, caption: str, narrow_title: str = "") -> CardTile:
    """A place for cards not known yet (the app deals them, or the people turn them over)."""
    tile = CardTile(title=title, narrow_title=narrow_title or title, caption=caption)
    tile.colour = theme.SURFACE_RAISED
    return tile


def _show(
    tile: Touchable, keys: list[str], seen: Counter[str], marked: set[str], pieces: dict[str, Any]
) -> Touchable:
    """Draw ``tile`` once a step has placed it (``keys``: the places it stands for)."""
    placed = [key for key in keys if seen[key]]
    tile.opacity = 1 if placed else 0
    _mark(tile, set(keys), marked)
    pieces.update({key: tile for key in placed})
    return tile


load_kv("skoventyr_play.kv")
load_kv("skoventyr_setup.kv")
