"""Skulk Hollow on a phone at the table (app.phones): the guardian's mat and locations
and the heroes, as the screen draws them."""

from __future__ import annotations

from app.phones.standing import Section
from app.skulk_hollow.controller import SkulkHollowController
from app.skulk_hollow.view import skulk_view


def standing(control: SkulkHollowController) -> list[Section]:
    view = skulk_view(control)
    places = tuple((tile["name"], f"{tile['wounds']} of {tile['capacity']}") for tile in view.tiles)
    heroes = tuple((chip["name"], f"{chip['wounds']} of {chip['capacity']}") for chip in view.chips)
    guardian = f"{control.guardian_name}: {view.guardian_line}"
    return [
        Section(guardian, ("Location", "Wounds"), places),
        Section("The heroes", ("Hero", "Wounds"), heroes),
    ]
