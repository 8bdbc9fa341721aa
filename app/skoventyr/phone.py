"""Skoventyr on a phone at the table (app.phones): the Forest, the Minions and the
deck, as the screen draws them."""

from __future__ import annotations

from app.phones.standing import Section
from app.skoventyr.controller import SkoventyrController
from app.skoventyr.view import skoventyr_view


def standing(control: SkoventyrController) -> list[Section]:
    view = skoventyr_view(control)
    trees = []
    for tree in view.trees:
        marks = [
            words
            for words, there in (("Gamle Erik", tree["gamle_erik"]), ("Vogter", tree["vogter"]))
            if there
        ]
        side = "damaged" if tree["damaged"] else "healthy"
        trees.append(
            (f"Tree {tree['number']}", ", ".join([tree["ally"] or "no Ally", side, *marks]))
        )
    minions = tuple(
        (minion["name"].replace("\n", " "), minion.get("lygtemand", "")) for minion in view.minions
    )
    deck = ((view.deck_title, view.deck_caption), ("Discard pile", view.discard_caption))
    return [
        Section("The Forest", ("Tree", ""), tuple(trees)),
        Section("Minions", ("Minion", ""), minions),
        Section("The deck", ("", ""), deck),
    ]
