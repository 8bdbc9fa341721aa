"""History: saved games listed, filtered, and stepped through from their logs."""

import csv
import re
import shutil
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from kivy.core.window import Window

from app.exchange import saved
from app.exchange.export import LAST_EXPORTS, ON_THE_PI
from app.games import BY_KEY
from app.kit.frames import until_read
from app.kit.popups import ProgressPopup
from app.play.replay import Replay
from app.screens.history import FilterChip
from app.screens.statistics import PageChip as StatsPage
from engines import skoventyr as S
from tests.ui.driver import Driver
from tests.ui.test_skoventyr_play import start_game

pytestmark = pytest.mark.ui


def test_stepping_through_a_saved_game_and_resuming_it(driver: Driver) -> None:
    start_game(driver, 1, {})
    driver.close_popups()
    screen = driver.app.current_screen
    play = screen.play
    play.play(S.Gambit())
    states = [play.session.state]
    while play.state.asking:  # answer the Gambit's steps with the first choice
        play.play(S.legal_actions(play.state)[0])
        states.append(play.session.state)
    steps = len(play.session.events)
    driver.tap_text("Back")
    driver.tap_text("History")
    row = next(w for w in driver.visible() if getattr(w, "session_id", None) == play.session_id)
    driver.tap(row)

    assert isinstance(screen.play, Replay)
    assert f"Turn 2: Player 1 ({steps} of {steps}): {play.session.actions[-1].label}" in (
        driver.texts()
    )
    assert screen.play.state == play.state
    driver.tap_text("<")
    assert screen.play.step == steps - 1
    assert screen.play.state == states[-2]
    driver.tap_text("< Turn")  # back to where turn 1 began: the set-up
    assert f"The set-up (0 of {steps})" in driver.texts()
    assert "Call" not in driver.texts()  # a replay offers no moves

    driver.tap_text("Resume")
    assert not isinstance(screen.play, Replay)
    assert screen.play.state == play.state
    assert "Call" in driver.texts()


def test_history_filters_by_game(driver: Driver) -> None:
    store = driver.app.store
    store.start_session("skogen", {}, 1, ["Ana"])
    driver.tap_text("History")
    driver.tap(driver.find("Skogen", FilterChip))
    screen = driver.app.current_screen
    assert screen.rows and all(row["game_key"] == "skogen" for row in screen.rows)
    driver.tap(driver.find("All games", FilterChip))
    assert {row["game_key"] for row in screen.rows} >= {"skogen"}


def test_statistics_pages_show_rates_losses_scores_and_records(driver: Driver) -> None:
    store = driver.app.store
    store.add_player("Runa")
    lost = {"result": "lost", "reason": "Gamle Erik caught Vogter.", "cause": "caught"}
    store.finish_session(store.start_session("skoventyr", {}, 1, ["Runa"]), lost)
    scored = {"result": "scored", "reason": "", "winners": ["Runa"], "scores": [["Runa", 77]]}
    store.finish_session(store.start_session("skogen", {}, 1, ["Runa"]), scored)
    driver.tap_text("History")
    driver.tap_text("Statistics")
    screen = driver.app.current_screen
    driver.tap(driver.find("Skoventyr", StatsPage))
    assert screen.heading == "Skoventyr: win rate over the games played"
    assert screen.chart_series  # a line per group of options
    assert ("Gamle Erik caught Vogter.", screen.bars[0][1]) == screen.bars[0]
    driver.tap(driver.find("Skogen", StatsPage))
    assert any(text.startswith("77-") for text, _count in screen.bars)
    driver.tap(driver.find("Players", StatsPage))
    assert any(line.startswith("Runa: 2 games") for line in screen.notes.splitlines())
    assert "best 77" in screen.notes


