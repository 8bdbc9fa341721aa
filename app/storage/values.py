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


#: Characters that show nothing by themselves: format characters (zero-width spaces and
#: joiners, direction marks), separators, combining marks, private and unassigned code
#: points. Inside a name they may belong there (a joiner in an emoji); alone, a name of
#: them looks blank.
_INVISIBLE = {"Cf", "Zs", "Zl", "Zp", "Mn", "Me", "Co", "Cn"}
_ESCAPE_SEQUENCE = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")


def visible_text(text: str) -> str:
    """Text as Tableside keeps a name or a comment: control characters (NUL, escape,
    bell...) removed, spaces single, and "" when nothing visible is left (a zero-width
    space alone)."""
    text = _ESCAPE_SEQUENCE.sub("", text)  # a terminal's colours: "\x1b[31m"
    text = "".join(char for char in text if unicodedata.category(char) != "Cc" or char.isspace())
    text = " ".join(text.split())
    if all(unicodedata.category(char) in _INVISIBLE for char in text):
        return ""
    return text
