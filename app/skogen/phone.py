"""Skogen on a phone at the table (app.phones): the ledger as the screen shows it."""

from __future__ import annotations

from app.phones.standing import Section
from app.skogen.controller import SkogenController
from app.skogen.view import skogen_view


def standing(control: SkogenController) -> list[Section]:
    rows = tuple(
        (line.name, line.score, line.square, line.life) for line in skogen_view(control).rows
    )
    return [Section("The ledger", ("Player", "Points", "Square", "Life cards"), rows)]
