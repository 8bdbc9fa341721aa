"""Final scoring: the per-player, per-category table with the proposed choices beside it,
each of which the table may override before confirming."""

from __future__ import annotations

from collections.abc import Callable

from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout

from app.chickwood.choices import Choice, overridable
from app.kit.choice_list import ChoiceListPopup
from app.kit.popups import show_notice
from app.kit.score_table import FinalScores
from app.kit.widgets import TButton
from app.kv import load_kv
from engines import chickwood as C
from engines.core import IllegalAction


class ScoreView(BoxLayout):
    side_share = NumericProperty(0)  # of the width (landscape) or height, for the choices

    def __init__(
        self,
        on_choose: Callable[[C.Choices], None],
        on_name: Callable[[str], None],
        **kwargs: object,
    ) -> None:
        super().__init__(**kwargs)
        self._on_choose = on_choose  # a choice changed: the choices the table then makes
        self._on_name = on_name  # a name touched: their lines and corrections

    def show(self, state: C.State, chosen: C.Choices, correctable: bool = True) -> None:
        """The scores with ``chosen`` (the controller's: the table's or the proposed)."""
        table = C.final_table(state)
        board = C.scoreboard(state) if state.phase == "over" else None
        choices = state.choices if state.choices is not None else chosen
        options: list[Choice] = []
        if board is None:
            board = C.final_scores(table, choices)
            options = overridable(table, board.table, choices)
            reason = "Check the scores, then confirm them."
            if options:
                reason = "Change any choice if you wish, then confirm."
        else:
            reason = board.outcome().reason
        final: FinalScores = self.ids.final
        final.show(board.players, board.winners, reason, self._on_name, correctable)
        box = self.ids.choices
        box.clear_widgets()
        self.side_share = 0.34 if options else 0
        for choice in options:
            button = ProposalButton(text=choice.words)
            button.bind(on_release=lambda _b, c=choice: self.pick(state, choices, c))
            box.add_widget(button)

    def pick(self, state: C.State, choices: C.Choices, choice: Choice) -> None:
        def chosen(value: object) -> None:
            new = choice.apply(choices, value)
            try:
                C.final_scores(C.final_table(state), new)
            except IllegalAction as refusal:
                show_notice("Not allowed", str(refusal))
                return
            self._on_choose(new)

        ChoiceListPopup(choice.words.partition(":")[0], choice.groups, chosen).open()


class ProposalButton(TButton):
    """A proposed choice, in words; touching it lists the others."""


load_kv("chickwood_scores.kv")
