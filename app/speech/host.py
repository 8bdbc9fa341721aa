"""Which instruction is read aloud, and when: the app's side of speech. Kivy-free; the
app makes one and gives it each game it opens (its controller tells it of every change).

An instruction is said once, when it appears: a new move's chain, the next step after a
Done, the put-back words of an Undo. What was last said is remembered by the game and
the moment (its saved events and the step of the chain), also in the saved settings, so
a game opened again, or the app started again after a pulled plug, does not say again
what the table already heard. Touching the instruction says it again (``again``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.play.controller import PlayController
from app.play.play_session import PlaySession
from app.speech.speaker import Speaker


class SpeechHost:
    """``remember``/``recall``: keep and read back what was last said (the settings)."""

    def __init__(
        self,
        speaker: Speaker,
        remember: Callable[[list[int]], None],
        recall: Callable[[], Any],
    ) -> None:
        self.speaker = speaker
        self._remember, self._recall = remember, recall
        self._controller: PlayController[Any, Any, Any] | None = None

    def follow(self, controller: PlayController[Any, Any, Any]) -> None:
        """Read ``controller``'s instructions from now on (what it shows now, unless it
        was said before)."""
        self.leave()
        if controller.replay is not None:
            return  # a game stepped through is read, not heard
        self._controller = controller
        controller.watchers.append(self.changed)
        self.changed()

    def leave(self) -> None:
        if self._controller is not None and self.changed in self._controller.watchers:
            self._controller.watchers.remove(self.changed)
        self._controller = None

    def changed(self) -> None:
        """Say the instruction shown now, if it is one not yet said."""
        moment = self._moment()
        if moment is None or moment == self._recall():
            return
        self._remember(moment)
        self.again()

    def again(self) -> None:
        """Say the instruction shown now (a touch on it)."""
        control = self._controller
        current = control.telling.current if control is not None else None
        if current is not None:
            self.speaker.say(current.words)

    def _moment(self) -> list[int] | None:
        control = self._controller
        if control is None or control.telling.current is None:
            return None
        play = control.play
        assert isinstance(play, PlaySession)
        return [play.session_id, len(play.session.events), control.telling.index]
