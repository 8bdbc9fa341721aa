"""Skogen on a phone at the table (app.phones): the ledger as the screen shows it; at
the end, the final scores (the final bonus counted) above where each player finished."""

from __future__ import annotations

from app.phones.standing import Section, final_scores
from app.skogen.controller import SkogenController
from app.skogen.view import skogen_view


def standing(control: SkogenController) -> list[Section]:
    lines = skogen_view(control).rows
    outcome = control.play.session.outcome()
    if outcome is not None:
        finished = tuple((line.name, line.square, line.life) for line in lines)
        return [
            final_scores(outcome),
            Section("Where each finished", ("Player", "Square", "Life cards"), finished),
        ]
    rows = tuple((line.name, line.score, line.square, line.life) for line in lines)
    return [Section("The ledger", ("Player", "Points", "Square", "Life cards"), rows)]
