from pathlib import Path

import pytest

from app import stats
from app.storage.sessions import SavedSession
from app.storage.store import Store


def add(store: Store, game: str, players: list[str], outcome: dict | None, config: dict) -> None:
    session_id = store.start_session(game, config, 1, players)
    if outcome is not None:
        store.finish_session(session_id, outcome)


WON = {"result": "won", "reason": "All Minions defeated.", "cause": "all_minions_defeated"}
CAUGHT = {"result": "lost", "reason": "Gamle Erik caught Vogter.", "cause": "caught"}
NO_ACTION = {"result": "lost", "reason": "No move left.", "cause": "no_action"}


@pytest.fixture
def sessions(tmp_path: Path) -> list[SavedSession]:
    store = Store.open(tmp_path / "stats.db")
    standard, harder = {"damaged_trees": 0}, {"damaged_trees": 1}
    for outcome in (WON, CAUGHT, WON, WON, WON):  # standard: 4 of 5 won
        add(store, "skoventyr", ["Ana"], outcome, standard)
    for outcome in (CAUGHT, NO_ACTION, CAUGHT):  # harder: 0 of 3
        add(store, "skoventyr", ["Ana", "Bo"], outcome, harder)
    add(store, "skoventyr", ["Ana"], None, standard)  # unfinished: left out
    add(
        store,
        "skogen",
        ["Ana", "Bo"],
        {"result": "scored", "reason": "", "winners": ["Bo"], "scores": [["Ana", 40], ["Bo", 52]]},
        {},
    )
    add(
        store,
        "skogen",
        ["Ana", "Bo"],
        {"result": "scored", "reason": "", "winners": ["Ana"], "scores": [["Ana", 61], ["Bo", 45]]},
        {},
    )
    return store.sessions()


def level(session: SavedSession) -> str:
    return "harder" if session.config.get("damaged_trees") else "standard"


def test_running_win_rates_per_group(sessions: list[SavedSession]) -> None:
    series = {s.label: s for s in stats.win_rates(sessions, level)}
    assert series["standard"].games == 5 and series["standard"].wins == 4
    assert series["standard"].points == ((1, 1.0), (2, 0.5), (3, 2 / 3), (4, 0.75), (5, 0.8))
    assert series["harder"].rate == 0.0
    assert [s.label for s in stats.win_rates(sessions, level)] == ["standard", "harder"]


def test_how_games_were_lost(sessions: list[SavedSession]) -> None:
    assert stats.loss_causes(sessions, "skoventyr") == [
        ("Gamle Erik caught Vogter.", 3),
        ("No move left.", 1),
    ]
    assert stats.loss_causes(sessions, "skogen") == []


def test_scores_and_their_histogram(sessions: list[SavedSession]) -> None:
    assert sorted(stats.scores(sessions, "skogen")) == [40, 45, 52, 61]
    bins = stats.histogram([40, 45, 52, 61], bins=3)
    assert bins == [("40-47", 2), ("48-55", 1), ("56-63", 1)]
    assert sum(count for _, count in bins) == 4
    assert stats.histogram([]) == []


def test_the_suggested_difficulty_follows_recent_results(sessions: list[SavedSession]) -> None:
    # The latest game was at "harder", lost three times in a row.
    suggestion = stats.suggest_difficulty(sessions, "skoventyr", level)
    assert suggestion is not None
    assert (suggestion.recent_wins, suggestion.recent_games) == (0, 3)
    assert suggestion.words == "Try an easier game than harder: no win in the last 3."
    standard_only = [s for s in sessions if level(s) == "standard"]
    again = stats.suggest_difficulty(standard_only, "skoventyr", level)
    assert again is not None and again.words.startswith("Try a harder game than standard")
    assert stats.suggest_difficulty(sessions, "skulk_hollow", level) is None
    first = stats.suggest_difficulty(stats.finished(standard_only)[:1], "skoventyr", level)
    assert first is not None and first.words == "Keep playing at standard: 1 game so far."


def test_a_players_record(sessions: list[SavedSession]) -> None:
    ana = stats.player_record(sessions, "ana")
    assert ana.played == {"skoventyr": 8, "skogen": 2}
    assert ana.won == {"skoventyr": 4, "skogen": 1}
    assert ana.best == {"skogen": 61}
    bo = stats.player_record(sessions, "Bo")
    assert (bo.total_played, bo.total_won) == (5, 1)
    assert bo.best == {"skogen": 52}


def test_every_players_record_comes_from_one_pass_over_the_games(
    sessions: list[SavedSession], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review R3: the players page read every game once per player (25 s for 2,003)."""
    passes = []
    real = stats.finished
    monkeypatch.setattr(stats, "finished", lambda *a: passes.append(1) or real(*a))
    names = ["Ana", "Bo", *(f"Guest {n}" for n in range(200))]
    records = stats.player_records(sessions, names)
    assert len(passes) == 1
    assert [r.name for r in records[:2]] == ["Ana", "Bo"]
    assert records[0].played == {"skoventyr": 8, "skogen": 2}
    assert records[1].best == {"skogen": 52} and records[2].total_played == 0
