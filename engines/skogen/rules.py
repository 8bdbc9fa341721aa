"""Skogen as a game module (the engine protocol of engines.core).

The app is a ledger beside the board (RULINGS G1): each turn is entered as the points of the
tiles placed, and the ledger follows the tokens round the track, the life cards and
their hand limits, the action cards used, the catastrophe die and the end of the game.
"""

from __future__ import annotations

from engines.core import Action, IllegalAction, Outcome, PlayerScore, accepted
from engines.skogen import catastrophe, corrections, turns
from engines.skogen.actions import (
    DieFace,
    FixTurn,
    NoElement,
    PlaceTiles,
    Reroll,
    RollDie,
    SetScore,
    SkogenAction,
    TakeElement,
    TakeTwo,
)
from engines.skogen.config import Config
from engines.skogen.end import final_scores, outcome_of
from engines.skogen.ledger import ACTION_CARDS_EACH, CARDS_PER_ACTION
from engines.skogen.life_cards import LIFE_CARDS, LIFE_TYPES
from engines.skogen.state import State

NAME = "skogen"


def new_game(config: Config | None = None, seed: int = 0) -> State:
    return turns.start(config or Config(), seed)


def _sample_turns(state: State) -> list[SkogenAction]:
    """Taking two elements, and a few ways of placing tiles (one element; one species of
    1, 3, 6 or 9 points with an element; with a life card; with a Katastrof card). Any
    other turn whose tiles and cards are possible is legal too."""
    me = state.player
    name = me.name
    moves: list[SkogenAction] = [TakeTwo(name), PlaceTiles(name, elements=1)]
    if me.hand:
        moves += [PlaceTiles(name, (points,), 1) for points in (1, 3, 6, 9)]
        if sum(p.life_cards for p in state.players) < LIFE_CARDS:
            moves += [PlaceTiles(name, (5,), 0, (letter,)) for letter in LIFE_TYPES]
    used = sum(p.action_cards.count("katastrof") for p in state.players)
    if len(me.action_cards) < ACTION_CARDS_EACH and used < CARDS_PER_ACTION:
        moves.append(PlaceTiles(name, (), 1, (), ("katastrof",)))
    return moves


def legal_actions(state: State) -> list[SkogenAction]:
    name = state.player.name
    if state.phase == "turn":
        return _sample_turns(state)
    if state.phase == "roll":
        if state.config.die == "app":
            return [RollDie(name)]
        return [DieFace(name, face) for face in dict.fromkeys(state.config.board.die_faces)]
    if state.phase == "element" and state.face is not None:
        options: list[SkogenAction] = [
            TakeElement(name, element) for element in catastrophe.choices(state.face)
        ]
        return [*options, Reroll(name), NoElement(name)]
    return []


def apply(state: State, action: Action) -> State:
    """The state after ``action``; IllegalAction (and ``state`` untouched) if not allowed."""
    if isinstance(action, PlaceTiles):
        return turns.place_tiles(state, action)
    if isinstance(action, TakeTwo):
        return turns.take_two(state, action.player, action.drew)
    if isinstance(action, RollDie):
        return turns.roll_die(state, action.player)
    if isinstance(action, DieFace):
        return turns.die_face(state, action.player, action.face)
    if isinstance(action, TakeElement):
        return turns.take_element(state, action.player, action.element)
    if isinstance(action, NoElement):
        return turns.take_element(state, action.player, None)
    if isinstance(action, Reroll):
        return turns.reroll(state, action.player)
    if isinstance(action, SetScore):
        return corrections.set_score(state, action.player, action.score)
    if isinstance(action, FixTurn):
        return corrections.fix_turn(state, action)
    raise IllegalAction(f"Skogen has no move {action.label!r}.")


def manual_edits(state: State) -> list[SkogenAction]:
    """The corrections by hand that can be made now, for menus and tests (never part of
    ``legal_actions``; see engines/skogen/corrections.py)."""
    return accepted(state, corrections.candidates(state), apply)


def scores(state: State) -> tuple[PlayerScore, ...]:
    """Each player's points with the life-card bonus as it would stand now."""
    return final_scores(
        state.config.players,
        [p.score for p in state.players],
        [p.life for p in state.players],
    )


def outcome(state: State) -> Outcome | None:
    if state.phase != "over" or state.end_cause is None:
        return None
    empty = next((p.name for p in state.players if p.hand == 0), "")
    return outcome_of(scores(state), state.end_cause, empty)


def view(state: State, seat: str) -> State:
    """The ledger holds only public facts (points, counts of tiles, cards used)."""
    return state
