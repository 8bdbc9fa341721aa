"""Which instruction is read aloud, and when: the app's side of speech. Kivy-free; the
app makes one and gives it each game it opens (its controller tells it of every change).

An instruction is said once, when it appears: a new move's chain, the next step after a
Done, the put-back words of an Undo (each a new moment: the game's saved events and the
chain's step). A game opened again (Resume, or after a pulled plug) shows the
instruction the table was told when it was left, kept with the game: it was said then,
and is not said again. Touching the instruction says it again (``again``)."""

from __future__ import annotations

from typing import Any

from app.play.controller import PlayController
from app.play.play_session import PlaySession
from app.speech.speaker import Speaker


class SpeechHost:
    def __init__(self, speaker: Speaker) -> None:
        self.speaker = speaker
        self._controller: PlayController[Any, Any, Any] | None = None
        self._last: tuple[int, int] | None = None  # the moment last said

    def follow(self, controller: PlayController[Any, Any, Any]) -> None:
        """Read ``controller``'s instructions from now on: what it shows now too, unless
        the game was opened again with it (said when it first appeared)."""
        self.leave()
        play = controller.play
        if not isinstance(play, PlaySession):
            return  # a game stepped through is read, not heard
        self._controller = controller
        reopened = play.owed_when_opened is not None
        self._last = self._moment() if reopened else None
        controller.watchers.append(self.changed)
        self.changed()

    def leave(self) -> None:
        if self._controller is not None and self.changed in self._controller.watchers:
            self._controller.watchers.remove(self.changed)
        self._controller = None

    def changed(self) -> None:
        """Say the instruction shown now, if it is one not yet said."""
        moment = self._moment()
        if moment is not None and moment != self._last:
            self._last = moment
            self.again()

    def again(self) -> None:
        """Say the instruction shown now (a touch on it)."""
        control = self._controller
        current = control.telling.current if control is not None else None
        if current is not None:
            self.speaker.say(current.words)

    def _moment(self) -> tuple[int, int] | None:
        control = self._controller
        if control is None or control.telling.current is None:
            return None
        return len(control.play.session.events), control.telling.index
