"""Moving cards between hand, deck and discard pile, for app-held and table-held decks.

When the people hold the cards (``Cards.known`` false) only the counts move; the discard
pile is face up, so its cards are always named. An empty deck is rebuilt by shuffling
the discard pile; with no cards in either, nothing is drawn.
"""

from __future__ import annotations

from engines.core import Rng
from engines.core.quick_replace import replace
from engines.skulk_hollow.state import Cards


def new_cards(known: bool, deck: tuple[str, ...], rng: Rng) -> tuple[Cards, Rng]:
    """A freshly shuffled deck (the order is kept only when the app holds it)."""
    order, rng = rng.shuffled(deck)
    if known:
        return Cards(known=True, deck=order, deck_count=len(order)), rng
    return Cards(known=False, deck_count=len(deck)), rng


def can_draw(cards: Cards) -> bool:
    return cards.deck_count + len(cards.discard) > 0


def reshuffle(cards: Cards, rng: Rng) -> tuple[Cards, Rng]:
    """Shuffle the discard pile to form a new deck."""
    cards = replace(cards, shuffles=cards.shuffles + 1)
    if cards.known:
        order, rng = rng.shuffled(cards.discard)
        return replace(cards, deck=order, deck_count=len(order), discard=()), rng
    return replace(cards, deck_count=len(cards.discard), discard=()), rng


def draw(cards: Cards, rng: Rng, count: int) -> tuple[Cards, Rng, int]:
    """Draw up to ``count`` cards; returns the cards, the rng and how many were drawn."""
    drawn = 0
    for _ in range(count):
        if cards.deck_count == 0:
            if not cards.discard:
                break
            cards, rng = reshuffle(cards, rng)
        if cards.known:
            cards = replace(
                cards,
                hand=tuple(sorted((*cards.hand, cards.deck[0]))),
                deck=cards.deck[1:],
                hand_count=cards.hand_count + 1,
                deck_count=cards.deck_count - 1,
                drawn=cards.drawn + 1,
            )
        else:
            cards = replace(
                cards,
                hand_count=cards.hand_count + 1,
                deck_count=cards.deck_count - 1,
                drawn=cards.drawn + 1,
            )
        drawn += 1
    return cards, rng, drawn


def refill(cards: Cards, hand_size: int, rng: Rng) -> tuple[Cards, Rng, int]:
    """Draw up to the hand size; one card only if the hand is already that full."""
    wanted = hand_size - cards.hand_count if cards.hand_count < hand_size else 1
    return draw(cards, rng, wanted)


def leave_hand(cards: Cards, card: str) -> Cards:
    """The card leaves the hand (played into the play area, or on its way to the discard)."""
    if cards.known:
        hand = list(cards.hand)
        hand.remove(card)
        return replace(cards, hand=tuple(hand), hand_count=cards.hand_count - 1)
    return replace(cards, hand_count=cards.hand_count - 1)


def discard_from_hand(cards: Cards, card: str) -> Cards:
    cards = leave_hand(cards, card)
    return replace(cards, discard=(*cards.discard, card))


def to_discard(cards: Cards, card: str) -> Cards:
    return replace(cards, discard=(*cards.discard, card))


def take_from_discard(cards: Cards, card: str) -> Cards:
    """RECALL: a card from the discard pile goes back to the hand."""
    pile = list(cards.discard)
    pile.reverse()
    pile.remove(card)  # the latest copy
    pile.reverse()
    hand = tuple(sorted((*cards.hand, card))) if cards.known else cards.hand
    return replace(cards, discard=tuple(pile), hand=hand, hand_count=cards.hand_count + 1)


def hidden(cards: Cards, show_hand: bool) -> Cards:
    """What a seat may see: never the deck order; the hand only if ``show_hand``."""
    return replace(cards, deck=(), hand=cards.hand if show_hand else ())
