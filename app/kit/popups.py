"""Modal messages: a notice to read and dismiss, a question to confirm, or long work
under way with its progress.

A message may quote anything (a value from a damaged file, a long list of what an export
left out): what is drawn is cut to ``MESSAGE_LIMIT`` characters, and a message taller
than the window scrolls, so a popup always opens at once with its buttons in reach.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.properties import AliasProperty, NumericProperty, StringProperty
from kivy.uix.modalview import ModalView

from app.kv import load_kv
from app.storage.faults import counted, shorten

#: The most a popup draws of a message or a heading (10,000 characters take seconds).
MESSAGE_LIMIT = 1500
HEADING_LIMIT = 120

#: What a ProgressPopup over the repair of the saved games says meanwhile.
MENDING_NOTE = (
    "Please wait: this keeps every game that can be read. Playing can go on as soon as it is done."
)


class MessagePopup(ModalView):
    """A message with up to three large buttons: cancel, another choice, and confirm
    (the right one, also taken by Enter; "danger" red when it loses or removes)."""

    heading = StringProperty("")
    message = StringProperty("")
    confirm_text = StringProperty("OK")
    confirm_role = StringProperty("primary")
    cancel_text = StringProperty("")
    other_text = StringProperty("")

    def _shown_heading(self) -> str:
        return shorten(self.heading, HEADING_LIMIT)

    def _shown_message(self) -> str:
        return shorten(self.message, MESSAGE_LIMIT)

    #: What is drawn: the heading and message, cut to their limits.
    shown_heading = AliasProperty(_shown_heading, bind=["heading"], cache=True)
    shown_message = AliasProperty(_shown_message, bind=["message"], cache=True)

    def __init__(
        self,
        on_confirm: Callable[[], object] | None = None,
        on_other: Callable[[], None] | None = None,
        **kwargs: object,
    ) -> None:
        super().__init__(**kwargs)
        self._on_confirm = on_confirm
        self._on_other = on_other

    def confirm(self) -> None:
        self.dismiss()
        if self._on_confirm is not None:
            self._on_confirm()

    def other(self) -> None:
        self.dismiss()
        if self._on_other is not None:
            self._on_other()

    def cancel(self) -> None:
        self.dismiss()


class ProgressPopup(ModalView):
    """Work the person must wait for, running on another thread (an export, an import,
    the saved games being repaired): what is being done, how far it has got in words and
    as a bar, and what to know meanwhile (``note``). Nothing to touch: confirm and back
    leave it open, and it closes when the work ends (``dismiss``); the window stays live.

    Progress comes either as a share and words already on the UI thread (``show``), or
    as a count from the worker's thread (``tell``)."""

    heading = StringProperty("")
    #: What is being done ("Writing", "Checking the saved games").
    doing = StringProperty("")
    #: How far the work has got, from 0 to 1.
    done = NumericProperty(0.0)
    #: The words shown: what is being done and how far it has got.
    message = StringProperty("")
    #: Shown under the bar (what happens to the games meanwhile); "" for nothing.
    note = StringProperty("")
    #: The words of the button that stops the work; "" when it cannot be stopped.
    stop_text = StringProperty("")

    #: The fewest seconds between two updates from ``tell``: fast enough to be seen to
    #: move, few enough not to keep the window busy.
    EVERY = 0.2

    def __init__(
        self,
        heading: str = "",
        doing: str = "",
        unit: str = "",
        note: str = "",
        stop: Callable[[], None] | None = None,
        **kwargs: object,
    ) -> None:
        """``doing`` and ``unit`` make the words of ``tell``: "Writing 1,200 of 4,000
        games (30%)". ``stop``: asks the work to stop (a Stop button, and Back, call it
        once); the popup stays until the work has ended."""
        super().__init__(**kwargs)
        self.heading, self.doing, self.note = heading, doing, note
        self.message = f"{doing}..." if doing else ""
        self._unit = unit
        self._shown_at = float("-inf")
        self._stop = stop
        self._stopping = False
        self.stop_text = "Stop" if stop is not None else ""

    def confirm(self) -> None:
        """The work goes on: it cannot be confirmed away."""

    def cancel(self) -> None:
        """Back stops work that can be stopped; other work goes on until it ends."""
        self.stop()

    def stop(self) -> None:
        """Ask the work to stop, once (nothing, for work that cannot be stopped); it says
        when it has."""
        if self._stop is None:
            return
        stop, self._stop = self._stop, None
        self._stopping = True
        self.stop_text = ""
        self.message = "Stopping: nothing of it is kept..."
        stop()

    def show(self, done: float, doing: str) -> None:
        """How far the work has got (0 to 1) and what it does now; on the UI thread."""
        self.done, self.doing = done, doing
        self.message = doing + (f": {int(done * 100)}%" if done else "")

    def tell(self, done: int, total: int) -> None:
        """How far the work has got, ``done`` of ``total``; called from the worker's
        thread, shown on the main one (at most every ``EVERY`` seconds, and the last one
        always)."""
        now = time.monotonic()
        if now - self._shown_at < self.EVERY and done < total:
            return
        self._shown_at = now
        words = f"{self.doing} {done:,} of {counted(total, self._unit)}"
        words += f" ({done * 100 // total}%)." if total else "."
        share = done / total if total else 0.0
        Clock.schedule_once(lambda _dt: self._told(share, words))

    def _told(self, share: float, words: str) -> None:
        if not self._stopping:  # once stopping, the words say so until it has
            self.done, self.message = share, words


def show_notice(heading: str, message: str) -> MessagePopup:
    popup = MessagePopup(heading=heading, message=message)
    popup.open()
    return popup


def ask(
    heading: str,
    message: str,
    confirm_text: str,
    on_confirm: Callable[[], object],
    cancel_text: str = "Cancel",
    danger: bool = False,
) -> MessagePopup:
    """Ask before something that loses the game at once or cannot be undone; ``danger``
    colours the confirm button red (it loses the game or removes something)."""
    popup = MessagePopup(
        heading=heading,
        message=message,
        confirm_text=confirm_text,
        confirm_role="danger" if danger else "primary",
        cancel_text=cancel_text,
        on_confirm=on_confirm,
    )
    popup.open()
    return popup


def offer(
    heading: str,
    message: str,
    choices: list[tuple[str, Callable[[], None]]],
    close_text: str = "Close",
) -> MessagePopup:
    """One or two things that can be done (the last is the primary one), or Close."""
    if not 1 <= len(choices) <= 2:
        raise ValueError("a popup offers one or two choices")
    (confirm_text, on_confirm), *others = choices[::-1]
    popup = MessagePopup(
        heading=heading,
        message=message,
        confirm_text=confirm_text,
        on_confirm=on_confirm,
        other_text=others[0][0] if others else "",
        on_other=others[0][1] if others else None,
        cancel_text=close_text,
    )
    popup.open()
    return popup


def popup_on_top() -> MessagePopup | ProgressPopup | None:
    """The message or progress popup on top of the window, which the physical buttons
    answer; None when there is none, or another popup (a list to choose from) is on top."""
    for child in Window.children:
        if isinstance(child, (MessagePopup, ProgressPopup)):
            return child
        if isinstance(child, ModalView):
            return None
    return None


load_kv("popups.kv")
