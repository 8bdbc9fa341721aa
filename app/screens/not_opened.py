"""A saved game that could not be opened (app.play.opening): why, in a player's words,
and what can still be done with it. Step through its moves, correct it by hand (open it
without the instructions it was giving, to put it as the table has it with the game's
own corrections), set it aside (History keeps it; Home no longer offers to resume it),
or go back. Nothing is deleted."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import StringProperty

from app.kit.popups import ask, show_notice
from app.kit.widgets import BaseScreen, TButton
from app.kv import load_kv
from app.play.opening import NotOpened, set_aside

#: What each offer does, said under the reason.
STEP_THROUGH = "Step through shows its moves one by one, as History does."
CORRECT = (
    "Correct by hand opens it at its last move without the instructions it was giving: "
    "put it as your table has it with the game's own corrections."
)
SET_ASIDE = "Set aside keeps it in History and stops offering to resume it."
#: Said once a game is opened to be corrected by hand.
CORRECTING = (
    "The game is open at its last move, without the instructions it was giving. If "
    "your table differs from it, correct it by hand before you play on."
)


class NotOpenedScreen(BaseScreen):
    heading = StringProperty("")
    words = StringProperty("")
    #: What the offers do, one sentence each.
    offers = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.not_opened: NotOpened | None = None

    def prepare(self, not_opened: NotOpened) -> None:
        self.not_opened = not_opened
        self.title = not_opened.game.title
        self.heading = not_opened.heading
        self.words = not_opened.words
        choices: list[tuple[str, str, Any]] = []
        if not_opened.can_step_through:
            choices.append(("Step through", STEP_THROUGH, self.step_through))
        if not_opened.can_correct:
            choices.append(("Correct by hand", CORRECT, self.correct_by_hand))
        if not_opened.can_set_aside:
            choices.append(("Set aside", SET_ASIDE, self.set_aside))
        self.offers = "\n".join(words for _text, words, _does in choices)
        bar = self.ids.choices
        bar.clear_widgets()
        for text, _words, does in choices:
            button = TButton(text=text)
            button.bind(on_release=lambda _b, does=does: does())
            bar.add_widget(button)
        back = TButton(text="Back")
        back.bind(on_release=lambda _b: App.get_running_app().back())
        bar.add_widget(back)

    @property
    def _shown(self) -> NotOpened:
        assert self.not_opened is not None
        return self.not_opened

    def step_through(self) -> None:
        App.get_running_app().replay_game(self._shown.game, self._shown.session_id)

    def correct_by_hand(self) -> None:
        app = App.get_running_app()
        app.resume_game(self._shown.game, self._shown.session_id, keep_owed=False)
        if app.root.current != self.name:
            show_notice("Correct it by hand", CORRECTING)

    def set_aside(self) -> None:
        shown = self._shown
        ask(
            "Set this game aside?",
            f"{SET_ASIDE} Nothing is deleted.",
            "Set aside",
            lambda: self._set_aside(shown),
        )

    def _set_aside(self, shown: NotOpened) -> None:
        app = App.get_running_app()
        problem = set_aside(app.store, shown)
        if problem is not None:
            show_notice("The game was not set aside", problem)
            return
        app.home()
        show_notice("Set aside", f"The {shown.game.title} game is kept in History.")


load_kv("not_opened.kv")
