"""The names of seats nobody named ("Player 3"): stand-ins, never people (review N18).
A game may be played without names; such a seat is not a player to count, to list or to
send to BG Stats as someone."""

from __future__ import annotations

import re
from collections.abc import Sequence

_SEAT_NAME = re.compile(r"Player \d+")
_NUMBERED = re.compile(r"\bPlayer (\d+)\b")


def seat_name(number: int) -> str:
    """The stand-in name of an unnamed seat, numbered from 1."""
    return f"Player {number}"


def is_seat_name(name: str) -> bool:
    return _SEAT_NAME.fullmatch(name) is not None


def with_names(text: str, names: Sequence[str]) -> str:
    """``text`` with each seat's stand-in name ("Player 2") replaced by the name of the
    player in that seat, where there is one."""

    def name(match: re.Match[str]) -> str:
        number = int(match.group(1))
        return names[number - 1] if 1 <= number <= len(names) else match.group(0)

    return _NUMBERED.sub(name, text)
