"""Turns: what each move does to the ledger, checked in a player's words."""

from __future__ import annotations

from dataclasses import replace

from engines.core import IllegalAction, Rng
from engines.skogen import catastrophe
from engines.skogen.actions import PlaceTiles
from engines.skogen.board import FACES
from engines.skogen.config import SPECIES_TILES, STARTING_HAND, Config
from engines.skogen.end import end_cause
from engines.skogen.ledger import (
    ACTION_CARDS,
    ACTION_CARDS_EACH,
    ACTION_NAMES,
    CARDS_PER_ACTION,
    turn_points,
)
from engines.skogen.life_cards import LIFE_CARDS, LIFE_TYPES, hand_limit
from engines.skogen.state import PlayerLedger, RollRecord, State, TurnRecord
from engines.skogen.words import counted


def start(config: Config, seed: int) -> State:
    players = tuple(PlayerLedger(name) for name in config.players)
    return State(
        config=config,
        rng=Rng(seed),
        players=players,
        bags=SPECIES_TILES - STARTING_HAND * len(players),
    )


def _check_turn(state: State, player: str) -> None:
    if state.phase == "over":
        raise IllegalAction("The game is over.")
    if player != state.player.name:
        raise IllegalAction(f"It is {state.player.name}'s turn, not {player}'s.")
    if state.phase != "turn":
        raise IllegalAction(_waiting(state))


def _waiting(state: State) -> str:
    if state.phase == "roll":
        return f"{state.player.name} must roll the catastrophe die first."
    return f"{state.player.name} must choose an element tile for the {state.face} first."


def place_tiles(state: State, action: PlaceTiles) -> State:
    _check_turn(state, action.player)
    me = state.player
    points = turn_points(action.species, action.elements)
    if len(action.species) > me.hand:
        raise IllegalAction(f"{me.name} holds only {counted(me.hand, 'species tile')}.")

    if len(action.life_cards) > len(action.species):
        raise IllegalAction(
            "A life card comes with a species tile showing its letter: "
            f"{counted(len(action.life_cards), 'life card')} for "
            f"{counted(len(action.species), 'species tile')}."
        )
    life = list(me.life)
    for letter in action.life_cards:
        if letter not in LIFE_TYPES:
            raise IllegalAction(f"Life cards are B, F, P and M, not {letter!r}.")
        life[LIFE_TYPES.index(letter)] += 1
    held = sum(p.life_cards for p in state.players) + len(action.life_cards)
    if held > LIFE_CARDS:
        raise IllegalAction(f"There are only {LIFE_CARDS} life cards in the game.")

    used = me.action_cards + action.action_cards
    for card in action.action_cards:
        if card not in ACTION_CARDS:
            raise IllegalAction(f"There is no action card {card!r}.")
    if len(used) > ACTION_CARDS_EACH:
        raise IllegalAction(f"{me.name} was dealt only {ACTION_CARDS_EACH} action cards.")
    for card in set(action.action_cards):
        count = sum(p.action_cards.count(card) for p in state.players)
        count += action.action_cards.count(card)
        if count > CARDS_PER_ACTION:
            raise IllegalAction(
                f"The game has only {CARDS_PER_ACTION} {ACTION_NAMES[card]} cards, "
                "and each is used once."
            )

    left = me.hand - len(action.species)
    drew = tiles_to_draw(state, action) if action.drew is None else action.drew
    check_draw(state, me.name, drew, left, sum(life), least=len(action.species))

    score = me.score + points
    players = list(state.players)
    players[state.current] = replace(
        me,
        score=score,
        hand=left + drew,
        life=(life[0], life[1], life[2], life[3]),
        action_cards=used,
    )
    record = TurnRecord(
        state.turn,
        state.current,
        "place",
        points,
        action.species,
        action.elements,
        action.life_cards,
        action.action_cards,
        drew,
    )
    rolls = action.action_cards.count("katastrof")
    if points and state.config.board.is_green(score):
        rolls += 1
    state = replace(
        state,
        players=tuple(players),
        bags=state.bags - drew,
        ledger=(*state.ledger, record),
        quiet_turns=0 if action.species else state.quiet_turns + 1,
    )
    if rolls:
        return replace(state, phase="roll", rolls_due=rolls)
    return end_turn(state)


def tiles_to_draw(state: State, action: PlaceTiles) -> int:
    """Back up to the hand limit (with this turn's life cards), as far as the bags allow,
    and never fewer than the printed number (a hand corrected above the limit): what
    ``drew=None`` meant in games saved before the draws were recorded."""
    me = state.player
    life = me.life_cards + len(action.life_cards)
    left = me.hand - len(action.species)
    return max(printed_draw(state, len(action.species)), min(state.bags, hand_limit(life) - left))


