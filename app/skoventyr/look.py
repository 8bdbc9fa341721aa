"""How Skoventyr's components look on screen: a colour per card, and its name on two
lines for a tile too narrow to hold it on one ("Gamle" / "Erik"): full names, never
codes, broken inside a word only where nothing else fits (Formskifter, in a full hand).

No red or green for Allies: red is kept for Gamle Erik (danger), green for success.
"""

from __future__ import annotations

from app.kit.colours import Colour
from engines.skoventyr import Card

CARD_COLOURS: dict[Card, Colour] = {
    Card.ELLEFOLK: (0.45, 0.72, 0.96, 1),
    Card.FORMSKIFTER: (0.68, 0.52, 0.92, 1),
    Card.HULDRE: (0.93, 0.52, 0.78, 1),
    Card.NISSE: (0.96, 0.68, 0.26, 1),
    Card.TROLD: (0.72, 0.60, 0.48, 1),
    Card.GAMLE_ERIK: (0.86, 0.26, 0.25, 1),
}

_TWO_LINES: dict[Card, str] = {
    Card.FORMSKIFTER: "Form-\nskifter",
    Card.GAMLE_ERIK: "Gamle\nErik",
}


def two_line_name(card: Card) -> str:
    """The card's full name, broken over two lines where it is long."""
    return _TWO_LINES.get(card, card.label)


def lygtemand_words(shown: str) -> str:
    """What a Lygtemand shows: an Ally's name, or "any Ally" for the one marked "?"."""
    return "any Ally" if shown == "any" else Card(shown).label
