"""Village cards and the glory they give (RULINGS C1).

A village card is a list of rows; each row has some alms spaces and maybe a glory value.
Alms fill the first free space, left to right and top to bottom, so a village's spaces
in order are also the order in which its alms were given. A row is unlocked once an alms
lies in it. Players are ranked by how many alms they gave the village, a tie going to
whoever gave their last alms there later; the k-th player earns the k-th highest
unlocked glory, if there is one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engines.core import Saveable

Status = Literal["assumed", "printed", "owner"]


@dataclass(frozen=True)
class Row(Saveable):
    spaces: int
    glory: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.spaces, bool) or not isinstance(self.spaces, int) or self.spaces < 1:
            raise ValueError(f"A village row needs at least one alms space, not {self.spaces!r}.")
        if self.glory is not None and (
            isinstance(self.glory, bool) or not isinstance(self.glory, int) or self.glory < 0
        ):
            raise ValueError(f"A row's glory must be a whole number, not {self.glory!r}.")


@dataclass(frozen=True)
class CardProfile(Saveable):
    """One card of the village grid: a village (rows of alms spaces) or a forest.

    ``in_two_player`` is False for the cards showing the two-player symbol, which go back
    in the box for two players. ``status`` says where the values come from.
    """

    card: str
    forest: bool = False
    rows: tuple[Row, ...] = ()
    in_two_player: bool = True
    status: Status = "assumed"

    def __post_init__(self) -> None:
        if not self.card:
            raise ValueError("Every village card needs a name.")
        if self.forest and self.rows:
            raise ValueError("A forest has no alms spaces.")
        if not self.forest and not self.rows:
            raise ValueError("A village needs at least one row of alms spaces.")

    @property
    def capacity(self) -> int:
        return sum(row.spaces for row in self.rows)

    @property
    def glory(self) -> str:
        """The glory printed on the card, top row first ("glory 2 4 8"): the physical cards
        print no name or number, so this is how a person tells villages apart."""
        values = [str(row.glory) for row in self.rows if row.glory is not None]
        return "glory " + " ".join(values) if values else "no glory"

    @property
    def label(self) -> str:
        """The card as a person finds it on the table, wherever it lies."""
        return "the forest" if self.forest else f"the village with {self.glory}"

    def row_of(self, slot: int) -> int:
        """The row (0 = top) holding the ``slot``-th space (0 = first)."""
        for index, row in enumerate(self.rows):
            if slot < row.spaces:
                return index
            slot -= row.spaces
        raise ValueError(f"{self.label.capitalize()} has only {self.capacity} spaces.")


@dataclass(frozen=True)
class Award(Saveable):
    """One player's place on one village and the glory it earns (0 if none is left)."""

    player: str
    alms: int
    rank: int  # 1 = most alms
    glory: int


def unlocked_glory(profile: CardProfile, filled: int) -> tuple[int, ...]:
    """The glory values of the rows holding at least one of ``filled`` alms, highest first."""
    if filled == 0:
        return ()
    last_row = profile.row_of(filled - 1)
    values = [row.glory for row in profile.rows[: last_row + 1] if row.glory is not None]
    return tuple(sorted(values, reverse=True))


def awards(profile: CardProfile, owners: Sequence[str]) -> tuple[Award, ...]:
    """Each player's rank and glory on a village whose spaces, in order, hold ``owners``."""
    if len(owners) > profile.capacity:
        raise ValueError(
            f"{profile.label.capitalize()} has {profile.capacity} spaces, "
            f"not room for {len(owners)} alms."
        )
    counts: dict[str, int] = {}
    last: dict[str, int] = {}
    for slot, owner in enumerate(owners):
        counts[owner] = counts.get(owner, 0) + 1
        last[owner] = slot
    ranked = sorted(counts, key=lambda p: (-counts[p], -last[p]))
    glory = unlocked_glory(profile, len(owners))
    return tuple(
        Award(player, counts[player], rank, glory[rank - 1] if rank <= len(glory) else 0)
        for rank, player in enumerate(ranked, start=1)
    )