def test_export_then_import_adds_no_duplicates(driver: Driver) -> None:
    store = driver.app.store
    won = {"result": "won", "reason": "All six Minions defeated.", "cause": "all_minions"}
    store.finish_session(store.start_session("skoventyr", {}, 5, ["Ana"]), won)
    before = len(store.sessions())
    driver.tap_text("History")
    driver.tap_text("Export")
    driver.wait_for_background()
    notice = next(t for t in driver.texts() if t.startswith("Your games are in "))
    where = re.match(r"Your games are in (\S+), a folder in (.+?)\. Its files", notice)
    assert where is not None
    name, place = where.groups()
    folder = Path(place) / name
    files = {p.name for p in folder.iterdir()}
    assert {"tableside.json", "sessions.csv", "events.csv"} <= files
    (bgstats_file,) = (name for name in files if name.endswith(".bgsplay"))
    assert bgstats_file in notice  # the message names the file to open in BG Stats
    driver.close_popups()

    driver.tap_text("Import")
    stamp = datetime.strptime(folder.name, "export-%Y%m%d-%H%M%S")
    driver.tap_text(stamp.strftime("Export %d %b %H:%M"))
    driver.tap_text(bgstats_file)
    driver.wait_for_background()
    assert any("already" in t for t in driver.texts())  # every play was there before
    assert len(store.sessions()) == before


