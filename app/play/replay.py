"""Stepping through a saved game, event by event or a turn at a time, on its own play
screen (read-only).

A ``Replay`` offers what the play screens read from a PlaySession (``state``,
``session``, ``players``, ``session_id``), rebuilt from the log up to the chosen step;
it refuses to play. The screens show ``ReplayBar`` instead of their action buttons.
Where turns begin, and the words for them, come from the engine (``progress``): the
replay knows no game's rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kivy.metrics import dp

from app.kit import theme
from app.kit.widgets import FittingLabel, TButton
from app.play.play_session import read_saved_game
from app.play.progress import progress_at_each_step, progress_words
from engines.core import GameRules, IllegalAction, Session

if TYPE_CHECKING:  # sqlite-utils is slow to load; the app opens the store after Home is shown
    from app.storage.store import Store


class Replay:
    def __init__(self, store: Store, rules: GameRules, session_id: int) -> None:
        saved, self._config, self._events = read_saved_game(store, rules, session_id)
        self.session_id = session_id
        self.players = list(saved.players)
        self.finished = saved.status != "active"
        self._rules = rules
        self._seed = saved.seed
        self.step = len(self._events)
        self.session = self._session_at(self.step)
        actions = [event.action for event in self._events]
        self._progress = progress_at_each_step(rules, self._config, self._seed, actions)
        #: The steps at which a turn (or a round) begins: where the jumps land.
        self.turn_starts = [0] + [
            step
            for step in range(1, len(self._progress))
            if self._progress[step] != self._progress[step - 1]
        ]

    @property
    def steps(self) -> int:
        return len(self._events)

    @property
    def state(self) -> Any:
        return self.session.state

    def go_to(self, step: int) -> None:
        self.step = max(0, min(step, self.steps))
        self.session = self._session_at(self.step)

    def _session_at(self, step: int) -> Session:
        return Session.replay(self._rules, self._config, self._seed, self._events[:step])

    def turn_before(self) -> int:
        """The step at which the turn shown began, or the turn before if it begins here."""
        return max((s for s in self.turn_starts if s < self.step), default=0)

    def turn_after(self) -> int:
        """The step at which the next turn begins (the end if none does)."""
        return min((s for s in self.turn_starts if s > self.step), default=self.steps)

    def describe_step(self) -> str:
        """Where we are, in words: "Round 6, Grak's turn (129 of 132): King of War"."""
        if self.step == 0:
            return f"The set-up (0 of {self.steps})"
        where = progress_words(self._progress[self.step], self.players)
        event = self._events[self.step - 1]
        what = "Undo" if event.action is None else event.action.label
        return f"{where} ({self.step} of {self.steps}): {what}"

    def play(self, action: Any, owed: Any = None) -> Any:
        raise IllegalAction("This is a replay: it can only be watched.")

    def undo(self, owed: Any = None) -> Any:
        raise IllegalAction("This is a replay: it can only be watched.")


def fill_replay_bar(bar: Any, replay: Replay, show_step: Any, resume: Any) -> None:
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
