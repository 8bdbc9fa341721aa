"""A seeded person at a Chickwood Forest table, for tests, the oracle and the legibility
sweep: every move made through the controller exactly as the screen makes it (a raid's
castle and each card keyed on the pad, then Raid; each alms a touch on a village; a
quick score's count keyed player by player; the final choices confirmed), Done for every
instruction; now and then a key taken back, a correction made and left with Cancel, or
the last move undone, answering the question about a finished turn. Each ``step`` is one
touch, so a test can look (or pull the plug) between any two."""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import methodcaller

from app.chickwood.by_hand import ChangeRaid
from app.chickwood.controller import ChickwoodController
from app.chickwood.view import drawn_places
from app.play.autoplay import TablePlay
from engines import chickwood as C


class ChickwoodPlayer:
    def __init__(self, seed: int, undo_now_and_then: bool = True) -> None:
        self.chooser = random.Random(seed)
        self.undoing = undo_now_and_then
        self.undos = 0  # moves undone so far (at most a few a game)
        #: The touches still to make of the move being entered, each made on the
        #: controller of the moment (a game opened again meanwhile has a new one).
        self.planned: list[Callable[[ChickwoodController], object]] = []

    def step(self, control: ChickwoodController) -> bool:
        """Make the next touch a person makes; False once the game is over."""
        if not self.planned and not self._plan(control):
            return False
        self.planned.pop(0)(control)
        return True

    def _plan(self, control: ChickwoodController) -> bool:
        """The touches of the next thing to do; False once the game is over."""
        touch = self.planned.append
        state = control.state
        if state.phase == "over" and not control.telling.active:
            return False
        if control.telling.active:
            touch(methodcaller("done"))
            return True
        if self.undoing and self.undos < 3 and control.can_undo and self._chance(0.03):
            self.undos += 1
            touch(_undo)
            return True
        match state.phase:
            case "raid":
                self._raid(control, state)
            case "alms":
                step = self.chooser.choice(C.legal_actions(state))
                assert isinstance(step, C.GiveAlms)
                index = state.grid.index(step.row, step.col)
                touch(methodcaller("touch_village", index))
            case "entry":
                self._count(control, state)
            case "scoring":
                touch(_confirm_scores)
            case "over":
                return False
        return True

    def _chance(self, odds: float) -> bool:
        return self.chooser.random() < odds

    def _raid(self, control: ChickwoodController, state: C.State) -> None:
        touch = self.planned.append
        if state.raids and self._chance(0.04):  # an old raid loaded, then left (P11)
            change = ChangeRaid(self.chooser.randrange(len(state.raids)))
            touch(methodcaller("load_raid", change))
            touch(methodcaller("cancel"))
            return
        options = [a for a in C.legal_actions(state) if isinstance(a, C.Raid)]
        raid = self.chooser.choice(options)
        keys = [key for key, n in C.kind_counts(raid.loot).items() for _ in range(n)]
        keys += [f"alms:{alms}" for alms in raid.benefactors]
        touch(methodcaller("choose_castle", str(raid.castle)))
        if self._chance(0.1):  # a slip, taken back with Undo (unless it was refused)
            touch(methodcaller("add_loot", "maids"))
            touch(_slip_undone)
        for key in keys:
            touch(methodcaller("add_loot", key))
        touch(methodcaller("primary"))

    def _count(self, control: ChickwoodController, state: C.State) -> None:
        """A quick score's count: for each player a few chests, a castle or two and an
        alms or two, keyed as a person would; then Score these."""
        touch = self.planned.append
        villages = [i for i, cell in enumerate(state.grid.cells) if not cell.forest]
        kinds = ["chest:gold", "chest:silver", "henchmen"]
        for seat in range(len(state.players)):
            touch(methodcaller("choose_seat", seat))
            for key in self.chooser.choices(kinds, k=self.chooser.randrange(1, 4)):
                touch(methodcaller("add_loot", key))
            for _ in range(self.chooser.randrange(1, 3)):
                value = str(self.chooser.randrange(1, 6))
                touch(methodcaller("choose_castle", value))
            for index in self.chooser.choices(villages, k=self.chooser.randrange(0, 3)):
                touch(methodcaller("touch_village", index))
        touch(methodcaller("primary"))


def _undo(control: ChickwoodController) -> None:
    """Undo; a finished turn is asked about, and the answer is "Undo it"."""
    if control.undo() is not None:
        control.undo_confirmed()


def _confirm_scores(control: ChickwoodController) -> None:
    """ "Confirm scores", asked once, and confirmed."""
    if control.primary():
        control.confirm_scores()


def _slip_undone(control: ChickwoodController) -> None:
    """Undo takes back the Maid keyed by mistake (unless the pad refused it)."""
    if control.counts().get("maids"):
        control.undo()


_NAMES = ("Ana", "Bo", "Cy", "Di", "Ed")

#: Chickwood Forest for the oracle: 2 to 5 players, with and without the Legendary
#: cards, tracked and quick.
TABLE_PLAY = TablePlay(
    person=ChickwoodPlayer,
    drawn=drawn_places,
    set_ups=[
        C.Config(players=_NAMES[:players], legendary=legendary, quick=quick)
        for players in (2, 3, 4, 5)
        for legendary in (False, True)
        for quick in (False, True)
    ],
    sample=[C.Config(players=_NAMES[:3], legendary=True)],
)
