"""How Skoventyr's components look on screen: a colour and a short name per card.

No red or green for Allies: red is kept for Gamle Erik (danger), green for success.
"""

from __future__ import annotations

from app.theme import Colour
from engines.skoventyr import Card

CARD_COLOURS: dict[Card, Colour] = {
    Card.ELLEFOLK: (0.45, 0.72, 0.96, 1),
    Card.FORMSKIFTER: (0.68, 0.52, 0.92, 1),
    Card.HULDRE: (0.93, 0.52, 0.78, 1),
    Card.NISSE: (0.96, 0.68, 0.26, 1),
    Card.TROLD: (0.72, 0.60, 0.48, 1),
    Card.GAMLE_ERIK: (0.86, 0.26, 0.25, 1),
}

CARD_SHORT: dict[Card, str] = {
    Card.ELLEFOLK: "Elle",
    Card.FORMSKIFTER: "Form",
    Card.HULDRE: "Huld",
    Card.NISSE: "Nisse",
    Card.TROLD: "Trold",
    Card.GAMLE_ERIK: "G.E.",
}


def lygtemand_words(shown: str) -> str:
    """A Lygtemand shows an Ally type, or "any" for the one marked "?"."""
    return "?" if shown == "any" else Card(shown).label


def lygtemand_short(shown: str) -> str:
    return "?" if shown == "any" else CARD_SHORT[Card(shown)]
