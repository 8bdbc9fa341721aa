"""Modal messages: a notice to read and dismiss, or a question to confirm."""

from __future__ import annotations

from collections.abc import Callable

from kivy.properties import StringProperty
from kivy.uix.modalview import ModalView

from app.kv import load_kv


class MessagePopup(ModalView):
    """A message with one or two large buttons. Confirm (or Enter) takes the right one."""

    heading = StringProperty("")
    message = StringProperty("")
    confirm_text = StringProperty("OK")
    cancel_text = StringProperty("")

    def __init__(self, on_confirm: Callable[[], None] | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._on_confirm = on_confirm

    def confirm(self) -> None:
        self.dismiss()
        if self._on_confirm is not None:
            self._on_confirm()

    def cancel(self) -> None:
        self.dismiss()


def show_notice(heading: str, message: str) -> MessagePopup:
    popup = MessagePopup(heading=heading, message=message)
    popup.open()
    return popup


def ask(
    heading: str, message: str, confirm_text: str, on_confirm: Callable[[], None]
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


load_kv("popups.kv")
