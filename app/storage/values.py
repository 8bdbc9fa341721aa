"""Values as the saved-games file holds them: the time now, as it is saved, and readers
of values that may be damaged, each returning a harmless answer (None, replacement
characters) instead of failing, so that one bad value never hides the rest."""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import UTC, datetime
from typing import Any


def now() -> str:
    """The time now, as the file keeps times (UTC, ISO 8601, to the second)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


class Undecodable(str):
    """Text from the file that is not UTF-8 (decoded with replacement characters)."""


def lenient_text(data: bytes) -> str:
    """The connection's text factory: one bad byte never makes a whole query fail."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return Undecodable(data.decode("utf-8", "replace"))


def json_or_none(text: Any) -> Any:
    """JSON text decoded, or None when it cannot be (bad bytes, bad JSON, too deep)."""
    if not isinstance(text, str) or isinstance(text, Undecodable):
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def date_or_none(text: Any) -> str | None:
    if isinstance(text, str) and not isinstance(text, Undecodable):
        try:
            datetime.fromisoformat(text)
            return text
        except ValueError:
            pass
    return None


def raw(value: Any) -> Any:
    """A stored value as JSON can hold it (blobs as hex)."""
    if isinstance(value, bytes):
        return value.hex()
    return str(value) if isinstance(value, Undecodable) else value


#: What is removed from a name or a comment: format characters (zero-width spaces and
#: joiners, direction marks, the bidi embeddings, overrides and isolates), private-use,
#: unassigned and surrogate code points. None shows a letter of its own; an override
#: turns the text around it backwards.
_REMOVED_CATEGORIES = {"Cf", "Co", "Cn", "Cs"}
#: Characters outside those categories that show nothing where a name is drawn: the
#: Hangul fillers and the blank Braille pattern (letters and symbols by category), and
#: the default-ignorable marks (the combining grapheme joiner, Khmer's inherent vowels,
#: the variation selectors).
_BLANK_CHARACTERS = frozenset(
    "\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5"
    + "".join(chr(code) for code in range(0x180B, 0x1810))
    + "".join(chr(code) for code in range(0xFE00, 0xFE10))
    + "".join(chr(code) for code in range(0xE0100, 0xE01F0))
)
#: Combining marks: drawn on the letter before them, so a name of them alone looks blank.
_MARKS = {"Mn", "Me"}
_ESCAPE_SEQUENCE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")


def _shown(char: str) -> bool:
    category = unicodedata.category(char)
    if category == "Cc":
        return char.isspace()  # a tab or a new line: a space, made single below
    return category not in _REMOVED_CATEGORIES and char not in _BLANK_CHARACTERS


def visible_text(text: str) -> str:
    """Text as Tableside keeps a name or a comment: control, format and blank characters
    removed (a zero-width space, a Hangul filler, a right-to-left override...), spaces
    single, and "" when nothing visible is left. Every name entered goes through it."""
    text = _ESCAPE_SEQUENCE.sub("", text)  # a terminal's colours: "\x1b[31m"
    text = " ".join("".join(filter(_shown, text)).split())
    if all(unicodedata.category(char) in _MARKS for char in text):
        return ""
    return text
