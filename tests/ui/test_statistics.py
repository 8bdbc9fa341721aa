"""Statistics: charts that read sensibly however few games there are, and words whole."""

from __future__ import annotations

import pytest
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from app.kit.charts import LineChart
from app.kit.widgets import TButton
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def box(widget: Widget) -> tuple[float, float, float, float]:
    x, y = widget.to_window(*widget.pos)
    return x, y, x + widget.width, y + widget.height


def apart(a: Widget, b: Widget) -> bool:
    ax0, ay0, ax1, ay1 = box(a)
    bx0, by0, bx1, by1 = box(b)
    return ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0


def test_a_chart_of_one_game_has_one_label_and_its_point_clear_of_them(driver: Driver) -> None:
    store = driver.app.store
    lost = {"result": "lost", "reason": "No action was possible.", "cause": "no_action"}
    store.finish_session(store.start_session("skoventyr", {}, 1, ["Ana"]), lost)
    driver.tap_text("History")
    driver.tap_text("Statistics")
    driver.pump(2)
    chart = next(w for w in driver.visible() if isinstance(w, LineChart))
    labels = [w for w in chart.children if isinstance(w, Label)]
    axis = [w for w in labels if w.text.startswith("game")]
    assert [w.text for w in axis] == ["game 1"]
    (marker,) = [w for w in labels if w.text == "1"]  # the disc that ends the line
    for label in labels:
        if label is not marker:
            assert apart(marker, label), f"the disc sits on {label.text!r}"


def test_long_reasons_wrap_in_whole_words(driver: Driver) -> None:
    store = driver.app.store
    reason = "Gamle Erik caught Vogter: they are on the same Tree."
    caught = {"result": "lost", "reason": reason, "cause": "caught"}
    store.finish_session(store.start_session("skoventyr", {}, 1, ["Ana"]), caught)
    driver.tap_text("History")
    driver.tap_text("Statistics")
    driver.pump(2)
    label = driver.find(reason)
    lines = ["".join(word.text for word in line.words) for line in label._label._cached_lines]
    assert " ".join(lines).split() == reason.split()  # every word shown, none cut


def test_a_long_roster_is_shown_fifty_players_at_a_time_and_any_found(driver: Driver) -> None:
    """Issue 54: a bar and a line for each of 6,000 players took 7.8 s to lay out."""
    from app.kit.charts import BarChart
    from app.kit.frames import until_read

    store = driver.app.store
    known: set[str] = set()
    for number in range(120):
        known.add(store.add_player(f"Friend {number:03}", known=known).name.casefold())
    won = {"result": "won", "reason": "All six Minions defeated.", "cause": "all_minions"}
    store.finish_session(store.start_session("skoventyr", {}, 1, ["Friend 003"]), won)
    driver.tap_text("History")
    driver.tap_text("Statistics")
    driver.tap_text("Players")
    until_read()
    (chart,) = [w for w in driver.visible() if isinstance(w, BarChart)]

    def shown() -> tuple[str, int]:
        paging = next(text for text in driver.texts() if text.startswith("Players "))
        return paging, len(chart.children)

    assert shown() == ("Players 1-50 of 120", 50)
    assert any("\nFriend 003: 1 game - Skoventyr 1 (1 won)\n" in text for text in driver.texts())
    driver.tap_text("Next")
    driver.tap_text("Next")
    assert shown() == ("Players 101-120 of 120", 20)
    assert driver.find("Next", TButton).disabled
    driver.tap_text("Previous")
    assert shown() == ("Players 51-100 of 120", 50)
    driver.tap_text("Find")
    driver.tap_text("Friend 003")
    assert shown() == ("Players 1-50 of 120", 50)
    assert driver.find("Previous", TButton).disabled
