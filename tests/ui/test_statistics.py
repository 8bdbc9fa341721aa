"""Statistics: charts that read sensibly however few games there are, and words whole."""

from __future__ import annotations

import pytest
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from app.kit.charts import LineChart
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
