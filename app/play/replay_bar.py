"""The bottom bar of a play screen stepping through a saved game."""

from __future__ import annotations

from typing import Any

from kivy.metrics import dp

from app.kit import theme
from app.kit.widgets import FittingLabel, TButton
from app.play.replay import Replay


def fill_replay_bar(bar: Any, replay: Replay[Any, Any, Any], show_step: Any, resume: Any) -> None:
    """The bottom bar of a play screen showing a replay: a turn back or a step back,
    where we are, a step or a turn on, and Resume for a game that is not over.
    ``show_step(n)`` moves to step n."""
    bar.clear_widgets()
    for words, step in (("< Turn", replay.turn_before()), ("<", replay.step - 1)):
        button = TButton(text=words, size_hint_x=None, width=dp(64 if words == "<" else 96))
        button.disabled = replay.step == 0
        button.bind(on_release=lambda _b, n=step: show_step(n))
        bar.add_widget(button)
    caption = FittingLabel(  # where we are: words to read, not a button
        text=replay.describe_step(),
        font_size=theme.LABEL,
        max_lines=2,
        halign="center",
        valign="middle",
    )
    caption.bind(size=lambda label, size: setattr(label, "text_size", size))
    bar.add_widget(caption)
    for words, step in ((">", replay.step + 1), ("Turn >", replay.turn_after())):
        button = TButton(text=words, size_hint_x=None, width=dp(64 if words == ">" else 96))
        button.disabled = replay.step == replay.steps
        button.bind(on_release=lambda _b, n=step: show_step(n))
        bar.add_widget(button)
    if not replay.finished:
        go_on = TButton(text="Resume", role="primary", size_hint_x=None, width=dp(130))
        go_on.bind(on_release=lambda _b: resume())
        bar.add_widget(go_on)
