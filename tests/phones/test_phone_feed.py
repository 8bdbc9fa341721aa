"""The page a phone reads (app.phones.feed): written from the game as it is played, its
story the moves still standing in the words the table was told with each (kept with the
move, so a game opened again tells the same story), a new token for each game and none
once it is left; at the end, BG Stats' whole link and the play file."""

from __future__ import annotations

import json
import random
import time
import urllib.parse
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from app.games import BY_KEY
from app.phones import folder as F
from app.phones.feed import PhoneFeed
from app.play.play_session import PlaySession
from app.storage.store import Store
from app.tools import oracle


def _playing(store: Store, key: str) -> Any:
    """A new game of ``key`` (its oracle sample's first set-up), and its controller."""
    game = BY_KEY[key]
    table = oracle.table_play(game)
    assert table is not None
    config = table.sample[0]
    names = oracle.seat_names(config, table.players)
    play = PlaySession.start(store, game.rules(), config, 3, names)
    return game, game.controller(play)


def _move(controller: Any, rng: random.Random) -> list[str]:
    """One legal move that does not end the game, and what the table was told with it
    (carried out to the end)."""
    rules, state = controller.rules, controller.state
    actions = list(rules.legal_actions(state))
    going_on = [a for a in actions if rules.outcome(rules.apply(state, a)) is None]
    assert controller.take(rng.choice(going_on or actions)), controller.message
    told = [change.words for change in controller.telling.changes]
    while controller.telling.active:
        controller.done()
    return told


@pytest.mark.parametrize("key", sorted(BY_KEY))
def test_the_page_tells_the_story_of_the_moves_still_standing(tmp_path: Path, key: str) -> None:
    store = Store.open(tmp_path / "tableside.db")
    game, controller = _playing(store, key)
    while controller.telling.active:  # the set-up's deal
        controller.done()
    feed = PhoneFeed(tmp_path / "phones")
    token = feed.follow(game, controller)
    rng = random.Random(1)
    told = []
    while len(told) < 6 and controller.rules.legal_actions(controller.state):
        told.append(_move(controller, rng))
    assert len(told) >= 3
    controller.undo_moves(1)
    feed.update(game, controller)
    page = F.read_json(tmp_path / "phones" / F.PAGE)
    assert page["token"] == token and page["game"] == game.title
    assert page["standing"] and all(section["rows"] for section in page["standing"])
    story = page["story"]
    standing = len(controller.play.session.actions)
    assert len(story) == standing
    # The moves still standing, in the words the table was told (the last one undone).
    mine = [entry["told"] for entry in story[-(len(told) - 1) :]]
    assert mine == told[:-1]
    # Opened again from the saved game: the same story.
    again = PlaySession.resume(store, game.rules(), controller.play.session_id)
    feed.follow(game, game.controller(again))
    assert F.read_json(tmp_path / "phones" / F.PAGE)["story"] == story


def test_a_new_game_gets_a_new_token_and_a_left_game_none(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "tableside.db")
    feed = PhoneFeed(tmp_path / "phones")
    first = feed.follow(*_playing(store, "skogen"))
    second = feed.follow(*_playing(store, "skogen"))
    assert first != second and len(second) == 26
    feed.leave()
    assert "token" not in json.loads((tmp_path / "phones" / F.PAGE).read_text())


def test_at_the_end_the_page_has_bg_stats_the_play_file_and_a_picture(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "tableside.db")
    game, controller = _playing(store, "skogen")
    feed = PhoneFeed(tmp_path / "phones")
    feed.follow(game, controller)
    controller.watchers.append(lambda: feed.update(game, controller))  # as the host does
    rng = random.Random(3)
    rules = controller.rules
    for _ in range(3000):
        if rules.outcome(controller.state) is not None:
            break
        actions = list(rules.legal_actions(controller.state))
        assert controller.take(rng.choice(actions)), controller.message
        while controller.telling.active:
            controller.done()
    outcome = rules.outcome(controller.state)
    assert outcome is not None, "the game never ended"
    folder = tmp_path / "phones"
    end = F.read_json(folder / F.PAGE)["end"]
    assert end["result"] == outcome.reason
    play = json.loads(urllib.parse.unquote(end["bgstats"].split("data=", 1)[1]))
    assert [player["name"] for player in play["players"]] == ["Ana", "Bo", "Cy"]
    assert play["comments"] == outcome.reason  # the whole play: nothing left out
    played = json.loads((folder / F.PLAY_FILE).read_text())
    assert len(played["plays"]) == 1
    deadline = time.monotonic() + 20  # drawn on a thread of its own
    while not (folder / F.PICTURE).exists():
        assert time.monotonic() < deadline, "no picture"
        time.sleep(0.05)
    with Image.open(folder / F.PICTURE) as picture:
        assert picture.format == "PNG" and picture.width == 1080
        assert len(picture.convert("RGB").getcolors(1 << 16) or []) > 20  # drawn, not blank

    # The end undone (a correction): its files go; ended again, they are written anew.
    controller.undo_moves(1)
    assert F.read_json(folder / F.PAGE)["end"] is None
    assert not (folder / F.PICTURE).exists() and not (folder / F.PLAY_FILE).exists()
