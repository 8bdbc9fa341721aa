"""Counted words for Skogen's messages: "1 species tile", "3 life cards"."""

from __future__ import annotations


def counted(count: int, word: str) -> str:
    """``count`` and ``word``, the word made plural unless the count is one (every
    Skogen piece takes a plain "s": tile, card, turn, point)."""
    return f"{count} {word}{'' if count == 1 else 's'}"
