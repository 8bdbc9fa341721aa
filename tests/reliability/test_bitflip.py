"""A short bit-flip campaign on a small database: no flip may close the app, at start or
later (``python -m tests.reliability.bitflip`` runs the long one)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from app.storage.location import DB_FILENAME
from tests.reliability import bitflip, saved_games

FLIPS = 25


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> bitflip.Campaign:
    folder = tmp_path_factory.mktemp("bitflip")
    # Short games: every kind still has finished, abandoned and unfinished ones.
    database = saved_games.build(folder / DB_FILENAME, finished_per_game=1, max_moves=60)
    logging.getLogger("tableside").setLevel(logging.CRITICAL)
    return bitflip.run(database, FLIPS, seed=7)


def test_no_flip_closes_the_app(campaign: bitflip.Campaign) -> None:
    assert len(campaign.flips) == FLIPS
    closed = campaign.count("uncaught") + campaign.count("crash at start")
    assert closed == 0, bitflip.report(campaign, "a small database")


def test_caught_harmless_and_changed_flips_are_told_apart(tmp_path: Path) -> None:
    """The verdicts come from what was read, not from where the bit was."""
    database = saved_games.build(tmp_path / DB_FILENAME, finished_per_game=1, max_moves=20)
    data = database.read_bytes()
    original = bitflip.read_copy(tmp_path / "original", data)
    assert original.problems == [] and original.messages == []
    # The first bytes say "SQLite format 3": a file without them is not a database.
    header = bitflip.read_copy(tmp_path / "header", bitflip.flip_bit(data, 0, 1))
    assert header.verdict(original) == "caught" and header.set_aside and header.explained
    # Bytes 60-63 of the header hold the "user version", which Tableside does not use.
    unused = bitflip.read_copy(tmp_path / "unused", bitflip.flip_bit(data, 63, 0))
    assert unused.verdict(original) == "silent-harmless"
    # "Camille" read as "Ccmille": a valid name, so nothing notices, but it is a change.
    name = bitflip.read_copy(
        tmp_path / "name", bitflip.flip_bit(data, data.find(b"Camille") + 1, 1)
    )
    assert name.verdict(original) == "silent-changed"
    assert {"players", "sessions"} & set(name.differences(original))
