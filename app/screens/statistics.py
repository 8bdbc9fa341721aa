"""Statistics: win rates over time, how games were lost, scores, a suggested
difficulty, and each player's record; one page per game and one for the players."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.widget import Widget

from app import stats
from app.games import BY_KEY, GAMES
from app.kit import theme
from app.kit.charts import BarChart, LineChart, colour_at  # noqa: F401  (used by kv)
from app.kit.widgets import BaseScreen, TButton
from app.kv import load_kv
from app.storage.faults import counted
from app.storage.sessions import SavedSession

PLAYERS = "players"


class PageChip(TButton):
    key = StringProperty("")
    selected = BooleanProperty(False)


class StatisticsScreen(BaseScreen):
    page = StringProperty(GAMES[0].key)
    heading = StringProperty("")
    chart_series = ListProperty([])
    chart_x_max = NumericProperty(1)
    legend = StringProperty("")
    bars_heading = StringProperty("")
    bars = ListProperty([])
    notes = StringProperty("")
    show_chart = BooleanProperty(True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "Statistics"
        pages = [(g.key, g.page_title) for g in GAMES] + [(PLAYERS, "Players")]
        for key, words in pages:
            chip = PageChip(key=key, text=words, selected=key == self.page)
            chip.bind(on_release=lambda c: setattr(self, "page", c.key))
            self.ids.pages.add_widget(chip)
        self.ids.pages.add_widget(Widget())  # keeps the page buttons at the top

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def on_page(self, *_args: object) -> None:
        for chip in self.ids.pages.children:
            if isinstance(chip, PageChip):
                chip.selected = chip.key == self.page
        self.refresh()

    def refresh(self) -> None:
        sessions = App.get_running_app().store.sessions()
        played = stats.finished(sessions)
        self.status = f"{len(played)} finished game{'s' if len(played) != 1 else ''}"
        if self.page == PLAYERS:
            self._players(sessions)
        elif BY_KEY[self.page].cooperative:
            self._co_op(sessions)
        else:
            self._scored(sessions)

    def _co_op(self, sessions: list[SavedSession]) -> None:
        game = BY_KEY[self.page]

        def options(session: SavedSession) -> str:
            return game.summary(session.config) or "standard"

        ours = [s for s in sessions if s.game == game.key]
        series = stats.win_rates(ours, options)[:4]
        self.show_chart = bool(series)
        self.heading = f"{game.title}: win rate over the games played"
        self.chart_x_max = max((s.games for s in series), default=1)
        self.chart_series = [(colour_at(i), s.points) for i, s in enumerate(series)]
        self.legend = "\n".join(  # numbered as the discs that end the lines
            f"[color={_hex(colour_at(i))}][b]{i + 1}[/b][/color] {s.label}: "
            f"{s.wins} of {s.games} won ({round(s.rate * 100)}%)"
            for i, s in enumerate(series)
        )
        self.bars_heading = "How games were lost"
        self.bars = stats.loss_causes(ours, game.key)
        suggestion = stats.suggest_difficulty(ours, game.key, options)
        self.notes = (
            f"Next game: {suggestion.words}" if suggestion else f"No {game.title} games yet."
        )

    def _scored(self, sessions: list[SavedSession]) -> None:
        game = BY_KEY[self.page]
        values = stats.scores(sessions, game.key)
        self.show_chart = False
        self.heading = f"{game.title}: final scores"
        self.bars_heading = "How many scores in each range"
        self.bars = stats.histogram(values)
        if values:
            self.notes = (
                f"{len(values)} scores - best {max(values)}, "
                f"average {round(sum(values) / len(values))}"
            )
        else:
            self.notes = f"No {game.title} games yet."

    def _players(self, sessions: list[SavedSession]) -> None:
        names = [p.name for p in App.get_running_app().store.players()]
        self.show_chart = False
        self.heading = "Each player's record"
        records = stats.player_records(sessions, names)
        self.bars_heading = "Games won"
        self.bars = [(r.name, r.total_won) for r in records]
        lines = []
        for record in records:
            games = ", ".join(
                f"{BY_KEY[key].title} {count} ({record.won.get(key, 0)} won"
                + (f", best {record.best[key]}" if key in record.best else "")
                + ")"
                for key, count in record.played.items()
                if key in BY_KEY
            )
            played = counted(record.total_played, "game")
            lines.append(f"{record.name}: {played} - {games or 'none yet'}")
        self.notes = "\n".join(lines) if lines else "Add players in Settings to see records."


def _hex(colour: theme.Colour) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in colour[:3])


load_kv("statistics.kv")
