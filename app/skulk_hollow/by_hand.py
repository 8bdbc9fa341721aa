"""The "By hand" lists: the engine's corrections (``manual_edits``) sorted into groups, in
the table's own names (Grak, Knight 1, STOMP (Foot)).

Wounds come first, so that the commonest correction, a forgotten wound, is one touch
after opening the list. Moving a figure or a card is chosen in two lists instead of one
long one: the figure or card first, then where it goes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.kit.choice_list import ChoiceListPopup
from app.skulk_hollow.look import title
from engines import skulk_hollow as K
from engines.skulk_hollow import COUNTS, board

Rows = list[tuple[str, Any]]
Take = Callable[[K.SkulkAction], None]

ORDER = ("Wounds", "Figures", "Cubes & tokens", "Cards", "Turn")


def groups(state: K.State, take: Take) -> dict[str, Rows]:
    """The first list: each group's rows as (words, correction); a row that opens a
    second list (where a figure or card goes) holds a function to call instead."""
    found: dict[str, Rows] = {}
    figures: dict[str, Rows] = {}
    cards: dict[tuple[str, str], Rows] = {}
    for edit in K.manual_edits(state):
        if isinstance(edit, (K.EditMoveGuardian, K.EditMoveUnit)):
            who = state.board.name if isinstance(edit, K.EditMoveGuardian) else edit.unit
            figures.setdefault(who, []).append((_where_to(state, edit), edit))
        elif isinstance(edit, K.EditMoveCard):
            cards.setdefault((edit.side, edit.card), []).append((_card_move(edit), edit))
        else:
            group, words = _row(state, edit)
            found.setdefault(group, []).append((words, edit))
    moves: Rows = [
        (f"Move {_figure(state, who)}", _opener(f"Move {_figure(state, who)} to:", rows, take))
        for who, rows in figures.items()
    ]
    found["Figures"] = moves + found.get("Figures", [])
    for (side, card), rows in cards.items():
        name = _card_name(state, side, card)
        whose = "Your" if side == "hero" else f"{state.board.name}'s"
        heading = f"{whose} {name}: from where, to where?"
        found.setdefault("Cards", []).append((f"{whose} {name}", _opener(heading, rows, take)))
    return {name: found[name] for name in ORDER if found.get(name)}


def _opener(heading: str, rows: Rows, take: Take) -> Callable[[], None]:
    def open_list() -> None:
        ChoiceListPopup(heading, {"": rows}, take, show_groups=False).open()

    return open_list


def _figure(state: K.State, who: str) -> str:
    return who if who == state.board.name else board.the_unit(state, who)


def _where_to(state: K.State, edit: K.EditMoveGuardian | K.EditMoveUnit) -> str:
    if isinstance(edit, K.EditMoveUnit) and edit.location:
        return f"{state.board.name}'s {board.location_name(state, edit.location)}"
    return board.space_name(state, edit.space)


def _card_name(state: K.State, side: str, card: str) -> str:
    deck = state.foxen if side == "hero" else state.board
    return deck.card(card).name


ZONE_WORDS = {"hand": "hand", "deck": "deck", "discard": "discard pile"}


def _card_move(edit: K.EditMoveCard) -> str:
    return f"From the {ZONE_WORDS[edit.source]} to the {ZONE_WORDS[edit.target]}"


def _row(state: K.State, edit: K.SkulkAction) -> tuple[str, str]:
    """(group, words) of a correction that is chosen in one touch."""
    guardian = state.board.name
    if isinstance(edit, K.EditUnitWound):
        return "Wounds", _put_or_take(edit.add, "a wound", board.the_unit(state, edit.unit))
    if isinstance(edit, K.EditLocationWound):
        where = board.location_name(state, edit.location)
        return "Wounds", _put_or_take(edit.add, "a wound", where)
    if isinstance(edit, K.EditPower):
        holder = {
            "guardian": f"{guardian}'s mat",
            "guardian_pool": f"{guardian}'s pool",
            "hero_pool": "your pool",
        }.get(edit.holder) or board.the_unit(state, edit.holder)
        pool = edit.holder.endswith("pool")  # a pool holds its cubes: "in your pool"
        return "Cubes & tokens", _put_or_take(edit.add, "a power cube", holder, space=pool)
    if isinstance(edit, (K.EditRoot, K.EditRune)):
        token = "a root token" if isinstance(edit, K.EditRoot) else "a rune token"
        where = board.space_name(state, edit.space)
        return "Cubes & tokens", _put_or_take(edit.add, token, where, space=True)
    if isinstance(edit, K.EditRaptraStatus):
        return "Figures", "Raptra in the air" if edit.airborne else "Raptra on the ground"
    if isinstance(edit, K.EditSetTurn):
        return "Turn", "It is your turn" if edit.side == "hero" else f"It is {guardian}'s turn"
    if isinstance(edit, K.EditSetCount):
        words = COUNTS[edit.what].format(edit.value)
        group = {"actions_left": "Turn", "hero_hand": "Cards", "hero_deck": "Cards"}
        return group.get(edit.what, "Cubes & tokens"), words[0].upper() + words[1:]
    return "Turn", title(edit.kind)  # pragma: no cover (every correction is named above)


def _put_or_take(add: bool, thing: str, where: str, space: bool = False) -> str:
    """ "Put a wound on the Sentinel" or "Take a wound off the Sentinel"; in a space (or a
    pool), "Put a root token in FARM" or "Take a root token from FARM"."""
    if add:
        return f"Put {thing} {'in' if space else 'on'} {where}"
    return f"Take {thing} {'from' if space else 'off'} {where}"
