"""Chickwood Forest as a game module (the engine protocol of engines.core)."""

from __future__ import annotations

from dataclasses import replace

from engines.chickwood import rounds
from engines.chickwood.actions import (
    ChickwoodAction,
    EnterFinal,
    GiveAlms,
    Raid,
    Score,
    SetDeckCount,
)
from engines.chickwood.alms_snake import legal_steps
from engines.chickwood.config import Config
from engines.chickwood.corrections import CORRECTIONS, apply_correction, candidates
from engines.chickwood.loot import (
    BENEFACTORS,
    CHEST_TYPES,
    GARMENT_TYPES,
    JEWELRY_TYPES,
    Collection,
    supply,
)
from engines.chickwood.scoring import Scoreboard, final_scores, propose
from engines.chickwood.state import State
from engines.core import Action, IllegalAction, Outcome, accepted

NAME = "chickwood"


def new_game(config: Config | None = None, seed: int = 0) -> State:
    return rounds.start(config or Config(), seed)


def _samples(state: State, castle: int) -> list[Raid]:
    """A few raids for this castle: empty-handed, or one card of each kind still around,
    or two 3-alms benefactors. Any other raid whose cards exist is legal too."""
    seat = state.order[state.turn]
    player = state.players[seat].name
    room = state.config.castle_limit(castle) or 99
    room = min(room, len(state.players) * state.config.hand_size - state.cards_raided)
    raids = [Raid(player, castle)]
    if room < 1:
        return raids
    taken, used = rounds.taken_so_far(state)
    box = supply(state.config.legendary)
    singles: list[Collection] = []
    for name, have, limit in zip(CHEST_TYPES, taken.chests, box.chests, strict=True):
        if have < limit:
            singles.append(Collection.of(chests={name: 1}))
    for name, have, limit in zip(GARMENT_TYPES, taken.garments, box.garments, strict=True):
        if have < limit:
            singles.append(Collection.of(garments={name: 1}))
    for name, have, limit in zip(JEWELRY_TYPES, taken.jewelry, box.jewelry, strict=True):
        if have < limit:
            singles.append(Collection.of(jewelry={name: 1}))
    if taken.maids < box.maids:
        singles.append(Collection(maids=1))
    if taken.henchmen < box.henchmen:
        singles.append(Collection(henchmen=1))
    if taken.busts < box.busts:
        singles.append(Collection(busts=1))
    singles += [Collection(legendary=(c,)) for c in box.legendary if c not in taken.legendary]
    raids += [Raid(player, castle, loot) for loot in singles]
    raids += [
        Raid(player, castle, benefactors=(alms,))
        for alms, limit in BENEFACTORS.items()
        if used[alms] < limit
    ]
    if room >= 2 and used[3] + 2 <= BENEFACTORS[3]:
        raids.append(Raid(player, castle, benefactors=(3, 3)))
    return raids


def legal_actions(state: State) -> list[ChickwoodAction]:
    """What can be done now, in a fixed order. Raids are a sample (see ``_samples``);
    correcting the deck count (during the rounds) and entering corrected final
    collections (at final scoring) are always possible and not listed."""
    if state.phase == "raid":
        castles = [c for c in range(1, state.config.top_castle + 1) if c not in state.raided]
        return [raid for castle in castles for raid in _samples(state, castle)]
    if state.phase == "alms" and state.snake is not None:
        name = state.players[state.snake.seat].name
        steps = legal_steps(state.grid, state.snake.visited)
        return [GiveAlms(name, *state.grid.position(index)) for index in steps]
    if state.phase == "entry":
        return [EnterFinal(rounds.blank_table(state))]
    if state.phase == "scoring":
        return [Score(propose(rounds.final_table(state)))]
    return []


def apply(state: State, action: Action) -> State:
    """The state after ``action``; IllegalAction (and ``state`` untouched) if not allowed."""
    if isinstance(action, CORRECTIONS):
        assert isinstance(action, ChickwoodAction)
        return apply_correction(state, action)
    if state.phase == "over":
        raise IllegalAction("The game is over.")
    if isinstance(action, Raid):
        return rounds.raid(state, action.player, action.castle, action.loot, action.benefactors)
    if isinstance(action, GiveAlms):
        return rounds.give_alms(state, action.player, action.row, action.col)
    if isinstance(action, EnterFinal):
        return rounds.enter_final(state, action.table)
    if isinstance(action, SetDeckCount):
        return rounds.set_deck(state, action.count)
    if isinstance(action, Score):
        if state.phase == "entry":
            raise IllegalAction("Enter the final collections first.")
        if state.phase != "scoring":
            raise IllegalAction("Final scoring comes when the deck can't deal new hands.")
        final_scores(rounds.final_table(state), action.choices)  # refuses bad choices
        return replace(state, phase="over", choices=action.choices)
    raise IllegalAction(f"Chickwood Forest has no move {action.label!r}.")


def manual_edits(state: State) -> list[ChickwoodAction]:
    """The corrections by hand that can be made now, for menus and tests (never part of
    ``legal_actions``; see engines/chickwood/corrections.py)."""
    return accepted(state, candidates(state), apply)


def scoreboard(state: State) -> Scoreboard | None:
    """The final scores: proposed while the table decides, settled once scored."""
    if state.phase == "scoring":
        return final_scores(rounds.final_table(state))
    if state.phase == "over":
        return final_scores(rounds.final_table(state), state.choices)
    return None


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    board = scoreboard(state)
    assert board is not None
    return board.outcome()


def view(state: State, seat: str) -> State:
    """Everything tracked is public: loot lies face up once raided, alms on the villages."""
    return state
