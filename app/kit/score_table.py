"""A final scoreboard for any scored game: one column per player, one row per category.

Each player's score is a list of lines (category, detail, points), as the engines give
them; the table sums the lines of each category and marks the winners with a word, not
colour alone. A category that gives nobody any points (busts, which only discard chests;
no Maid Marihen anywhere) is left out of the table, so that it fits the screen; touching
a player's name shows all their lines with the details, or, where the game can correct
the scores by hand, what can be corrected (the game's own ``on_name``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from app.kit.popups import show_notice
from app.kit.widgets import TButton
from app.kv import load_kv
from engines.core import PlayerScore


class ScoreCell(Label):
    strong = BooleanProperty(False)


class PlayerHeader(TButton):
    """A player's name at the top of their column: touching it shows their lines."""


class ScoreTable(GridLayout):
    heading = StringProperty("")  # the first column's header

    def show(
        self,
        scores: Sequence[PlayerScore],
        winners: Sequence[str],
        on_name: Callable[[str], None] | None = None,
    ) -> None:
        """``on_name`` is called with the name touched (None: show that player's lines)."""
        self.clear_widgets()
        self.cols = len(scores) + 1
        categories = [
            category
            for category in dict.fromkeys(line.category for s in scores for line in s.lines)
            if any(line.points for s in scores for line in s.lines if line.category == category)
        ]
        self.add_widget(ScoreCell(text=self.heading, strong=True, halign="left"))
        for score in scores:
            mark = "\nwinner" if score.name in winners else ""
            header = PlayerHeader(text=f"{score.name}{mark}")
            if on_name is None:
                header.bind(on_release=lambda _b, s=score: show_details(s))
            else:
                header.bind(on_release=lambda _b, n=score.name: on_name(n))
            self.add_widget(header)
        self.add_widget(ScoreCell(text="Total", strong=True, halign="left"))
        for score in scores:
            self.add_widget(ScoreCell(text=str(score.total), strong=True))
        for category in categories:
            self.add_widget(ScoreCell(text=category, halign="left"))
            for score in scores:
                self.add_widget(ScoreCell(text=str(score.points(category))))


class FinalScores(BoxLayout):
    """The result in a sentence above the scrolling table."""

    reason = StringProperty("")
    heading = StringProperty("")
    hint = StringProperty("Touch a name for the details of each line.")

    def show(
        self,
        scores: Sequence[PlayerScore],
        winners: Sequence[str],
        reason: str,
        on_name: Callable[[str], None] | None = None,
        correctable: bool = True,
    ) -> None:
        """``on_name``: a name touched (its details, and its corrections when
        ``correctable``: not in a replay)."""
        self.reason = reason
        self.hint = (
            "Touch a name for the details, or to correct an entry."
            if on_name is not None and correctable
            else "Touch a name for the details of each line."
        )
        self.ids.table.show(scores, winners, on_name)


def show_details(score: PlayerScore) -> None:
    lines = [f"{line.category}: {line.detail} ({line.points:+d})" for line in score.lines]
    show_notice(f"{score.name}: {score.total}", "\n".join(lines))


load_kv("score_table.kv")
