"""The names of seats nobody named ("Player 3"): stand-ins, never people (review N18).
A game may be played without names; such a seat is not a player to count, to list or to
send to BG Stats as someone."""

from __future__ import annotations

import re

_SEAT_NAME = re.compile(r"Player \d+")


def seat_name(number: int) -> str:
    """The stand-in name of an unnamed seat, numbered from 1."""
    return f"Player {number}"


def is_seat_name(name: str) -> bool:
    return _SEAT_NAME.fullmatch(name) is not None
