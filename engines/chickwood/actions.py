"""The moves of a tracked Chickwood Forest game, as saved in the event log."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.chickwood.loot import Collection
from engines.chickwood.scoring import Choices, FinalTable
from engines.core import Action


class ChickwoodAction(Action, game="chickwood"):
    """Base of every Chickwood Forest action."""


@dataclass(frozen=True)
class Raid(ChickwoodAction, kind="raid"):
    """``player`` raids castle ``castle`` and takes ``loot``; ``benefactors`` lists the
    alms on each benefactor card taken (1, 2 or 3), resolved at once."""

    player: str
    castle: int
    loot: Collection = field(default_factory=Collection)
    benefactors: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        cards = self.loot.cards + len(self.benefactors)
        text = f"{self.player} raids castle {self.castle}"
        text += f", taking {cards} card{'s' if cards != 1 else ''}"
        if self.benefactors:
            text += f" ({sum(self.benefactors)} alms to give)"
        return text


@dataclass(frozen=True)
class GiveAlms(ChickwoodAction, kind="give_alms"):
    """``player`` gives one alms to the village at ``row``, ``col`` (0, 0 = top left)."""

    player: str
    row: int
    col: int

    @property
    def label(self) -> str:
        where = f"row {self.row + 1}, column {self.col + 1}"
        return f"{self.player} gives alms to the village in {where}"


@dataclass(frozen=True)
class SetDeckCount(ChickwoodAction, kind="set_deck"):
    """Correct the app's count of the loot deck to what lies on the table."""

    count: int

    @property
    def label(self) -> str:
        return f"The deck holds {self.count} cards"


@dataclass(frozen=True)
class EnterFinal(ChickwoodAction, kind="enter_final"):
    """The final collections, castles and villages as they lie on the table: the whole
    input of a quick score, or a correction of the tracked ones before final scoring."""

    table: FinalTable

    @property
    def label(self) -> str:
        return "Enter the final collections"


@dataclass(frozen=True)
class Score(ChickwoodAction, kind="score"):
    """Settle final scoring with these choices (the app proposes the best ones)."""

    choices: Choices = field(default_factory=Choices)

    @property
    def label(self) -> str:
        return "Final scoring"


action_from_dict = ChickwoodAction.from_dict
