"""Statistics: win rates over time, how games were lost, scores, a suggested
difficulty, and each player's record; one page per game and one for the players."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.widget import Widget

from app import stats
from app.exchange.saved import read_on_its_own
from app.games import BY_KEY, GAMES, GameInfo
from app.kit import theme
from app.kit.background import Background
from app.kit.charts import BarChart, LineChart, colour_at  # noqa: F401  (used by kv)
from app.kit.widgets import BaseScreen, TButton
from app.kv import load_kv
from app.storage.faults import SOMETHING_WENT_WRONG, StorageFault, counted
from app.storage.sessions import SavedSession
from app.storage.store import Store

PLAYERS = "players"
#: The players page shows this many records at a time: with thousands on the roster, a
#: bar and a line each took seconds to lay out (issue 54).
PLAYERS_A_PAGE = 50


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
    #: Every player's record on the players page (none on a game's page), of which
    #: ``PLAYERS_A_PAGE`` from ``first_player`` are shown.
    players = ListProperty([])
    first_player = NumericProperty(0)
    #: Which players are shown ("Players 51-100 of 6,000"), or "" when all are.
    player_paging = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "Statistics"
        pages = [(g.key, g.page_title) for g in GAMES] + [(PLAYERS, "Players")]
        for key, words in pages:
            chip = PageChip(key=key, text=words, selected=key == self.page)
            chip.bind(on_release=lambda c: setattr(self, "page", c.key))
            self.ids.pages.add_widget(chip)
        self.ids.pages.add_widget(Widget())  # keeps the page buttons at the top
        #: The page's figures, counted off the UI thread (``refresh``).
        self._counting: Background[Page] = Background("Statistics", shows_the_answer=True)

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def on_page(self, *_args: object) -> None:
        for chip in self.ids.pages.children:
            if isinstance(chip, PageChip):
                chip.selected = chip.key == self.page
        self.first_player = 0
        self.refresh()

    def refresh(self) -> None:
        """The page's figures, counted on a worker thread from the saved games (4,000
        take a second here, several on a Pi); the page follows once they are counted."""
        self.status = "Counting your games..."
        db_path = App.get_running_app().store.path
        self._counting.run(
            self.page,
            partial(read_on_its_own, db_path, partial(_page_of, self.page)),
            self._show,
            self._not_counted,
        )

    def _show(self, page: Page) -> None:
        for name, value in vars(page).items():
            setattr(self, name, value)
        self._show_players()

    def on_first_player(self, *_args: object) -> None:
        self._show_players()

    def _show_players(self) -> None:
        """The players page's bars and lines for the players from ``first_player``."""
        total = len(self.players)
        if not total:
            self.player_paging = ""
            return
        first = min(self.first_player, self._last_first_player())
        shown: list[PlayerLine] = self.players[first : first + PLAYERS_A_PAGE]
        self.bars = [(line.name, line.won) for line in shown]
        self.notes = "\n".join(line.words for line in shown)
        self.player_paging = (
            f"Players {first + 1:,}-{first + len(shown):,} of {total:,}"
            if total > PLAYERS_A_PAGE
            else ""
        )

    def turn_players(self, pages: int) -> None:
        """The next (1) or the previous (-1) players."""
        turned = self.first_player + pages * PLAYERS_A_PAGE
        self.first_player = max(0, min(self._last_first_player(), turned))

    def _last_first_player(self) -> int:
        return max(0, len(self.players) - 1) // PLAYERS_A_PAGE * PLAYERS_A_PAGE

    def find_player(self) -> None:
        """Every player's name in a list; the one touched is shown with its page."""
        from app.kit.choice_list import ChoiceListPopup

        def show(index: int) -> None:
            self.first_player = index // PLAYERS_A_PAGE * PLAYERS_A_PAGE

        names = [(line.name, index) for index, line in enumerate(self.players)]
        ChoiceListPopup("Whose record?", {"Players": names}, show).open()

    def _not_counted(self, problem: Exception) -> None:
        self.status = "Games not read"
        self.notes = str(problem) if isinstance(problem, StorageFault) else SOMETHING_WENT_WRONG


@dataclass(frozen=True)
class Page:
    """What a page shows: the screen's properties of the same names."""

    status: str
    heading: str
    notes: str
    bars_heading: str = ""
    bars: Sequence[tuple[str, float]] = ()
    show_chart: bool = False
    chart_series: Sequence[Any] = ()
    chart_x_max: float = 1
    legend: str = ""
    players: Sequence[PlayerLine] = ()


@dataclass(frozen=True)
class PlayerLine:
    """One player's record as the players page shows it: a bar of games won, and words."""

    name: str
    won: int
    words: str


def _page_of(page: str, store: Store) -> Page:
    """The page ``page`` (a game's key, or PLAYERS) of the saved games in ``store`` (on
    a worker thread: no widget is touched)."""
    sessions = store.sessions()
    played = stats.finished(sessions)
    status = counted(len(played), "finished game")
    if page == PLAYERS:
        return _players(status, sessions, [p.name for p in store.players()])
    if BY_KEY[page].cooperative:
        return _co_op(status, sessions, BY_KEY[page])
    return _scored(status, sessions, BY_KEY[page])


def _co_op(status: str, sessions: list[SavedSession], game: GameInfo) -> Page:
    def options(session: SavedSession) -> str:
        return game.summary(session.config) or "standard"

    ours = [s for s in sessions if s.game == game.key]
    series = stats.win_rates(ours, options)[:4]
    suggestion = stats.suggest_difficulty(ours, game.key, options)
    return Page(
        status=status,
        show_chart=bool(series),
        heading=f"{game.title}: win rate over the games played",
        chart_x_max=max((s.games for s in series), default=1),
        chart_series=[(colour_at(i), s.points) for i, s in enumerate(series)],
        legend="\n".join(  # numbered as the discs that end the lines
            f"[color={_hex(colour_at(i))}][b]{i + 1}[/b][/color] {s.label}: "
            f"{s.wins} of {s.games} won ({round(s.rate * 100)}%)"
            for i, s in enumerate(series)
        ),
        bars_heading="How games were lost",
        bars=stats.loss_causes(ours, game.key),
        notes=f"Next game: {suggestion.words}" if suggestion else f"No {game.title} games yet.",
    )


def _scored(status: str, sessions: list[SavedSession], game: GameInfo) -> Page:
    values = stats.scores(sessions, game.key)
    notes = (
        f"{len(values)} scores - best {max(values)}, average {round(sum(values) / len(values))}"
        if values
        else f"No {game.title} games yet."
    )
    return Page(
        status=status,
        heading=f"{game.title}: final scores",
        bars_heading="How many scores in each range",
        bars=stats.histogram(values),
        notes=notes,
    )


def _players(status: str, sessions: list[SavedSession], names: list[str]) -> Page:
    lines = []
    for record in stats.player_records(sessions, names):
        games = ", ".join(
            f"{BY_KEY[key].title} {count} ({record.won.get(key, 0)} won"
            + (f", best {record.best[key]}" if key in record.best else "")
            + ")"
            for key, count in record.played.items()
            if key in BY_KEY
        )
        played = counted(record.total_played, "game")
        words = f"{record.name}: {played} - {games or 'none yet'}"
        lines.append(PlayerLine(record.name, record.total_won, words))
    return Page(
        status=status,
        heading="Each player's record",
        bars_heading="Games won",
        notes="" if lines else "Add players in Settings to see records.",
        players=lines,
    )


def _hex(colour: theme.Colour) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in colour[:3])


load_kv("statistics.kv")
