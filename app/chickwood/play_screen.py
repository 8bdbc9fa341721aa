"""Keeping a Chickwood Forest game: the screen lays out what the controller says
(app.chickwood.controller, .view: raids keyed on the pad, the alms snake on the village
grid, the quick score's count, final scoring, corrections) and forwards touches to it.
The popups (a player's entries to correct, the question before the scores are final) are
the screen's; what they pick goes to the controller.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ColorProperty, NumericProperty, ObjectProperty, StringProperty

from app.chickwood import loot_entry
from app.chickwood.by_hand import (
    ChangeItem,
    ChangeRaid,
    PlaceAlms,
    Rows,
    change_rows,
    final_groups,
    one_item,
    round_rows,
)
from app.chickwood.controller import REPLAY_ONLY, ChickwoodController
from app.chickwood.look import alms_colour
from app.chickwood.score_view import ScoreView
from app.chickwood.view import ChickwoodView, chickwood_view
from app.chickwood.widgets import LootPad, VillageGrid  # noqa: F401  (the kv names them)
from app.games import GameInfo
from app.kit.choice_list import ChoiceListPopup
from app.kit.popups import ask, show_notice
from app.kit.score_table import show_details
from app.kit.value_editor import ask_number
from app.kit.widgets import TButton
from app.kv import load_kv
from app.play.controller import AnyPlay
from app.play.game_screen import GameScreen
from app.play.instructions import InstructionPanel
from app.play.replay_bar import fill_replay_bar
from engines import chickwood as C


class CastleButton(TButton):
    value = StringProperty("")


class ChickwoodPlayScreen(GameScreen):
    #: Everything the screen shows (app.chickwood.view); kv binds to root.view.*.
    view = ObjectProperty(ChickwoodView(), rebind=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Kept while swapped out of the body or the side column.
        self.rounds = self.ids.rounds.__self__
        self.pieces = {
            name: self.ids[name].__self__ for name in ("prompt", "castle_row", "pad_view", "filler")
        }
        self.pieces["instruction"] = InstructionPanel()
        self.scores = ScoreView(on_choose=self.choose, on_name=self.correct_final)
        self.ids.grid.on_pick = self.touch_village
        self._pad_for: tuple[bool, bool] | None = None  # (quick, legendary) of the pad built
        self._ended = False  # the end of the game was sounded

    @property
    def turn(self) -> ChickwoodController:
        control = self.controller
        assert isinstance(control, ChickwoodController)
        return control

    @property
    def state(self) -> C.State:
        return self.turn.state

    def prepare(self, game: GameInfo, play: AnyPlay) -> None:
        self.hold(game, play)
        self._ended = self.state.phase == "over"
        self._build_pad()
        self.refresh()

    def say(self, refusal: str = "") -> None:
        """Explain a refused touch (an empty text: none to explain)."""
        self.message = refusal
        self.draw()

    # -- touches, forwarded ----------------------------------------------------------------

    def _build_pad(self) -> None:
        config = self.state.config
        if self._pad_for == (config.quick, config.legendary):
            return
        self._pad_for = (config.quick, config.legendary)
        kinds = loot_entry.kinds(config.legendary, benefactors=not config.quick)
        self.ids.pad.build(kinds, self.add_loot)
        castles = self.ids.castles
        castles.clear_widgets()
        top = 6 if config.quick else config.top_castle
        for value in range(1, top + 1):
            button = CastleButton(value=str(value), text=("+" if config.quick else "") + str(value))
            button.bind(on_release=lambda b: self.choose_castle(b.value))
            castles.add_widget(button)

    def add_loot(self, key: str) -> None:
        self.turn.add_loot(key)
        self.draw()

    def choose_castle(self, value: str) -> None:
        self.turn.choose_castle(value)
        self.draw()

    def touch_village(self, index: int) -> None:
        self.turn.touch_village(index)
        self.draw()

    def take(self, action: C.ChickwoodAction) -> bool:
        played = self.turn.take(action)
        self.draw()
        return played

    def primary(self) -> None:
        if self.turn.telling.active:
            self.instruction_done()
        elif self.state.phase == "over" and not self.turn.fixing:
            App.get_running_app().home()
        elif self.turn.primary():  # the scores: asked once, they will be final
            ask(
                "Confirm the scores?",
                "They will be final.",
                "Confirm",
                lambda: self._then(self.turn.confirm_scores),
            )
        else:
            self.draw()

    def confirm(self) -> None:
        self.primary()

    def cancel(self) -> None:
        """Leave a correction (an old raid on the pad, an alms waiting for its village)."""
        self.turn.cancel()
        self.draw()

    def choose(self, choices: C.Choices) -> None:
        self.turn.choose(choices)
        self.draw()

    def top_action(self) -> None:
        """The top bar's button: correct the deck's count, or reopen confirmed scores."""
        if self.state.phase == "over":
            self.take(C.Reopen())
        else:
            ask_number(
                "Cards left in the loot deck",
                self.state.deck,
                lambda n: self.take(C.SetDeckCount(n)),
            )

    def _then(self, does: Any) -> None:
        does()
        self.draw()

    # -- corrections -----------------------------------------------------------------------

    def touch_player(self, seat: int) -> None:
        """A player's chip: choose whose count is entered; during the rounds, their
        entries to correct (the second touch picks what to do to one)."""
        state = self.state
        if state.phase == "entry":
            self.turn.choose_seat(seat)
            self.draw()
        elif state.phase in ("scoring", "over"):
            self.correct_final(state.players[seat].name)
        elif self.replay is not None:  # nothing to correct: say so rather than pretend
            show_notice(self.turn.about(seat), REPLAY_ONLY)
        else:
            _rows(self.turn.about(seat), round_rows(state, seat), self.correct)

    def correct_final(self, name: str) -> None:
        """A player's final collection to correct (reopens confirmed scores): what they
        hold, what they could add, and their score lines. In a replay, only the lines."""
        if self.replay is not None:
            board = C.scoreboard(self.state)
            if board is not None:
                show_details(board.player(name))
            else:
                show_notice(f"{name}'s final count", REPLAY_ONLY)
            return
        groups = final_groups(self.state, name)
        heading = f"Correct {name}'s final count"
        ChoiceListPopup(heading, groups, self.correct, columns=3, show_groups=True).open()

    def correct(self, what: object) -> None:
        """Do what a row of the corrections menu stands for."""
        if isinstance(what, C.ChickwoodAction):
            self.take(what)
        elif isinstance(what, ChangeRaid):
            self.turn.load_raid(what)
            self.draw()
        elif isinstance(what, PlaceAlms):
            self.turn.place_alms(what)
            self.draw()
        elif isinstance(what, ChangeItem):
            heading = f"{what.player}: {one_item(self.state, what.item)} was really..."
            _rows(heading, change_rows(self.state, what), self.correct, columns=4)
        elif isinstance(what, C.PlayerScore):
            show_details(what)

    # -- drawing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        self.turn.refresh()
        self.draw()

    def draw(self) -> None:
        view = chickwood_view(self.turn)
        if self.replay is not None:
            fill_replay_bar(self.ids.replay_bar, self.replay, self.show_step, self.resume)
        elif view.over and not self._ended:
            self.sound_end(won=True)  # the game just ended: someone won
        self._ended = view.over
        self.set_lights(*view.lights)
        self.offer_date(view.over and not view.telling)
        self.view = view
        self.ids.pad.counts = view.counts
        if not view.counts and not view.castle:  # the next raider's pad opens at its top
            self.ids.pad_scroll.scroll_y = 1
        for button in self.ids.castles.children:
            button.disabled = int(button.value) in view.raided
            button.role = "primary" if button.value == view.castle else "normal"
        self.guard_meaning(view.meaning)
        self._draw_players(view)
        self.ids.grid.show(view.grid_cols, list(view.cards))
        self._draw_side(view)
        body = self.ids.body
        body.clear_widgets()
        if view.scores:
            self.scores.show(self.state, self.turn.final_choices(), self.replay is None)
            body.add_widget(self.scores)
        else:
            body.add_widget(self.rounds)

    def _draw_players(self, view: ChickwoodView) -> None:
        """Each player's chip: their alms colour with their mark (the legend of the grid)
        and their name; in a final count, touching one chooses whose count is entered."""
        box = self.ids.players
        while len(box.children) < len(view.chips):
            chip = AlmsChip()
            chip.bind(on_release=lambda c: self.touch_player(c.seat))
            box.add_widget(chip)
        while len(box.children) > len(view.chips):
            box.remove_widget(box.children[0])
        for chip, spec in zip(reversed(box.children), view.chips, strict=True):
            chip.text, chip.letter, chip.seat = spec.name, spec.mark, spec.seat
            chip.fill = alms_colour(spec.seat)
            chip.role = "primary" if spec.selected else "normal"

    def _draw_side(self, view: ChickwoodView) -> None:
        """The side column holds the pieces the view names, in order."""
        if view.telling:
            self.pieces["instruction"].show(view.instruction)
        side = self.ids.side
        wanted = [self.pieces[name] for name in view.side]
        if list(reversed(side.children)) != wanted:
            side.clear_widgets()
            for piece in wanted:
                side.add_widget(piece)


class AlmsChip(TButton):
    """A player: their alms colour as a disc with their mark, and their name."""

    fill = ColorProperty((0, 0, 0, 0))
    letter = StringProperty("")
    seat = NumericProperty(0)


def _rows(heading: str, rows: Rows, on_pick: Any, columns: int = 1) -> None:
    """The rows, ``columns`` to a line: touching one picks it."""
    ChoiceListPopup(heading, {heading: rows}, on_pick, columns=columns).open()


load_kv("chickwood_play.kv")