def test_an_export_runs_behind_a_popup_that_says_how_far_it_has_got(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = driver.app.store
    for seed in range(3):
        store.start_session("skogen", {}, seed, ["Ana"])
    first, second_game = store.session_ids()[0], threading.Event()
    real = saved.read_game

    def held(*args: Any) -> saved.SavedGame:  # the second game waits to be let through
        if args[1].id != first:
            second_game.wait(10)
        return real(*args)

    monkeypatch.setattr(saved, "read_game", held)
    driver.tap_text("History")
    driver.tap_text("Export")  # returns at once: the files are written on a worker thread
    (popup,) = (child for child in Window.children if isinstance(child, ProgressPopup))
    assert popup.heading == "Exporting your games"
    driver.wait_for(lambda: popup.message == "Writing 1 of 3 games (33%).")
    driver.press_key(13)  # Enter does not close it: the export goes on
    assert popup.parent is not None
    second_game.set()
    driver.wait_for_background()
    notice = next(t for t in driver.texts() if t.startswith("Your games are in "))
    where = re.match(r"Your games are in (\S+), a folder in (.+?)\. Its files", notice)
    assert where is not None, notice
    shutil.rmtree(Path(where.group(2)) / where.group(1))


def test_history_filters_by_player(driver: Driver) -> None:
    store = driver.app.store
    store.add_player("Sigrid")
    store.start_session("skogen", {}, 1, ["Sigrid", "Bo"])
    driver.tap_text("History")
    driver.tap_text("Played by anyone")
    driver.tap_text("Sigrid")
    screen = driver.app.current_screen
    assert screen.rows and all("Sigrid" in row["players"] for row in screen.rows)
    assert driver.find("Played by Sigrid", FilterChip).selected


def test_history_shows_itself_at_once_and_its_list_once_read(driver: Driver) -> None:
    driver.app.store.start_session("skogen", {}, 1, ["Ana"])
    driver.app.go("history")
    screen = driver.app.current_screen
    assert screen.status == "Loading your games..." and screen.rows == []
    until_read()
    assert screen.status == "1 game" and len(screen.rows) == 1


def test_a_skogen_game_is_stepped_through_too(driver: Driver) -> None:
    from engines import skogen as G

    driver.app.start_game(BY_KEY["skogen"], G.Config(players=("Ana", "Bo")), ["Ana", "Bo"], 4)
    driver.pump()
    screen = driver.app.current_screen
    play = screen.play
    play.play(G.legal_actions(play.state)[0])
    driver.pump()
    driver.tap_text("Back")
    driver.tap_text("History")
    row = next(w for w in driver.visible() if getattr(w, "session_id", None) == play.session_id)
    driver.tap(row)
    assert isinstance(screen.play, Replay)
    assert any(t.endswith("(1 of 1): " + play.session.actions[-1].label) for t in driver.texts())
    driver.tap_text("<")
    assert screen.play.state == G.new_game(play.session.config, play.session.seed)
    driver.tap_text("Resume")
    assert not isinstance(screen.play, Replay) and screen.play.state == play.state


def test_a_long_result_wraps_in_whole_words_and_its_row_holds_it(driver: Driver) -> None:
    store = driver.app.store
    reason = (
        "Two whole rounds went by without anyone playing a species tile. Bo won with 44 points."
    )
    scored = {"result": "scored", "reason": reason, "winners": ["Bo"], "scores": [["Bo", 44]]}
    store.finish_session(store.start_session("skogen", {}, 1, ["Ana", "Bo"]), scored)
    driver.tap_text("History")
    driver.pump(2)
    label = driver.find(reason)
    lines = ["".join(word.text for word in line.words) for line in label._label._cached_lines]
    assert len(lines) > 1 and " ".join(lines).split() == reason.split()
    row = label.parent.parent
    assert row.y <= label.y and label.top <= row.top  # the row grew to hold the lines


def test_export_writes_the_games_history_shows_and_says_so(driver: Driver) -> None:
    store = driver.app.store
    won = {"result": "won", "reason": "All six Minions defeated.", "cause": "all_minions"}
    for _ in range(2):
        store.finish_session(store.start_session("skoventyr", {}, 5, ["Ana"]), won)
    store.start_session("skogen", {}, 1, ["Ana", "Bo"])
    driver.tap_text("History")
    assert "Export" in driver.texts()
    driver.tap(driver.find("Skoventyr", FilterChip))
    driver.tap_text("Export these")
    driver.wait_for_background()
    notice = next(t for t in driver.texts() if " shown are in " in t)
    assert notice.startswith("The 2 Skoventyr games shown are in ")
    folder = _folder_named_in(notice)
    rows = (folder / "sessions.csv").read_text().splitlines()[1:]
    assert len(rows) == 2 and all("skoventyr" in row for row in rows)
    driver.close_popups()


def test_a_second_export_can_take_only_the_games_played_since(driver: Driver) -> None:
    store = driver.app.store
    won = {"result": "won", "reason": "All six Minions defeated.", "cause": "all_minions"}
    earlier = store.start_session("skoventyr", {}, 5, ["Ana"])
    store.finish_session(earlier, won)
    store.db.execute(
        "update sessions set updated = ? where id = ?", ["2026-01-02T10:00:00+00:00", earlier]
    )
    driver.tap_text("History")
    driver.tap_text("Export")  # the first export here: every game, nothing asked
    driver.wait_for_background()
    assert store.setting(LAST_EXPORTS, {}).get(ON_THE_PI)
    driver.close_popups()
    later = store.start_session("skoventyr", {}, 6, ["Zoë"])
    store.finish_session(later, won)

    driver.tap_text("Export")
    assert "Export all games" in driver.texts()
    driver.tap_text(next(t for t in driver.texts() if t.startswith("Only games played since")))
    driver.wait_for_background()

    notice = next(t for t in driver.texts() if "since the last export" in t)
    assert notice.startswith("The game played since the last export is in ")
    folder = _folder_named_in(notice)
    with (folder / "sessions.csv").open(newline="", encoding="utf-8-sig") as file:
        assert [row["id"] for row in csv.DictReader(file)] == [str(later)]


def _folder_named_in(notice: str) -> Path:
    """The export's folder, as the notice after an export of some games names it."""
    where = re.match(r".* (?:is|are) in (\S+), a folder in (.+?)\. Its files", notice)
    assert where is not None
    return Path(where.group(2)) / where.group(1)


def test_a_play_an_earlier_release_imported_without_its_uuid_reads_as_imported(
    driver: Driver,
) -> None:
    """Review R7: such plays (no uuid, no moves, options unreadable) read "Its options
    cannot be read." and were offered to BG Stats, where they came from."""
    store = driver.app.store
    store.add_finished_session(
        "skogen",
        ["Ana", "Bo"],
        "2026-11-20T18:00:00+00:00",
        "2026-11-20T19:00:00+00:00",
        {"result": "scored", "reason": "Bo won.", "winners": ["Bo"]},
        config=None,  # as the earlier release kept it
    )
    [saved] = store.sessions()
    assert saved.external_id is None and saved.imported
    driver.tap_text("History")
    driver.pump(2)
    [row] = driver.app.current_screen.rows
    assert not row["bgstats"]  # not offered back to BG Stats
    driver.tap_text("Bo won.")
    assert "This game was imported: only its result is known." in driver.texts()


def test_an_import_and_the_repair_of_the_saved_games_never_run_at_once(
    driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review R5: an import begun as the start-up check found damage wrote into the file
    the repair then set aside, and said "Added 20000 games." of games that were gone."""
    from app.storage.mending import Mended

    app = driver.app
    driver.tap_text("History")
    history = app.current_screen
    checking = type("Checking", (), {"busy": True})()
    monkeypatch.setattr(app.saved_games, "_checker", checking)
    history.import_file(tmp_path / "plays.bgsplay")
    driver.pump(2)
    assert "Your saved games are being checked, repaired or put back." in " ".join(driver.texts())
    assert not app.saved_games.importing
    driver.close_popups()

    monkeypatch.setattr(app.saved_games, "_checker", None)
    mended: list[str] = []

    def start_mending(*_args: object) -> object:
        mended.append("begun")
        return lambda: Mended("Your saved games were checked.", rescued=False)

    monkeypatch.setattr(app.store, "start_mending", start_mending)
    monkeypatch.setattr(app.store, "needs_mending", "the file is damaged")
    app.saved_games.importing = True  # an import under way (History sets it)
    app.saved_games.mend()
    assert mended == [] and not app.saved_games.mending  # the repair waits...
    app.saved_games.import_ended()
    assert mended == ["begun"]  # ...and begins once the import has ended
    driver.wait_until(lambda: not app.saved_games.mending)
    driver.close_popups()


def test_a_long_import_can_be_stopped_and_nothing_of_it_is_kept(
    driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    plays = [
        {
            "uuid": f"P-{number}",
            "gameRefId": 1,
            "playDate": f"2026-03-{1 + number % 28:02d} 10:{number % 60:02d}:00",
            "durationMin": 30,
            "playerScores": [{"playerRefId": 1, "score": "30", "winner": True}],
        }
        for number in range(300)
    ]
    players = [{"id": 1, "name": "Åse", "isAnonymous": False}]
    data = {"games": [{"id": 1, "name": "Skogen", "bggId": 0}], "players": players, "plays": plays}
    path = tmp_path / "plays.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    reached, release = threading.Event(), threading.Event()
    told = ProgressPopup.tell

    def held(popup: ProgressPopup, done: int, total: int) -> None:
        """The worker waits at its fifth play until Stop has been touched."""
        told(popup, done, total)
        if done == 5:
            reached.set()
            release.wait(10)

    monkeypatch.setattr(ProgressPopup, "tell", held)
    store = driver.app.store
    before = (store.session_ids(), [p.name for p in store.players()])
    driver.tap_text("History")
    try:
        driver.app.current_screen.import_file(path)
        driver.wait_for(reached.is_set)
        driver.pump(2)  # the popup laid out: the worker may get there before its first frame
        driver.tap_text("Stop")
    finally:  # the import goes on and ends, whatever happened: it holds the file meanwhile
        release.set()
        driver.wait_for_background()
    assert "Nothing of the file was added" in " ".join(driver.texts())
    assert (store.session_ids(), [p.name for p in store.players()]) == before
    assert not driver.app.saved_games.importing


def test_a_long_list_shows_a_page_at_a_time(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.screens import history

    monkeypatch.setattr(history, "PAGE", 3)
    store = driver.app.store
    for seed in range(7):
        store.start_session("skogen", {}, seed, ["Ana", "Bo"])
    driver.tap_text("History")
    screen = driver.app.current_screen
    assert screen.status == "7 games"
    assert len(screen.rows) == 4 and screen.rows[-1]["viewclass"] == "MoreGamesRow"
    driver.tap_text("Show 3 more, of 4 older games")
    assert len(screen.rows) == 7 and screen.rows[-1]["viewclass"] == "MoreGamesRow"
    screen.ids.games.scroll_y = 0  # to the end of the list, as a finger would
    driver.pump(2)
    driver.tap_text("Show 1 more, of 1 older game")
    assert len(screen.rows) == 7 and all("viewclass" not in row for row in screen.rows)
    assert [row["session_id"] for row in screen.rows] == sorted(
        (row["session_id"] for row in screen.rows), reverse=True
    )
