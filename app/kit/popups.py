"""Modal messages: a notice to read and dismiss, or a question to confirm.

A message may quote anything (a value from a damaged file, a long list of what an export
left out): what is drawn is cut to ``MESSAGE_LIMIT`` characters, and a message taller
than the window scrolls, so a popup always opens at once with its buttons in reach.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from kivy.clock import Clock
from kivy.properties import AliasProperty, StringProperty
from kivy.uix.modalview import ModalView

from app.kv import load_kv
from app.storage.faults import counted, shorten

#: The most a popup draws of a message or a heading (10,000 characters take seconds).
MESSAGE_LIMIT = 1500
HEADING_LIMIT = 120


class MessagePopup(ModalView):
    """A message with up to three large buttons: cancel, another choice, and confirm
    (the right one, also taken by Enter)."""

    heading = StringProperty("")
    message = StringProperty("")
    confirm_text = StringProperty("OK")
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


class ProgressPopup(MessagePopup):
    """Work in the background (an export, an import) that takes a while: what it does,
    and how far it has got. It has no button, and the confirm and back buttons leave it
    open: it closes when the work ends (``dismiss``)."""

    #: The fewest seconds between two updates of the words: fast enough to be seen to
    #: move, few enough not to keep the window busy.
    EVERY = 0.2

    def __init__(self, heading: str, doing: str, unit: str) -> None:
        """``doing`` and ``unit`` make the words: "Writing 1,200 of 4,000 games (30%)"."""
        super().__init__(heading=heading, message=f"{doing}...", confirm_text="")
        self._doing = doing
        self._unit = unit
        self._shown_at = float("-inf")

    def confirm(self) -> None:
        """The work goes on: it cannot be confirmed away."""

    def cancel(self) -> None:
        """Nor cancelled: it closes when the work ends."""

    def tell(self, done: int, total: int) -> None:
        """How far the work has got; called from the worker's thread, shown on the main
        one (at most every ``EVERY`` seconds, and the last one always)."""
        now = time.monotonic()
        if now - self._shown_at < self.EVERY and done < total:
            return
        self._shown_at = now
        words = f"{self._doing} {done:,} of {counted(total, self._unit)}"
        words += f" ({done * 100 // total}%)." if total else "."
        Clock.schedule_once(lambda _dt: setattr(self, "message", words))


def show_notice(heading: str, message: str) -> MessagePopup:
    popup = MessagePopup(heading=heading, message=message)
    popup.open()
    return popup


def ask(
    heading: str, message: str, confirm_text: str, on_confirm: Callable[[], object]
) -> MessagePopup:
    """Ask before something that loses the game at once or cannot be undone."""
    popup = MessagePopup(
        heading=heading,
        message=message,
        confirm_text=confirm_text,
        cancel_text="Cancel",
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


load_kv("popups.kv")
