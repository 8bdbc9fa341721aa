"""The "By hand" lists: the engine's corrections (``manual_edits``) sorted into groups.

Moving a card is chosen in three short steps instead of one long list: the card (in
the "Cards" group), then where it is (a group of the second list), then where it goes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.kit.choice_list import ChoiceListPopup
from engines import skoventyr as S
from engines.skoventyr import zone_words

#: The groups of the first list, by edit action class.
EDIT_GROUPS: dict[type, str] = {
    S.EditMovePawn: "Pawns",
    S.EditFlipTree: "Trees",
    S.EditDiscardTree: "Trees",
    S.EditRestoreTree: "Trees",
    S.EditRevealAlly: "Allies",
    S.EditDiscardAlly: "Allies",
    S.EditSwapTokens: "Tokens",
    S.EditDoubleHostage: "Tokens",
    S.EditSkipStep: "This step",
}

Rows = list[tuple[str, Any]]


def groups(
    state: S.State, named: Callable[[str], str], take: Callable[[S.SkoventyrAction], None]
) -> dict[str, Rows]:
    """The first list: each group's rows as (words, edit); a card's row opens its own
    list of where from and where to (its value is then a function to call)."""
    found: dict[str, Rows] = {}
    moves: dict[S.Card, list[S.SkoventyrAction]] = {}
    for edit in S.manual_edits(state):
        if isinstance(edit, (S.EditMoveCard, S.EditPlaceAlly)):
            moves.setdefault(edit.card, []).append(edit)
            continue
        words = named(edit.label.removeprefix("By hand: "))
        group = EDIT_GROUPS.get(type(edit), "Other")
        found.setdefault(group, []).append((words[0].upper() + words[1:], edit))
    if moves:
        found["Cards"] = [
            (
                f"Move or place {card.with_article}",
                _opener(card, edits, named, take),
            )
            for card, edits in moves.items()
        ]
    order = ["Pawns", "Trees", "Allies", "Cards", "Tokens", "This step", "Other"]
    return {name: found[name] for name in order if name in found}


def _opener(
    card: S.Card,
    edits: list[S.SkoventyrAction],
    named: Callable[[str], str],
    take: Callable[[S.SkoventyrAction], None],
) -> Callable[[], None]:
    def open_card() -> None:
        ChoiceListPopup(
            f"Move {card.with_article}: from where, to where?", card_groups(edits, named), take
        ).open()

    return open_card


def card_groups(edits: list[S.SkoventyrAction], named: Callable[[str], str]) -> dict[str, Rows]:
    """One card's moves: a group per place it lies in, a row per place it may go."""
    found: dict[str, Rows] = {}
    for edit in edits:
        assert isinstance(edit, (S.EditMoveCard, S.EditPlaceAlly))
        source = named(zone_words(edit.source)).removeprefix("the ")
        source = source[0].upper() + source[1:]
        if isinstance(edit, S.EditPlaceAlly):
            where = f"Onto Tree {edit.tree}, in the Forest"
        else:
            where = "To " + named(zone_words(edit.target))
            if edit.target == "deck":
                where += ", shuffled in"
        found.setdefault(source, []).append((where, edit))
    return found
