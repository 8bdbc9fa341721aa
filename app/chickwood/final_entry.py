"""The final collections entered by touch for a quick score: each player's loot and
castles, and who owns each filled space of each village, in the order given."""

from __future__ import annotations

from dataclasses import dataclass, field

from app.chickwood import loot_entry
from engines.chickwood import CardProfile, FinalTable, PlayerFinal, VillageFinal

#: One touch of the entry, kept for Undo: ("loot", seat, kind), ("castle", seat, value)
#: or ("alms", seat, card name).
Touch = tuple[str, int, object]


@dataclass
class FinalDraft:
    names: tuple[str, ...]
    villages: tuple[CardProfile, ...]
    legendary: bool
    touches: list[Touch] = field(default_factory=list)

    def add(self, kind: str, seat: int, what: object) -> None:
        self.touches.append((kind, seat, what))

    def give_alms(self, seat: int, village: CardProfile) -> None:
        """One more alms of ``seat`` on ``village``; ValueError (in the engine's words)
        for a forest or a full village."""
        owners = (*self.owners(village.card), seat)
        VillageFinal(village, tuple(self.names[s] for s in owners))
        self.add("alms", seat, village.card)

    def undo(self) -> None:
        """Take back the last touch."""
        self.touches.pop()

    def counts(self, seat: int) -> dict[str, int]:
        found: dict[str, int] = {}
        for kind, who, what in self.touches:
            if kind == "loot" and who == seat:
                found[str(what)] = found.get(str(what), 0) + 1
        return found

    def castles(self, seat: int) -> tuple[int, ...]:
        return tuple(int(str(w)) for k, who, w in self.touches if k == "castle" and who == seat)

    def owners(self, card: str) -> tuple[int, ...]:
        return tuple(who for kind, who, what in self.touches if kind == "alms" and what == card)

    def wrong(self) -> str:
        """Why the entry cannot be the table, in a player's words ("" if it can be)."""
        try:
            self.table()
        except ValueError as refusal:
            return str(refusal)
        return ""

    def table(self) -> FinalTable:
        """The entered table; ValueError in a player's words if it can't be."""
        players = tuple(
            PlayerFinal(name, loot_entry.collection(self.counts(seat)), self.castles(seat))
            for seat, name in enumerate(self.names)
        )
        villages = tuple(
            VillageFinal(card, tuple(self.names[s] for s in self.owners(card.card)))
            for card in self.villages
        )
        return FinalTable(players, villages, self.legendary)
