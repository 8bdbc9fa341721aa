"""Reading JSON a piece at a time: the same values as reading it whole, however the text
is cut into chunks, and a piece too long or text that is not JSON refused in words."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from app.exchange import json_pieces
from app.exchange.json_pieces import JsonPieces, Unreadable

DOCUMENT = {
    "number": 1234567,
    "text": 'a string with "quotes", ø and \\u escapes',
    "plays": [{"uuid": f"u-{n}", "score": n * 1001, "ok": n % 2 == 0} for n in range(40)],
    "nested": {"deep": [[1.5, -2e3], [], {}], "none": None},
    "empty": [],
}


def read_all(text: str) -> dict[str, Any]:
    """The document as the importer reads it: the arrays item by item, the rest whole."""
    pieces = JsonPieces(io.StringIO(text).read, max_piece=12_000)
    found: dict[str, Any] = {}
    for key in pieces.members():
        found[key] = list(pieces.items()) if pieces.starts_array() else pieces.value()
    return found


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 64, json_pieces.CHUNK])
@pytest.mark.parametrize("indent", [None, 2])
def test_the_values_are_those_of_the_whole_text_however_it_is_cut(
    chunk: int, indent: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(json_pieces, "CHUNK", chunk)
    assert read_all(json.dumps(DOCUMENT, indent=indent)) == DOCUMENT


def test_a_long_array_is_skipped_item_by_item(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(json_pieces, "CHUNK", 16)
    text = json.dumps({"long": list(range(10_000)), "after": "here"})
    pieces = JsonPieces(io.StringIO(text).read, max_piece=100)
    keys = []
    for key in pieces.members():
        keys.append(key)
        if key == "long":
            pieces.skip()  # never more than one item held
        else:
            assert pieces.value() == "here"
    assert keys == ["long", "after"]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('{"a": 1} and more', "it is not JSON"),
        ('{"a": 1', "it is not JSON"),
        ('{"a" 1}', "it is not JSON"),
        ('{"a": [1 2]}', "it is not JSON"),
        ('{"a": "' + "x" * 20_000 + '"}', "a part of it is too long"),
        ('{"a": ' + "[" * 5000 + "]" * 5000 + "}", "it is nested too deeply"),
    ],
)
def test_text_that_cannot_be_read_is_refused_in_words(
    text: str, why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(json_pieces, "CHUNK", 16)  # a long piece is read in several
    with pytest.raises(Unreadable, match=why):
        read_all(text)
