"""The moves of a tracked Chickwood Forest game, as saved in the event log."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.chickwood.alms_snake import alms_cubes
from engines.chickwood.loot import Collection, kind_name
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
            text += f" ({alms_cubes(sum(self.benefactors))} to give)"
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


# --- corrections by hand (engines/chickwood/corrections.py): never legal_actions ----------


@dataclass(frozen=True)
class FixRaid(ChickwoodAction, kind="fix_raid"):
    """Correct raid number ``raid`` (0 = the game's first): the castle raided, the loot
    taken and the benefactor cards, as they really were. Later raids stand."""

    raid: int
    castle: int
    loot: Collection = field(default_factory=Collection)
    benefactors: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        cards = self.loot.cards + len(self.benefactors)
        return (
            f"Corrected: raid {self.raid + 1} was on castle {self.castle}, "
            f"taking {cards} card{'s' if cards != 1 else ''}"
        )


@dataclass(frozen=True)
class FixAlms(ChickwoodAction, kind="fix_alms"):
    """Move alms number ``alms`` (0 = the first given) to the village at ``row``, ``col``
    (its first free space), or take it off the grid when ``row`` is None."""

    alms: int
    row: int | None = None
    col: int | None = None

    @property
    def label(self) -> str:
        if self.row is None or self.col is None:
            return f"Corrected: alms {self.alms + 1} taken off its village"
        return (
            f"Corrected: alms {self.alms + 1} moved to the village in "
            f"row {self.row + 1}, column {self.col + 1}"
        )


@dataclass(frozen=True)
class AddAlms(ChickwoodAction, kind="add_alms"):
    """An alms given at the table but not entered: ``player``'s, on the village at
    ``row``, ``col`` (its first free space)."""

    player: str
    row: int
    col: int

    @property
    def label(self) -> str:
        where = f"row {self.row + 1}, column {self.col + 1}"
        return f"Corrected: {self.player} has one more alms on the village in {where}"


@dataclass(frozen=True)
class FixFinal(ChickwoodAction, kind="fix_final"):
    """Set one item of ``player``'s final collection to ``count``: a kind of loot card
    ("chest:gold", "maids", "legendary:key"...), castles of one value ("castle:5") or
    their alms on one village ("village:<card>"). Reopens confirmed scores."""

    player: str
    item: str
    count: int

    @property
    def label(self) -> str:
        return f"Corrected: {self.player}'s {item_words(self.item)}: {self.count}"


@dataclass(frozen=True)
class ChangeFinal(ChickwoodAction, kind="change_final"):
    """One ``item`` of ``player``'s final collection was really ``into``, an item of the
    same sort (a gown that was a cloak, castle 3 that was castle 4, an alms on another
    village): one fewer of the first, one more of the other. Reopens confirmed scores."""

    player: str
    item: str
    into: str

    @property
    def label(self) -> str:
        return f"Corrected: one of {self.player}'s {item_words(self.item)} was {one(self.into)}"


@dataclass(frozen=True)
class Reopen(ChickwoodAction, kind="reopen"):
    """Take the confirmed scores back to be checked and confirmed again."""

    @property
    def label(self) -> str:
        return "Scores reopened"


def item_words(item: str) -> str:
    """An item of a final collection in words, for labels and menus."""
    kind, _, what = item.partition(":")
    if kind == "castle":
        return f"castles worth {what}"
    if kind == "village":
        return "alms on a village"  # the cards print no name: the app's menus say which
    if kind == "legendary":
        return kind_name(item).removeprefix("the ")
    return kind_name(item, 2)


def one(item: str) -> str:
    """One of an item of a final collection, in words: "a gown", "an emerald chest",
    "the Key", "a castle worth 4", "an alms on a village"."""
    kind, _, what = item.partition(":")
    if kind == "castle":
        return f"a castle worth {what}"
    if kind == "village":
        return "an alms on a village"
    words = kind_name(item)
    if words.startswith("the "):
        return words
    return f"{'an' if words[0] in 'aeiou' else 'a'} {words}"


action_from_dict = ChickwoodAction.from_dict
