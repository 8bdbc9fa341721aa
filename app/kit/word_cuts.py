"""Words cut in the middle: a label that shows a word broken by an ellipsis ("went by
wit...e", "Queen of B...ng"). Kivy shortens a label too small for its text wherever the
letters run out, and code that shortens a string can do the same; either way the word
cannot be read. Rows must show whole words: wrapped, or shortened between two words.

``cut_word`` is what the legibility check (app.kit.legibility) asks of every label.
"""

from __future__ import annotations

import re

_ELLIPSIS = re.compile(r"\.\.\.|\u2026")
_WORD_BEFORE = re.compile(r"\w+$")
_WORD_AFTER = re.compile(r"^\w+")


def cut_word(text: str, shown: str) -> str:
    """The cut word, with the ellipsis, if ``shown`` (what a label of ``text`` shows)
    breaks a word; "" if every word it shows is whole."""
    whole = " ".join(text.split())
    for mark in _ELLIPSIS.finditer(shown):
        before = _WORD_BEFORE.search(shown[: mark.start()])
        after = _WORD_AFTER.match(shown[mark.end() :])
        fragment = (
            f"{before.group() if before else ''}{mark.group()}{after.group() if after else ''}"
        )
        if shown == whole:  # the text itself came cut: an ellipsis inside a word
            if before and after:
                return fragment
        elif any(
            part and not re.search(rf"\b{re.escape(part.group())}\b", whole)
            for part in (before, after)
        ):
            return fragment  # a part of a word, not a whole word of the text
    return ""
