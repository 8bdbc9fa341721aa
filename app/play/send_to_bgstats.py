"""Send a finished game to BG Stats: its push-plays link (app.exchange.bgstats_link) as
a QR code as large as the screen allows, with how to scan it (how far away to hold the
phone, and Android's "Open supported links", which BG Stats' own page names for a link
that opens the browser instead), what game it is, and what was left out to fit. How the
game ended goes as the play's comment only when asked for: it makes the code denser.
Offered on the end screen of every game and on each finished game in History, once its
time is known to be right (a game whose time was not checked offers to set its date
first).

The code fills the window's short side (the 800x480 panel's whole height), so it has a
screen of its own, without the top bar: Back, or the confirm button, returns.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty

from app.exchange.bgstats import BG_DATE
from app.exchange.bgstats_export import DateUnknown
from app.exchange.bgstats_link import PushLink, push_link
from app.kit.popups import show_notice
from app.kit.qr_code import QRCodeView, reading_distance_cm
from app.kit.widgets import BaseScreen, TButton
from app.kv import load_kv
from app.storage.faults import StorageFault

#: The screen's name for the app (a "module:Class" path: built on first use).
CODE_SCREEN = "app.play.send_to_bgstats:BGStatsCodeScreen"
SEND = "Send to BG Stats"


def send_to_bgstats(session_id: int) -> None:
    """Show the code of a finished game, or say why there is none."""
    link = _link(session_id, comment=False)
    if link is not None:
        App.get_running_app().go(CODE_SCREEN, link=link, session_id=session_id)


def _link(session_id: int, comment: bool) -> PushLink | None:
    """The link of a finished game; None, once it is said why, when there is none."""
    app = App.get_running_app()
    try:
        session = app.store.session(session_id)
        events, _unreadable = app.store.readable_events(session_id)
        return push_link(session, events, app.store, comment)
    except StorageFault as fault:
        show_notice("This game cannot be read now", str(fault))
    except DateUnknown:
        show_notice(
            "Set its date first",
            "The clock was not set when this game was played: set its date, then send it.",
        )
    except ValueError as problem:  # too large for a code, not over, or unreadable times
        show_notice("No code for this game", str(problem))
    return None


class BGStatsCodeScreen(BaseScreen):
    #: The code's modules (segno's matrix): rows from the top, 1 for dark.
    matrix = ObjectProperty(None, allownone=True)
    #: The game, its start and players, as BG Stats will get them.
    summary = StringProperty("")
    #: What was left out to fit the code, in a sentence; "" when nothing was.
    note = StringProperty("")
    #: How the game ended goes with it as the play's comment.
    comment = BooleanProperty(False)
    #: The game has a comment to send: the screen offers it.
    has_comment = BooleanProperty(False)
    #: How far from the screen the phone reads the code, in cm (app.kit.qr_code).
    distance = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._session_id = 0
        self.ids.code.bind(module_px=self._measure)

    def prepare(self, link: PushLink, session_id: int) -> None:
        self._session_id = session_id
        self.comment = "comments" in link.play
        self.has_comment = self.comment or bool(_reason(App.get_running_app(), session_id))
        play = link.play
        start = datetime.strptime(play["playDate"], BG_DATE)
        players = ", ".join(player["name"] for player in play["players"])
        self.summary = f"{play['game']['name']}, {start.day} {start:%b %Y %H:%M}: {players}"
        self.note = f"Left out to fit the code: {_listed(link.left_out)}." if link.left_out else ""
        self.matrix = link.code().matrix

    def toggle_comment(self) -> None:
        """The code with how the game ended as its comment, or without it again."""
        link = _link(self._session_id, comment=not self.comment)
        if link is not None:
            self.prepare(link, self._session_id)

    def _measure(self, _view: QRCodeView, module_px: int) -> None:
        self.distance = reading_distance_cm(module_px) if module_px else 0

    def on_intent(self, intent: str) -> bool:
        """Confirm returns, as Back does: the game has been scanned."""
        if intent == "confirm":
            App.get_running_app().back()
            return True
        return False


class SendToBGStatsButton(TButton):
    """The offer to send a finished game to BG Stats (``shown`` when there is one)."""

    shown = BooleanProperty(True)
    #: Beside both other offers: on two lines, narrower.
    narrow = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(text=SEND, **kwargs)

    def on_narrow(self, _button: SendToBGStatsButton, narrow: bool) -> None:
        self.text = "Send to\nBG Stats" if narrow else SEND


def _reason(app: Any, session_id: int) -> str:
    """How a game ended, as saved ("" when it does not say)."""
    try:
        outcome = app.store.session(session_id).outcome
    except StorageFault:
        return ""
    reason = outcome.get("reason") if isinstance(outcome, dict) else None
    return reason if isinstance(reason, str) else ""


def _listed(things: tuple[str, ...]) -> str:
    return things[0] if len(things) == 1 else ", ".join(things[:-1]) + " and " + things[-1]


load_kv("send_to_bgstats.kv")
