"""Names that look blank or run backwards (issue 54, item 4): characters that show
nothing and direction overrides are taken out of every name entered (the roster, a
guest, an import); a name left with nothing to show is refused where it is typed and
becomes an unnamed seat where it comes from a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.storage.players import typed_name
from app.storage.store import Store
from app.storage.values import visible_text

BLANKS = {
    "hangul filler": "\u3164",
    "halfwidth hangul filler": "\uffa0",
    "hangul choseong filler": "\u115f",
    "hangul jungseong filler": "\u1160",
    "braille pattern blank": "\u2800",
    "zero-width space": "\u200b",
    "zero-width joiner": "\u200d",
    "word joiner": "\u2060",
    "byte order mark": "\ufeff",
    "soft hyphen": "\u00ad",
    "left-to-right mark": "\u200e",
    "combining grapheme joiner": "\u034f",
    "variation selector 16": "\ufe0f",
    "mongolian free variation selector": "\u180b",
    "private use": "\ue000",
    "unassigned": "\U000e0fff",
    "tag letter": "\U000e0041",
}
DIRECTION_CONTROLS = {
    "left-to-right embedding": "\u202a",
    "right-to-left embedding": "\u202b",
    "pop directional formatting": "\u202c",
    "left-to-right override": "\u202d",
    "right-to-left override": "\u202e",
    "left-to-right isolate": "\u2066",
    "right-to-left isolate": "\u2067",
    "first strong isolate": "\u2068",
    "pop directional isolate": "\u2069",
}


@pytest.mark.parametrize(
    "char", (BLANKS | DIRECTION_CONTROLS).values(), ids=list(BLANKS | DIRECTION_CONTROLS)
)
def test_a_character_that_shows_nothing_is_taken_out_of_a_name(char: str) -> None:
    assert visible_text(f"{char}An{char}na{char}") == "Anna"
    assert visible_text(char * 3) == ""


def test_a_mixed_name_keeps_its_visible_letters_marks_and_scripts() -> None:
    assert visible_text("\u202eanihC\u202c Bo") == "anihC Bo"  # read as typed, not turned
    assert visible_text("Zo\u0065\u0301\u3164") == "Zoe\u0301"  # the accent stays on its e
    assert visible_text("\u2068김\u3164민준\u2069") == "김민준"
    assert visible_text("\u2800⠁⠃\u200b") == "⠁⠃"  # Braille letters are letters
    assert visible_text("\u00a0Anna\u3000\u3164\u2003Maria") == "Anna Maria"  # one space
    assert visible_text("\u0301\u0302") == ""  # marks with no letter to sit on


def test_a_name_of_only_fillers_is_refused_in_a_players_words(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "tableside.db")
    for typed in ("\u3164\u2800\u115f", "\u202e\u200b", "\u3164 \u3164"):
        with pytest.raises(ValueError, match="That name shows no letters"):
            store.add_player(typed)
    with pytest.raises(ValueError, match="Type a name first"):
        typed_name("   ")
    assert store.players() == []


def test_the_roster_keeps_the_name_as_shown_and_knows_it_again(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "tableside.db")
    assert store.add_player("\u202eAna\u3164").name == "Ana"
    with pytest.raises(ValueError, match="already a player called Ana"):
        store.add_player("A\u200bna")  # looks the same: the same player
    assert [p.name for p in store.players()] == ["Ana"]
