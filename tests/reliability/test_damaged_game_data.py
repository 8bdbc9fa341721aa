"""A game's shipped data file missing or damaged, or an owner's saved corrections that
cannot be used: the app says so in words and goes on; nothing else is affected."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.games import GAMES
from app.storage.store import Store
from engines.chickwood.data import DataError, default_cards
from engines.core.data_files import read_toml
from engines.skulk_hollow.components import Correction, assumed_values

CHILD = "tests.reliability.damaged_data_child"
DAMAGES = ("missing", "folder", "not_text", "invalid", "deep")
#: Which file of the game's data folder the child damages, and how.
CASES = [
    ("chickwood", "missing", "deck.toml"),
    ("chickwood", "invalid", "deck.toml"),
    ("skogen", "deep", "board.toml"),
    ("skogen", "folder", "board.toml"),
    ("skoventyr", "missing", "cards.toml"),
    ("skoventyr", "not_text", "cards.toml"),
    ("skulk_hollow", "invalid", "apoda.toml"),
]


@pytest.mark.parametrize(("game", "how", "file"), CASES)
def test_a_game_with_a_damaged_data_file_is_unavailable_and_the_others_play(
    tmp_path: Path, game: str, how: str, file: str
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", CHILD, game, how, file, str(tmp_path / "data")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    problems = json.loads(done.stdout.strip().splitlines()[-1])
    title = next(each.title for each in GAMES if each.key == game)
    assert problems.pop(game).startswith(f"{title} cannot be played: its data file data/{file}")
    assert problems == {each.key: None for each in GAMES if each.key != game}


def test_a_damaged_advisor_file_leaves_skoventyr_playable(tmp_path: Path) -> None:
    # The advisor's weights are read only when a Hint is asked for: that says why it
    # cannot be given (tests/ui/test_skoventyr_play.py), and the game is played as usual.
    done = subprocess.run(
        [sys.executable, "-m", CHILD, "skoventyr", "invalid", "advisor.toml", str(tmp_path / "d")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    problems = json.loads(done.stdout.strip().splitlines()[-1])
    assert problems == {each.key: None for each in GAMES}


@pytest.mark.parametrize("how", DAMAGES)
def test_a_data_file_that_cannot_be_read_is_explained(tmp_path: Path, how: str) -> None:
    path = tmp_path / "data" / "board.toml"
    path.parent.mkdir()
    path.write_text("[track]\nlength = 50\n")
    expected = {
        "missing": "is missing",
        "folder": "is a folder",
        "not_text": r"is damaged \(it is not text\)",
        "invalid": r"is damaged \(.*line",
        "deep": r"is damaged \(nested too deeply\)",
    }[how]
    from tests.reliability.damaged_data_child import damage

    damage(path, how)
    with pytest.raises(DataError, match=f"^its data file data/board.toml {expected}"):
        read_toml(path, DataError)


# -- an owner's saved corrections -------------------------------------------------------


class Running:
    """What App.get_running_app() gives the profile code: the store."""

    def __init__(self, store: Store) -> None:
        self.store = store


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    opened = Store.open(tmp_path / "tableside.db")
    monkeypatch.setattr("kivy.app.App.get_running_app", staticmethod(lambda: Running(opened)))
    return opened


@pytest.fixture
def notices(store: Store) -> list[str]:
    """What the person will be told (the app shows the store's notices)."""
    return store.notices


DEEP: object = "x" * 100_000
for _ in range(500):
    DEEP = {"a": DEEP}

DAMAGED_PROFILES = [
    ["grak.location.stomp.wounds", 4],
    "corrections",
    {"grak.location.stomp.wounds": {"many": [1, 2]}},
    {"grak.location.stomp.wounds": [[1], [2]]},
    {"grak.location.stomp.wounds": None},
    {"grak.location.stomp.wounds": "x" * 100_000},
    {"grak.nowhere": 3},
    {"grak.location.stomp.wounds": -5},
    DEEP,
]


@pytest.mark.parametrize("saved", DAMAGED_PROFILES, ids=range(len(DAMAGED_PROFILES)))
def test_damaged_skulk_hollow_corrections_give_way_to_the_shipped_values(
    store: Store, notices: list[str], saved: object
) -> None:
    from app.skulk_hollow.options import owner_profile

    store.save_profile("skulk_hollow", saved)
    assert owner_profile() == ()
    assert owner_profile() == ()  # told once
    (words,) = notices
    assert "Skulk Hollow" in words and "values shipped with Tableside are used" in words
    assert len(words) < 400
    assert store.profile("skulk_hollow") == saved  # kept as it was, to be entered again


def test_good_skulk_hollow_corrections_are_used(store: Store, notices: list[str]) -> None:
    from app.skulk_hollow.options import owner_profile

    path, value = next((p, v) for p, v in assumed_values() if isinstance(v, int))
    store.save_profile("skulk_hollow", {path: value + 1})
    assert owner_profile() == (Correction(path, value + 1),)
    assert notices == []


@pytest.mark.parametrize(
    "saved",
    [
        ["card"],
        {"card": "x" * 100_000},
        {"card": [{"card": "v", "rows": [{"spaces": "x" * 100_000}]}]},
    ],
    ids=["a list", "a long text", "a long value"],
)
def test_damaged_chickwood_cards_give_way_to_the_shipped_ones(
    store: Store, notices: list[str], saved: object
) -> None:
    from app.chickwood.profile import saved_village_cards, village_cards

    store.save_profile("chickwood", saved)
    with pytest.raises(DataError, match="your village profile") as refusal:
        saved_village_cards()  # the village editor says why, on its own page
    assert len(str(refusal.value)) < 300
    assert village_cards() == default_cards()  # a new game
    (words,) = notices
    assert "Chickwood Forest" in words and "Village cards" in words
