"""Reading a large JSON file a piece at a time: the members of its top-level object one by
one, and a long array in it item by item, so that memory stays flat however long the
file is (an import of years of plays). Each piece is decoded by the standard library's
decoder; a piece longer than ``max_piece`` characters is refused.

Everything in the file is untrusted: whatever makes it unreadable raises ``Unreadable``,
whose words say why.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

#: Characters read from the file at a time (more while one piece is longer).
CHUNK = 1 << 16


class Unreadable(ValueError):
    """The file is not JSON this reader can read; ``str()`` says why in a player's words
    ("it is not JSON")."""


class JsonPieces:
    """JSON text, read in order through ``read`` (a text file's, or one that puts its
    faults in words): ``members`` of the top-level object, and for each the ``value``,
    ``items`` or ``skip`` of what follows it."""

    def __init__(self, read: Callable[[int], str], max_piece: int) -> None:
        self._read = read
        self._max_piece = max_piece
        self._text = ""
        self._at = 0  # where in _text the next piece begins
        self._ended = False
        self._decoder = json.JSONDecoder()

    def members(self) -> Iterator[str]:
        """The keys of the top-level object in order: after each, read what follows it
        before asking for the next. ``Unreadable`` if the file is not one JSON object."""
        if not self._take("{"):
            raise Unreadable("it is not JSON")
        if not self._take("}"):
            while True:
                key = self.value()
                if not isinstance(key, str) or not self._take(":"):
                    raise Unreadable("it is not JSON")
                yield key
                if self._take("}"):
                    break
                if not self._take(","):
                    raise Unreadable("it is not JSON")
        if self._next() != "":
            raise Unreadable("it is not JSON")  # more after the object

    def starts_object(self) -> bool:
        return self._next() == "{"

    def starts_array(self) -> bool:
        return self._next() == "["

    def items(self) -> Iterator[Any]:
        """The items of the array that comes next (see ``starts_array``), one at a time."""
        if not self._take("["):
            raise Unreadable("it is not JSON")
        if self._take("]"):
            return
        while True:
            yield self.value()
            if self._take("]"):
                return
            if not self._take(","):
                raise Unreadable("it is not JSON")

    def skip(self) -> None:
        """Pass over the value that comes next: an array item by item, so that a long
        one is never held whole."""
        if self.starts_array():
            for _item in self.items():
                pass
        else:
            self.value()

    def value(self) -> Any:
        """The value that comes next, whole."""
        self._next()
        while True:
            try:
                value, end = self._decoder.raw_decode(self._text, self._at)
            except json.JSONDecodeError:
                if not self._more():  # the piece is cut short, or not JSON
                    raise Unreadable("it is not JSON") from None
                continue
            except RecursionError:  # brackets nested thousands deep
                raise Unreadable("it is nested too deeply") from None
            except ValueError:  # a number of thousands of digits
                raise Unreadable("it is not JSON") from None
            # A number at the end of what was read may go on in what comes next.
            if end < len(self._text) or not self._more():
                if _depth(value) > MAX_DEPTH:  # Python 3.13's json reads it without a fuss
                    raise Unreadable("it is nested too deeply")
                self._at = end
                return value

    def _take(self, char: str) -> bool:
        """Pass over ``char`` if it comes next."""
        if self._next() != char:
            return False
        self._at += 1
        return True

    def _next(self) -> str:
        """The next character that is not white space, or "" at the end of the file."""
        while True:
            while self._at < len(self._text) and self._text[self._at] in " \t\r\n":
                self._at += 1
            if self._at < len(self._text):
                return self._text[self._at]
            if not self._more():
                return ""

    def _more(self) -> bool:
        """Read on: as much again as the piece being read, so that a long piece is
        decoded a few times, not once per chunk. False at the end of the file."""
        pending = len(self._text) - self._at
        if pending > self._max_piece:
            raise Unreadable("a part of it is too long")
        if self._ended:
            return False
        try:
            chunk = self._read(max(CHUNK, pending))
        except UnicodeDecodeError:
            raise Unreadable("it is not text") from None
        self._text = self._text[self._at :] + chunk
        self._at = 0
        self._ended = not chunk
        return bool(chunk)


#: Deeper than any file BG Stats or Tableside writes (a play is four or five levels): a
#: value nested deeper is refused, as Python 3.11's json refused one thousands deep, and
#: nothing that reads it later can run out of stack.
MAX_DEPTH = 64


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (0 for a plain value); counted
    without recursion, so a value thousands deep is measured, not a crash."""
    deepest = 0
    waiting: list[tuple[Any, int]] = [(value, 0)]
    while waiting:
        item, depth = waiting.pop()
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            break
        if isinstance(item, dict):
            waiting.extend((inner, depth + 1) for inner in item.values())
        elif isinstance(item, list):
            waiting.extend((inner, depth + 1) for inner in item)
    return deepest
