"""Corrections by hand: one line of the ledger put right without undoing the turns after
it (the points, tiles, life and action cards of a turn, the species tiles drawn), and a
token set to where it stands (RULINGS G1: the board is the truth).

``apply`` accepts them as actions, so they are logged, undoable and replayed; they are
never in ``legal_actions`` (random play never uses them); ``manual_edits`` lists the
ones that make sense now, for tests and menus.

What follows from the ledger is counted again from it: each player's hand, life cards
and used action cards, the tiles in the bags, the turns in a row without a species tile,
and so the end of the game (RULINGS G4): a correction may end the game, or take back its end.
The catastrophe rolls stand as they were rolled at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engines.core import IllegalAction
from engines.skogen.actions import FixTurn, SetScore, SkogenAction
from engines.skogen.config import SPECIES_TILES, STARTING_HAND
from engines.skogen.end import end_cause
from engines.skogen.ledger import (
    ACTION_CARDS,
    ACTION_CARDS_EACH,
    ACTION_NAMES,
    CARDS_PER_ACTION,
    SPECIES_POINTS,
    turn_points,
)
from engines.skogen.life_cards import LIFE_CARDS, LIFE_TYPES
from engines.skogen.state import State, TurnRecord
from engines.skogen.words import counted

CORRECTIONS = (FixTurn, SetScore)


def fix_turn(state: State, action: FixTurn) -> State:
    at = next((i for i, r in enumerate(state.ledger) if r.number == action.turn), None)
    if at is None:
        raise IllegalAction(f"Turn {action.turn} is not in the ledger.")
    old = state.ledger[at]
    points = turn_points(action.species, action.elements)
    if action.choice == "take_two" and (
        action.species or action.elements or action.life_cards or action.action_cards
    ):
        raise IllegalAction("A player who takes two element tiles places nothing that turn.")
    if len(action.life_cards) > len(action.species):
        raise IllegalAction(
            "A life card comes with a species tile showing its letter: "
            f"{counted(len(action.life_cards), 'life card')} for "
            f"{counted(len(action.species), 'species tile')}."
        )
    for letter in action.life_cards:
        if letter not in LIFE_TYPES:
            raise IllegalAction(f"Life cards are B, F, P and M, not {letter!r}.")
    for card in action.action_cards:
        if card not in ACTION_CARDS:
            raise IllegalAction(f"There is no action card {card!r}.")
    if action.drew < 0:
        raise IllegalAction("A number of tiles drawn can't be negative.")
    record = TurnRecord(
        old.number,
        old.seat,
        action.choice,
        points,
        tuple(action.species),
        action.elements,
        tuple(action.life_cards),
        tuple(action.action_cards),
        action.drew,
    )
    ledger = (*state.ledger[:at], record, *state.ledger[at + 1 :])
    players = list(state.players)
    me = players[old.seat]
    players[old.seat] = replace(me, score=me.score + points - old.points)
    return recount(replace(state, players=tuple(players), ledger=ledger))


def _check_cards(state: State, ledger: Sequence[TurnRecord]) -> None:
    life = sum(len(r.life_cards) for r in ledger)
    if life > LIFE_CARDS:
        raise IllegalAction(f"There are only {LIFE_CARDS} life cards in the game.")
    for seat, name in enumerate(state.config.players):
        used = [card for r in ledger if r.seat == seat for card in r.action_cards]
        if len(used) > ACTION_CARDS_EACH:
            raise IllegalAction(f"{name} was dealt only {ACTION_CARDS_EACH} action cards.")
    for card in ACTION_CARDS:
        if sum(r.action_cards.count(card) for r in ledger) > CARDS_PER_ACTION:
            raise IllegalAction(
                f"The game has only {CARDS_PER_ACTION} {ACTION_NAMES[card]} cards, "
                "and each is used once."
            )


def recount(state: State) -> State:
    """Hands, life and action cards, the bags and the quiet turns counted again from the
    ledger, then the end of the game checked (IllegalAction if the ledger can't be)."""
    _check_cards(state, state.ledger)
    players = list(state.players)
    for seat, player in enumerate(players):
        hand = STARTING_HAND
        for record in (r for r in state.ledger if r.seat == seat):
            if len(record.species) > hand:
                raise IllegalAction(
                    f"{player.name} held only {counted(hand, 'species tile')} "
                    f"at turn {record.number}."
                )
            hand += record.drew - len(record.species)
        life = [
            sum(r.life_cards.count(t) for r in state.ledger if r.seat == seat) for t in LIFE_TYPES
        ]
        players[seat] = replace(
            player,
            hand=hand,
            life=(life[0], life[1], life[2], life[3]),
            action_cards=tuple(c for r in state.ledger if r.seat == seat for c in r.action_cards),
        )
    bags = SPECIES_TILES - STARTING_HAND * len(players) - sum(r.drew for r in state.ledger)
    if bags < 0:
        raise IllegalAction(f"The bags hold only {SPECIES_TILES} species tiles in all.")
    quiet = 0
    for record in reversed(state.ledger):
        if record.species:
            break
        quiet += 1
    state = replace(state, players=tuple(players), bags=bags, quiet_turns=quiet)
    return _ended_or_not(state)


def _ended_or_not(state: State) -> State:
    """Between turns, the game is over exactly when the counts say so: a correction can
    end it (after the turn just played) or take its end back (the next player is up)."""
    if state.phase not in ("turn", "over"):
        return state  # the turn's catastrophe is being settled: its end checks
    cause = end_cause(state.bags, [p.hand for p in state.players], state.quiet_turns)
    count = len(state.players)
    if state.phase == "over" and cause is None:
        current = (state.current + 1) % count
        return replace(state, phase="turn", end_cause=None, current=current, turn=state.turn + 1)
    if state.phase == "turn" and cause is not None:
        current = (state.current - 1) % count
        return replace(state, phase="over", end_cause=cause, current=current, turn=state.turn - 1)
    return replace(state, end_cause=cause)


def set_score(state: State, player: str, score: int) -> State:
    if player not in state.config.players:
        raise IllegalAction(f"{player} isn't playing.")
    if score < 0:
        raise IllegalAction("A token can't stand before the start.")
    seat = state.config.players.index(player)
    players = list(state.players)
    players[seat] = replace(players[seat], score=score)
    return replace(state, players=tuple(players))


def candidates(state: State) -> list[SkogenAction]:
    """The corrections to try now (``rules.manual_edits`` keeps those ``apply`` takes):
    each turn with one species tile, element tile, life card or action card fewer, one
    more drawn or one fewer, or the other choice; each token a point on or back."""
    edits: list[SkogenAction] = []
    for p in state.players:
        edits += [SetScore(p.name, n) for n in (p.score - 1, p.score + 1) if n >= 0]
    for r in state.ledger:
        same = FixTurn(
            r.number, r.choice, r.species, r.elements, r.life_cards, r.action_cards, r.drew
        )
        edits += [replace(same, drew=n) for n in (r.drew - 1, r.drew + 1)]
        if r.choice == "take_two":
            edits.append(FixTurn(r.number, "place", elements=1, drew=r.drew))
            continue
        edits.append(FixTurn(r.number, "take_two", drew=r.drew))
        edits += [
            replace(same, species=r.species[:i] + r.species[i + 1 :], life_cards=r.life_cards[1:])
            for i in range(len(r.species))
        ]
        edits.append(replace(same, species=(*r.species, SPECIES_POINTS[r.number % 8])))
        edits += [replace(same, elements=n) for n in (r.elements - 1, r.elements + 1) if n >= 0]
        edits += [replace(same, life_cards=r.life_cards[1:])] if r.life_cards else []
        edits += [replace(same, action_cards=r.action_cards[1:])] if r.action_cards else []
    return edits