def printed_draw(state: State, species: int) -> int:
    """The species tiles the rulebook says to draw at the end of a turn: as many as were
    placed (RULINGS G5), as far as the bags allow. The app proposes this number."""
    return max(0, min(state.bags, species))


def check_draw(state: State, name: str, drew: int, left: int, life: int, least: int) -> None:
    """Refuse, in a player's words, a draw below the printed number (``least`` tiles, as
    far as the bags allow) or beyond the bags or the hand limit (``left`` tiles kept,
    ``life`` cards held)."""
    if drew < 0:
        raise IllegalAction("A number of tiles drawn can't be negative.")
    least = min(state.bags, least)
    limit = hand_limit(life)
    if drew < least:
        raise IllegalAction(
            f"{name} must draw {counted(least, 'species tile')} to replace the ones placed."
        )
    if drew > state.bags:
        verb = "is" if state.bags == 1 else "are"
        raise IllegalAction(f"Only {counted(state.bags, 'species tile')} {verb} left in the bags.")
    if left + drew > max(limit, left + least):
        raise IllegalAction(
            f"{name} may hold at most {counted(limit, 'species tile')} "
            f"({counted(life, 'life card')})."
        )


def take_two(state: State, player: str, drew: int = 0) -> State:
    _check_turn(state, player)
    me = state.player
    check_draw(state, player, drew, me.hand, me.life_cards, least=0)
    players = list(state.players)
    players[state.current] = replace(me, hand=me.hand + drew)
    record = TurnRecord(state.turn, state.current, "take_two", drew=drew)
    state = replace(
        state,
        players=tuple(players),
        bags=state.bags - drew,
        ledger=(*state.ledger, record),
        quiet_turns=state.quiet_turns + 1,
    )
    return end_turn(state)


def _check_roll(state: State, player: str) -> None:
    if state.phase == "over":
        raise IllegalAction("The game is over.")
    if state.phase != "roll":
        raise IllegalAction(
            "The catastrophe die is rolled when a token lands on a green "
            "square or a Katastrof card is played."
        )
    if player != state.player.name:
        raise IllegalAction(f"{state.player.name} rolls the die, not {player}.")


def roll_die(state: State, player: str) -> State:
    _check_roll(state, player)
    face, rng = catastrophe.roll(state.rng, state.config.board.die_faces)
    return _rolled(replace(state, rng=rng), face)


def die_face(state: State, player: str, face: str) -> State:
    _check_roll(state, player)
    if face not in FACES:
        raise IllegalAction(f"The die shows wildfire, storm or flood, not {face!r}.")
    if face not in state.config.board.die_faces:
        raise IllegalAction(f"This die has no {face} face (see the component check).")
    return _rolled(state, face)


def _rolled(state: State, face: str) -> State:
    record = RollRecord(state.turn, state.current, face)
    return replace(state, phase="element", face=face, rolls=(*state.rolls, record))


def _check_element(state: State, player: str) -> str:
    if state.phase != "element" or state.face is None:
        raise IllegalAction("No die face is waiting for an element choice.")
    if player != state.player.name:
        raise IllegalAction(f"{state.player.name} chooses the element, not {player}.")
    return state.face


def take_element(state: State, player: str, element: str | None) -> State:
    face = _check_element(state, player)
    if element is not None and element not in catastrophe.choices(face):
        names = ", ".join(catastrophe.ELEMENT_NAMES[e] for e in catastrophe.choices(face))
        raise IllegalAction(f"A {face} gives one of {names}.")
    last = replace(state.rolls[-1], element=element)
    state = replace(
        state,
        rolls=(*state.rolls[:-1], last),
        face=None,
        rolls_due=state.rolls_due - 1,
    )
    if state.rolls_due:
        return replace(state, phase="roll")
    return end_turn(state)


def reroll(state: State, player: str) -> State:
    _check_element(state, player)
    last = replace(state.rolls[-1], rerolled=True)
    return replace(state, rolls=(*state.rolls[:-1], last), face=None, phase="roll")


def end_turn(state: State) -> State:
    cause = end_cause(state.bags, [p.hand for p in state.players], state.quiet_turns)
    state = replace(state, phase="turn", rolls_due=0, face=None)
    if cause is not None:
        return replace(state, phase="over", end_cause=cause)
    return replace(state, current=(state.current + 1) % len(state.players), turn=state.turn + 1)
