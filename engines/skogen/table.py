"""What lies on the Skogen table, and the changes that keep it in step with the ledger
(see engines/core/changes.py).

The places, per player: their token on the score track ("token:<name>"), the species
tiles behind their screen ("hand:"), the species tiles they drew from the bags
("drawn:") and placed on the board ("species:", their points in order), the element
tiles they took from the piles ("taken:") and placed ("elements:"), their life cards by
type ("life:") and the action cards they used ("actions:"); then the species tiles left
in the bags ("bags") and the last roll of the catastrophe die ("die").

A turn is the people's own entry, so its changes are ``chosen``. What the app decides is
announced: the face of the catastrophe die when the app rolls it.
"""

from __future__ import annotations

from collections.abc import Hashable

from engines.core import Change, TurnOrder, differences, settle
from engines.skogen.catastrophe import CHOICES, ELEMENT_NAMES
from engines.skogen.config import STARTING_HAND
from engines.skogen.ledger import ACTION_NAMES
from engines.skogen.life_cards import LIFE_NAMES, LIFE_TYPES
from engines.skogen.state import State
from engines.skogen.words import counted

#: The order of a turn, as the rules folder tells it: take an element tile, place tiles
#: and play action cards (the life cards picked up with them), move the token; a token
#: that lands on a green square (or a Katastrof card played) rolls the catastrophe die
#: and takes an element tile for its face. The species tiles drawn at the end of the
#: turn are told with the tiles placed (one change: the people's own entry).
TURN_ORDER = TurnOrder(
    source=(
        'the rules folder, "Getting Started" and "The Catastrophe Die" (its last page; '
        "the folder prints no page numbers)"
    ),
    phases=("place tiles", "move token", "catastrophe die"),
)
PLACE, MOVE, DIE = TURN_ORDER.phases

#: The element tiles a turn takes from the piles: one before placing, two instead.
TAKEN = {"place": 1, "take_two": 2}


def table_places(state: State) -> dict[str, Hashable]:
    """Place key -> what lies there (see the module's docstring for the keys)."""
    places: dict[str, Hashable] = {}
    for seat, player in enumerate(state.players):
        turns = [record for record in state.ledger if record.seat == seat]
        taken = sum(TAKEN[t.choice] + t.action_cards.count("energiboost") for t in turns)
        taken += sum(1 for roll in state.rolls if roll.seat == seat and roll.element)
        name = player.name
        places[f"token:{name}"] = player.score
        places[f"hand:{name}"] = player.hand
        places[f"drawn:{name}"] = STARTING_HAND + sum(t.drew for t in turns)
        places[f"species:{name}"] = tuple(points for t in turns for points in t.species)
        places[f"taken:{name}"] = taken
        places[f"elements:{name}"] = sum(t.elements for t in turns)
        places[f"life:{name}"] = player.life
        places[f"actions:{name}"] = player.action_cards
    places["bags"] = state.bags
    places["die"] = (len(state.rolls), state.rolls[-1].face) if state.rolls else None
    return places


def table_changes(before: State, after: State) -> list[Change]:
    """The changes that take the table from ``before`` to ``after``, in the order they
    happen (undone changes in reverse), each covering the places it changes."""
    ended = table_places(after)
    differing = differences(table_places(before), ended)
    changes: list[Change] = []
    bags = "bags" in differing
    for player in after.players:
        name = player.name
        cards = _cards_change(name, differing)
        tiles = _tiles_change(after, name, differing, bags, _element_taken(before, after))
        if tiles is not None and "bags" in tiles.keys:
            bags = False
        token = _token_change(after, name, differing)
        changes += [change for change in (cards, tiles, token) if change is not None]
    if "die" in differing:
        changes.append(_die_change(before, after))
    backwards = _progress(after) < _progress(before)
    return settle(changes[::-1] if backwards else changes, ended)


def _progress(state: State) -> tuple[int, int, int]:
    settled = sum(1 for roll in state.rolls if roll.element or roll.rerolled)
    return len(state.ledger), len(state.rolls), settled


def _element_taken(before: State, after: State) -> str:
    """The element tile a catastrophe gave, when the step from ``before`` to ``after``
    takes it (or gives it back)."""
    if len(before.rolls) == len(after.rolls) and after.rolls:
        was, now = before.rolls[-1].element, after.rolls[-1].element
        if bool(was) != bool(now):
            return ELEMENT_NAMES[was or now or ""]
    return ""


def _delta(differing: dict[str, tuple[Hashable, Hashable]], key: str) -> int:
    if key not in differing:
        return 0
    was, now = differing[key]
    assert isinstance(was, int) and isinstance(now, int)
    return now - was


