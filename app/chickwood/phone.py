"""Chickwood Forest on a phone at the table (app.phones): each player's castles, loot
and alms as the table has them; the final scores once counted."""

from __future__ import annotations

from app.chickwood.controller import ChickwoodController
from app.phones.standing import Section, final_scores


def standing(control: ChickwoodController) -> list[Section]:
    state = control.state
    outcome = control.play.session.outcome()
    if outcome is not None and outcome.scores:
        return [final_scores(outcome)]
    rows = tuple(
        (
            player.name,
            " ".join(str(castle) for castle in player.castles),
            str(player.loot.cards),
            str(player.alms_given),
        )
        for player in state.players
    )
    heading = f"Round {state.round}"
    return [Section(heading, ("Player", "Castles", "Loot cards", "Alms given"), rows)]
