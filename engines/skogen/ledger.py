"""The turn ledger: the points of a turn and where they move a token (RULINGS G1).

Only tiles placed this turn score: each species tile its printed points, each element
tile 2. Tiles already on the board score nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.core import IllegalAction, Saveable
from engines.skogen.state import State

ELEMENT_POINTS = 2
#: Printed points: circle tiles 1-3, triangle tiles 6, square tiles 5-9.
SPECIES_POINTS: tuple[int, ...] = (1, 2, 3, 5, 6, 7, 8, 9)
ACTION_CARDS: tuple[str, ...] = (
    "korsbefruktning",
    "hot_spot",
    "expedition",
    "migration",
    "energiboost",
    "katastrof",
)
ACTION_NAMES: dict[str, str] = {
    "korsbefruktning": "Korsbefruktning (cross-pollination)",
    "hot_spot": "Hot Spot",
    "expedition": "Expedition",
    "migration": "Migration",
    "energiboost": "Energiboost (energy boost)",
    "katastrof": "Katastrof (catastrophe)",
}
CARDS_PER_ACTION = 3  # 18 action cards, six kinds
ACTION_CARDS_EACH = 3


def turn_points(species: Sequence[int], elements: int) -> int:
    """Points for the tiles placed in one turn; IllegalAction for an impossible tile."""
    for points in species:
        if points not in SPECIES_POINTS:
            raise IllegalAction(
                f"No species tile is worth {points}: circle tiles give 1 to 3, triangle "
                "tiles 6 and square tiles 5 to 9."
            )
    if elements < 0:
        raise IllegalAction("A number of element tiles can't be negative.")
    return sum(species) + ELEMENT_POINTS * elements


@dataclass(frozen=True)
class Standing(Saveable):
    """One player's row on the ledger screen."""

    name: str
    score: int
    laps: int  # times round the track
    square: int  # where the token stands on the current lap
    life: tuple[int, int, int, int]  # life cards B, F, P, M
    hand: int  # species tiles held
    hand_limit: int
    action_cards: tuple[str, ...]  # used so far


def standings(state: State) -> tuple[Standing, ...]:
    board = state.config.board
    return tuple(
        Standing(
            p.name,
            p.score,
            board.laps(p.score),
            board.square(p.score),
            p.life,
            p.hand,
            p.hand_limit,
            p.action_cards,
        )
        for p in state.players
    )