def _tiles(count: int, what: str) -> str:
    return counted(count, f"{what} tile")


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _tiles_change(
    state: State,
    name: str,
    differing: dict[str, tuple[Hashable, Hashable]],
    bags: bool,
    element: str,
) -> Change | None:
    """One player's tiles: taken from the piles, placed on the board, drawn from the bags
    (or, undone, put back), with what they hold afterwards."""
    kinds = ("taken", "species", "elements", "drawn", "hand")
    keys = [f"{kind}:{name}" for kind in kinds if f"{kind}:{name}" in differing]
    if not keys:
        return None
    taken = _delta(differing, f"taken:{name}")
    placed = _delta(differing, f"elements:{name}")
    drawn = _delta(differing, f"drawn:{name}")
    was, now = differing.get(f"species:{name}", ((), ()))
    assert isinstance(was, tuple) and isinstance(now, tuple)
    off, on = was[len(now) :], now[len(was) :]
    if was[: len(now)] != now[: len(was)]:  # not one the start of the other
        off, on = was, now
    parts = []
    if drawn < 0:
        parts.append(f"put {_tiles(-drawn, 'species')} back in the bags")
    if off:
        points = " and ".join(str(p) for p in off)
        tiles = "tile" if len(off) == 1 else "tiles"
        parts.append(f"take species {tiles} {points} off the board (back behind your screen)")
    if placed < 0:
        parts.append(f"take {_tiles(-placed, 'element')} off the board")
    if taken < 0:
        parts.append(f"put {element or _tiles(-taken, 'element')} back on the piles")
    if taken > 0:
        parts.append(f"take {element or _tiles(taken, 'element')} from the piles")
    if on:
        points = " and ".join(str(p) for p in on)
        parts.append(f"put species {'tile' if len(on) == 1 else 'tiles'} {points} on the board")
    if placed > 0:
        parts.append(f"put {_tiles(placed, 'element')} on the board")
    if drawn > 0:
        parts.append(f"draw {_tiles(drawn, 'species')} from the bags")
    words = f"{name}: {_listed(parts)}"
    if f"hand:{name}" in differing:
        hand = state.players[state.config.players.index(name)].hand
        words += f" ({_tiles(hand, 'species')} behind your screen)"
    if bags and drawn:
        keys.append("bags")
        words += f"; {state.bags} left in the bags"
    return Change(words, tuple(keys), chosen=True, phase=PLACE)


def _token_change(
    state: State, name: str, differing: dict[str, tuple[Hashable, Hashable]]
) -> Change | None:
    key = f"token:{name}"
    if key not in differing:
        return None
    steps = _delta(differing, key)
    now = differing[key][1]
    assert isinstance(now, int)
    board = state.config.board
    square = f"{board.square(now)}" if board.square(now) else "the start"
    if board.laps(now):
        square += f" on lap {board.laps(now) + 1}"
    way = f"{steps} squares on" if steps > 0 else f"{-steps} squares back"
    words = f"Move {name}'s token {way}, to {square}"
    return Change(words, (key,), target=key, chosen=True, phase=MOVE)


def _cards_change(name: str, differing: dict[str, tuple[Hashable, Hashable]]) -> Change | None:
    """One player's life cards and used action cards."""
    keys = tuple(key for key in (f"life:{name}", f"actions:{name}") if key in differing)
    if not keys:
        return None
    parts = []
    if f"life:{name}" in differing:
        was, now = differing[f"life:{name}"]
        assert isinstance(was, tuple) and isinstance(now, tuple)
        gained = [t for t, a, b in zip(LIFE_TYPES, was, now, strict=True) for _ in range(b - a)]
        lost = [t for t, a, b in zip(LIFE_TYPES, was, now, strict=True) for _ in range(a - b)]
        if lost:
            parts.append(f"put back {_life_cards(lost)}")
        if gained:
            parts.append(f"take {_life_cards(gained)}")
    if f"actions:{name}" in differing:
        was, now = differing[f"actions:{name}"]
        assert isinstance(was, tuple) and isinstance(now, tuple)
        same = 0  # a corrected turn may change cards used before later ones
        while same < min(len(was), len(now)) and was[same] == now[same]:
            same += 1
        back, used = was[same:], now[same:]
        if back:
            parts.append(f"take back {_action_cards(back)} into your hand")
        if used:
            parts.append(f"discard {_action_cards(used)}, used")
    return Change(f"{name}: {_listed(parts)}", keys, chosen=True, phase=PLACE)


def _life_cards(letters: list[str]) -> str:
    names = [f"{letter} ({LIFE_NAMES[letter].partition(' (')[0]})" for letter in letters]
    return f"the life card{'s' if len(names) > 1 else ''} {_listed(names)}"


def _action_cards(cards: tuple[Hashable, ...]) -> str:
    names = [ACTION_NAMES[str(card)] for card in cards]
    return f"the action card{'s' if len(names) > 1 else ''} {_listed(names)}"


def _die_change(before: State, after: State) -> Change:
    """The catastrophe die: a roll and what it offers (announced when the app rolls), or
    rolls taken back."""
    rolled = len(after.rolls) - len(before.rolls)
    if rolled < 0:
        last = before.rolls[-1]
        name = before.players[last.seat].name
        what = f"{name}'s {last.face} roll" if rolled == -1 else f"the last {-rolled} rolls"
        return Change(f"Take back {what} of the catastrophe die", ("die",), phase=DIE)
    roll = after.rolls[-1]
    name = after.players[roll.seat].name
    offered = [ELEMENT_NAMES[element] for element in CHOICES[roll.face]]
    offered_words = ", ".join(offered[:-1]) + " or " + offered[-1]
    words = f"{roll.face.capitalize()} for {name}: take {offered_words}"
    return Change(words, ("die",), chosen=after.config.die == "table", phase=DIE)
