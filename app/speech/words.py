"""What is said for what is shown: the same words, with the games' own names spelled in
espeak-ng's phoneme mnemonics (``[[...]]``, its English voice's phonemes) so that they
sound as a Danish (Skoventyr) or Swedish (Skogen) player says them, and the symbols the
screen uses read as words."""

from __future__ import annotations

import re

#: Each name as it is said: the nearest sounds of espeak-ng's English voice.
PRONOUNCED = {
    "Gamle Erik": "[[g'aml@ 'e@rIk]]",
    "Huldre": "[[h'UldR@]]",
    "Nisse": "[[n'Is@]]",
    "Trold": "[[tr'0l]]",
    "Ellefolk": "[['El@f0lk]]",
    "Vogter": "[[v'0gt3]]",
    "Lygtemand": "[[l'Ygt@man]]",
    "Lygtemands": "[[l'Ygt@mans]]",
    "Skoventyr": "[[sk'aUEnty:r]]",
    "Skogen": "[[sk'u:g@n]]",
}
#: Symbols the screen uses, and what is said for them.
SYMBOLS = {
    "\u00b7": ",",  # a middle dot between parts of a line
    "\u2192": " to ",
    "\u2190": " from ",
    "\u2014": ", ",
    "\u2013": " to ",
    "%": " percent",
    "+": " plus ",
    "\u00d7": " times ",
}
_NAMES = re.compile(
    r"\b(" + "|".join(sorted(map(re.escape, PRONOUNCED), key=len, reverse=True)) + r")\b"
)
#: "x2" on a Hostage token: "times two".
_TIMES = re.compile(r"\bx(\d+)\b")
#: Markup the screen's labels may carry: never said.
_MARKUP = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")


def spoken(shown: str) -> str:
    """``shown`` as espeak-ng is given it: markup dropped, names in phonemes, symbols in
    words, one line."""
    text = _MARKUP.sub("", shown)
    text = _NAMES.sub(lambda found: PRONOUNCED[found.group(1)], text)
    text = _TIMES.sub(r"times \1", text)
    for symbol, said in SYMBOLS.items():
        text = text.replace(symbol, said)
    return " ".join(text.split())
