"""A seeded person at a Skogen table, for tests and the legibility sweep: each turn built
key by key on the keypad (species tiles within the hand, element tiles, life cards,
sometimes an action card, sometimes one more tile drawn) and entered, or two element
tiles taken; the real die's face and the element tile taken chosen at random; Done for
every instruction; now and then an Undo, its question answered. Every step is one touch
through the controller, as the screen makes it."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

from app.play.autoplay import TablePlay
from app.skogen.controller import Key, KeyKind, SkogenController
from app.skogen.view import drawn_places
from engines import skogen as G
from engines.skogen import ACTION_NAMES, LIFE_TYPES, SPECIES_POINTS

Touch = Callable[[SkogenController], object]


class SkogenPlayer:
    def __init__(self, seed: int, undo_every: int = 25) -> None:
        self.chooser = random.Random(seed)
        self.undo_every = undo_every  # about one turn in this many is undone (0: never)
        self.planned: list[Touch] = []  # the touches of the turn being built, still to make

    def step(self, control: SkogenController) -> bool:
        """Make the next touch a person makes; False once the game is over."""
        state = control.state
        if control.telling.active:
            control.done()
            return True
        if state.phase == "over":
            return False
        if state.phase == "roll":  # the people roll the real die
            faces = list(dict.fromkeys(state.config.board.die_faces))
            control.roll_face(self.chooser.choice(faces))
        elif state.phase == "element":
            control.choose_element(self._element(state))
        elif self.planned:
            self.planned.pop(0)(control)
        elif self.undo_every and control.can_undo and self.chooser.randrange(self.undo_every) == 0:
            if control.undo() is not None:  # the question, answered "Undo it"
                control.undo_confirmed()
        else:
            self.planned = self._plan(control)
            self.planned.pop(0)(control)
        return True

    def _element(self, state: G.State) -> str:
        offered = [a.element for a in G.legal_actions(state) if isinstance(a, G.TakeElement)]
        roll = self.chooser.random()
        if roll < 0.08:
            return "reroll"
        if roll < 0.12:
            return "none"
        return self.chooser.choice(offered)

    def _plan(self, control: SkogenController) -> list[Touch]:
        """The keys of a turn the rules allow, then Enter; or Take two elements."""
        state = control.state
        me = state.player
        if self.chooser.random() < 0.1 or not me.hand:
            return [lambda c: c.take_two()]
        keys: list[Key] = []
        species = [self.chooser.choice(SPECIES_POINTS) for _ in range(self._some(me.hand))]
        keys += [("species", points) for points in species]
        keys += [("element", 1)] * self.chooser.choice((0, 0, 1, 1, 2))
        for _ in species:
            if self.chooser.random() < 0.3:
                keys.append(("life", self.chooser.choice(LIFE_TYPES)))
        if self.chooser.random() < 0.3:
            keys.append(("card", self.chooser.choice(list(ACTION_NAMES))))
        self.chooser.shuffle(keys)
        if not keys:
            keys.append(("element", 1))
        if not _allowed(state, _turn(state, keys)):
            keys = [k for k in keys if k[0] in ("species", "element")] or [("element", 1)]
        touches: list[Touch] = [_key(kind, value) for kind, value in keys]
        if self.chooser.random() < 0.2 and _allowed(state, _turn(state, keys, more=1)):
            touches.append(lambda c: c.change_drawn(1))  # Draw more
        return [*touches, lambda c: c.primary()]

    def _some(self, hand: int) -> int:
        return self.chooser.choice([n for n in (0, 1, 1, 1, 2, 2, 2, 3, 3) if n <= hand])


def _key(kind: KeyKind, value: Hashable) -> Touch:
    """A touch on the key that adds ``value`` of ``kind``."""
    return lambda control: control.add(kind, value)


def _turn(state: G.State, keys: list[Key], more: int = 0) -> G.PlaceTiles:
    def of(kind: str) -> list[object]:
        return [value for k, value in keys if k == kind]

    placed = len(of("species"))
    return G.PlaceTiles(
        state.player.name,
        species=tuple(int(str(p)) for p in of("species")),
        elements=len(of("element")),
        life_cards=tuple(str(letter) for letter in of("life")),
        action_cards=tuple(str(card) for card in of("card")),
        drew=G.printed_draw(state, placed) + more,
    )


def _allowed(state: G.State, turn: G.PlaceTiles) -> bool:
    try:
        G.apply(state, turn)
    except ValueError:
        return False
    return True


_NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")

#: Skogen for the oracle: 2 to 6 players, the app's die and the table's.
TABLE_PLAY = TablePlay(
    person=SkogenPlayer,
    drawn=drawn_places,
    set_ups=[
        G.Config(players=_NAMES[:players], die=die)
        for players in range(2, len(_NAMES) + 1)  # the rulebook: 2 to 6
        for die in ("app", "table")
    ],
    sample=[G.Config(players=_NAMES[:3]), G.Config(players=_NAMES[:5], die="table")],
)
