"""The deck as the app knows it (RULINGS S8): [known top][unknown multiset][known bottom].

The app never holds a hidden order. Cards put on top or under the deck are known, in
order; a shuffle makes all of them unknown. The next card is known when there is a known
top card, or when the unknown part is empty and a known bottom card comes next; otherwise
it is a chance step whose odds are exact fractions of the unknown part.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from engines.core.quick_replace import replace
from engines.skoventyr.cards import CARD_ORDER, Card


def _canon(counts: Counter[Card]) -> tuple[tuple[Card, int], ...]:
    return tuple((card, n) for card, n in sorted(counts.items(), key=_order) if n > 0)


def _order(item: tuple[Card, int]) -> int:
    return CARD_ORDER[item[0]]


@dataclass(frozen=True)
class Deck:
    #: Known cards on top; the first is drawn first.
    top: tuple[Card, ...] = ()
    #: How many of each card are in the shuffled middle, order unknown (no zero counts).
    unknown: tuple[tuple[Card, int], ...] = ()
    #: Known cards under the deck; the last one is the very bottom.
    bottom: tuple[Card, ...] = ()
    #: How many times the deck has been shuffled since set-up (a shuffle that changes
    #: nothing the app knows still has to be done at the table).
    shuffles: int = 0

    @classmethod
    def shuffled(cls, cards: Iterable[Card]) -> Deck:
        return cls(unknown=_canon(Counter(cards)))

    # -- looking -----------------------------------------------------------------------

    @property
    def size(self) -> int:
        return len(self.top) + self.unknown_size + len(self.bottom)

    @property
    def unknown_size(self) -> int:
        return sum(n for _, n in self.unknown)

    @property
    def empty(self) -> bool:
        return self.size == 0

    def counts(self) -> Counter[Card]:
        """How many of each card the whole deck holds."""
        counts: Counter[Card] = Counter(self.top)
        counts.update(self.bottom)
        for card, n in self.unknown:
            counts[card] += n
        return counts

    def unknown_count(self, card: Card) -> int:
        return dict(self.unknown).get(card, 0)

    def next_known(self) -> Card | None:
        """The next card if the app already knows it, else None (also when empty)."""
        if self.top:
            return self.top[0]
        if not self.unknown and self.bottom:
            return self.bottom[0]
        return None

    def possible_next(self) -> tuple[Card, ...]:
        """The cards that may come up next, in card order."""
        known = self.next_known()
        if known is not None:
            return (known,)
        return tuple(card for card, _ in self.unknown)

    def odds(self) -> dict[Card, Fraction]:
        """The exact chance of each card being the next one revealed (empty deck: {})."""
        known = self.next_known()
        if known is not None:
            return {known: Fraction(1)}
        total = self.unknown_size
        return {card: Fraction(n, total) for card, n in self.unknown}

    # -- changing ----------------------------------------------------------------------

    def draw(self, card: Card) -> Deck:
        """The deck after ``card`` came up as its next card."""
        if card not in self.possible_next():
            raise ValueError(f"{card.label} cannot be the next card of the deck")
        if self.top:
            return replace(self, top=self.top[1:])
        if self.unknown:
            counts = Counter(dict(self.unknown))
            counts[card] -= 1
            return replace(self, unknown=_canon(counts))
        return replace(self, bottom=self.bottom[1:])

    def put_on_top(self, card: Card) -> Deck:
        return replace(self, top=(card, *self.top))

    def put_under(self, card: Card) -> Deck:
        return replace(self, bottom=(*self.bottom, card))

    def shuffle(self) -> Deck:
        """Every card becomes unknown."""
        return Deck(unknown=_canon(self.counts()), shuffles=self.shuffles + 1)

    def add_unknown(self, cards: Iterable[Card]) -> Deck:
        """Shuffle cards into the deck (the whole deck is shuffled with them)."""
        counts = self.counts()
        counts.update(cards)
        return Deck(unknown=_canon(counts), shuffles=self.shuffles + 1)

    def take_out(self, card: Card) -> Deck:
        """Remove one ``card`` from anywhere in the deck (a correction by hand): from the
        unknown part if it may be there, else the known copy nearest the top."""
        if self.unknown_count(card):
            counts = Counter(dict(self.unknown))
            counts[card] -= 1
            return replace(self, unknown=_canon(counts))
        if card in self.top:
            i = self.top.index(card)
            return replace(self, top=(*self.top[:i], *self.top[i + 1 :]))
        if card in self.bottom:
            i = self.bottom.index(card)
            return replace(self, bottom=(*self.bottom[:i], *self.bottom[i + 1 :]))
        raise ValueError(f"there is no {card.label} in the deck")
