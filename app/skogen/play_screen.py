"""Keeping a Skogen game: the ledger rows, a keypad for the turn's tiles, the die.

The turn is built up on the keypad (species points, element tiles, life cards, action
cards) and entered in one go; the engine checks it and moves the token. When the token
lands on a green square, the die button takes over until an element tile is chosen.
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from app import theme
from app.choice_list import ChoiceListPopup
from app.game_screen import GameScreen
from app.games import GameInfo
from app.kv import load_kv
from app.play_session import PlaySession
from app.replay import Replay, fill_replay_bar
from app.score_table import FinalScores
from app.skogen.look import ACTION_SHORT, ELEMENT_COLOURS, ELEMENT_WORDS, FACE_WORDS
from app.skogen.widgets import LedgerRow, SwatchButton
from app.value_editor import ask_number
from app.widgets import TButton
from engines import skogen as G
from engines.core import IllegalAction
from engines.skogen.ledger import ACTION_NAMES, ELEMENT_POINTS, SPECIES_POINTS

#: The ways of leaving a catastrophe without an element tile.
NOT_TAKEN = {"reroll": "None left: reroll", "none": "Take none"}


class SkogenPlayScreen(GameScreen):
    phase = StringProperty("turn")
    message = StringProperty("")  # a refusal, in the engine's words
    summary = StringProperty("")  # the turn being built
    die_prompt = StringProperty("")
    table_die = BooleanProperty(False)
    entries = ListProperty([])  # the turn being built: ("species", 6), ("life", "B")...
    can_undo = BooleanProperty(False)
    primary_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.play: PlaySession
        self.final = FinalScores(heading="Points")
        # Kept while swapped out of the body or the side column.
        self.live = self.ids.live.__self__
        self.keypad_panel = self.ids.keypad_panel.__self__
        self.die_panel = self.ids.die_panel.__self__
        self.side_filler = self.ids.side_filler.__self__
        for points in SPECIES_POINTS:
            key = KeyButton(text=str(points))
            key.bind(on_release=lambda _b, p=points: self.add("species", p))
            self.ids.keypad.add_widget(key)

    def prepare(self, game: GameInfo, play: PlaySession | Replay) -> None:
        self.hold(game, play)
        self.entries = []
        self.message = ""
        self.refresh()

    @property
    def state(self) -> G.State:
        state: G.State = self.play.state
        return state

    # -- the turn being built ------------------------------------------------------------

    def add(self, kind: str, value: Any) -> None:
        self.entries = [*self.entries, (kind, value)]
        self.message = ""

    def pick_action_card(self) -> None:
        cards = [(name, key) for key, name in ACTION_NAMES.items()]
        ChoiceListPopup(
            "Action card used", {"Action cards": cards}, lambda c: self.add("card", c)
        ).open()

    def turn(self) -> G.PlaceTiles:
        def of(kind: str) -> list[Any]:
            return [value for k, value in self.entries if k == kind]

        return G.PlaceTiles(
            self.state.player.name,
            species=tuple(of("species")),
            elements=len(of("element")),
            life_cards=tuple(of("life")),
            action_cards=tuple(of("card")),
        )

    def on_entries(self, *_args: object) -> None:
        self.summary = self._summary()
        self.primary_text = self._primary_text()

    def _primary_text(self) -> str:
        if self.phase == "turn":
            return f"Enter {self.turn().points} points"
        if self.phase == "roll" and not self.table_die:
            return "Roll the die"
        return "Home" if self.phase == "over" else ""

    def _summary(self) -> str:
        turn = self.turn()
        parts = [str(p) for p in turn.species]
        parts += [f"element {ELEMENT_POINTS}"] * turn.elements
        if not parts:
            return "Took one element tile? Touch the tiles placed, or take two."
        text = " + ".join(parts) + f" = {turn.points} points"
        extras = list(turn.life_cards) + [ACTION_SHORT[c] for c in turn.action_cards]
        return text + ("\nWith " + ", ".join(extras) if extras else "")

    # -- moves -----------------------------------------------------------------------------

    def take(self, action: G.SkogenAction) -> None:
        try:
            self.play.play(action)
        except ValueError as refusal:  # IllegalAction, or the game was closed meanwhile
            self.message = str(refusal)
            return
        self.message = ""
        if isinstance(action, (G.PlaceTiles, G.TakeTwo)):
            self.entries = []
        self.refresh()

    def primary(self) -> None:
        """The bottom bar's right-hand action: enter the turn, roll, or go home."""
        name = self.state.player.name
        if self.phase == "turn":
            self.take(self.turn())
        elif self.phase == "roll" and not self.table_die:
            self.take(G.RollDie(name))
        elif self.phase == "over":
            App.get_running_app().home()

    def take_two(self) -> None:
        self.take(G.TakeTwo(self.state.player.name))

    def roll_face(self, face: str) -> None:
        self.take(G.DieFace(self.state.player.name, face))

    def choose_element(self, element: str) -> None:
        name = self.state.player.name
        if element == "reroll":
            self.take(G.Reroll(name))
        elif element == "none":
            self.take(G.NoElement(name))
        else:
            self.take(G.TakeElement(name, element))

    def correct_score(self, name: str) -> None:
        """The board is the truth (G1): set a token's points to where it stands."""
        if self.phase == "over":
            return
        seat = self.state.config.players.index(name)
        ask_number(
            f"{name}'s token: points, all laps together",
            self.state.players[seat].score,
            lambda score: self.take(G.SetScore(name, score)),
        )

    def undo(self) -> None:
        """Take back the last key of the turn being built, else the last move."""
        if self.entries:
            self.entries = self.entries[:-1]
            return
        try:
            self.play.undo()
        except IllegalAction as refusal:
            self.message = str(refusal)
        self.refresh()

    def confirm(self) -> None:
        self.primary()

    # -- drawing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        state = self.state
        if self.replay is not None:
            fill_replay_bar(self.ids.replay_bar, self.replay, self.show_step, self.resume)
        elif state.phase == "over" and self.phase not in ("over", ""):
            self.sound_end(won=True)  # the game just ended: someone won
        self.set_lights(turn="off" if state.phase == "over" else "on", danger="off")
        self.phase = state.phase
        self.table_die = state.config.die == "table"
        self.die_prompt = self._die_prompt()
        self.title = (
            "Skogen" if state.phase == "over" else f"Turn {state.turn} - {state.player.name}"
        )
        self.status = f"Bags {state.bags} \u00b7 quiet turns {state.quiet_turns}"
        self.summary = self._summary()
        self.primary_text = self._primary_text()
        self.can_undo = self.play.session.can_undo
        self._draw_rows()
        self._draw_die()
        side = self.ids.side
        side.clear_widgets()
        if state.phase in ("roll", "element"):
            side.add_widget(self.die_panel)
        else:
            side.add_widget(self.keypad_panel)
            side.add_widget(self.side_filler)
        body = self.ids.body
        body.clear_widgets()
        outcome = self.play.session.outcome()
        if outcome is not None:
            self.final.show(G.scores(state), outcome.winners, outcome.reason)
            body.add_widget(self.final)
        else:
            body.add_widget(self.live)

    def _die_prompt(self) -> str:
        state = self.state
        if state.phase == "roll":
            how = "Which face came up?" if self.table_die else "Roll the die."
            return f"Catastrophe for {state.player.name}! {how}"
        if state.face is not None:
            return f"{FACE_WORDS[state.face]}: choose an element tile."
        return ""

    def _draw_rows(self) -> None:
        box = self.ids.rows
        box.clear_widgets()
        state = self.state
        for seat, standing in enumerate(G.standings(state)):
            row = LedgerRow(
                name=standing.name,
                current=seat == state.current and state.phase != "over",
                score=str(standing.score),
                lap=f"{standing.laps} \u00b7 {standing.square}",
                life=list(standing.life),
                hand=f"{standing.hand}/{standing.hand_limit}",
                cards=str(len(standing.action_cards)),
            )
            row.bind(on_release=lambda r: self.correct_score(r.name))
            box.add_widget(row)

    def _draw_die(self) -> None:
        box, extras = self.ids.die_choices, self.ids.die_extras
        box.clear_widgets()
        extras.clear_widgets()
        state = self.state
        if state.phase == "roll" and not self.table_die:
            roll = TButton(text="Roll the catastrophe die", role="primary", font_size=theme.HEADING)
            roll.accent = theme.GAME_ACCENTS["skogen"]
            roll.bind(on_release=lambda _b: self.primary())
            box.add_widget(roll)
        elif state.phase == "roll":
            for face in dict.fromkeys(state.config.board.die_faces):
                button = SwatchButton(text=FACE_WORDS[face], role="primary")
                button.bind(on_release=lambda _b, f=face: self.roll_face(f))
                box.add_widget(button)
        elif state.phase == "element":
            for action in G.legal_actions(state):
                if isinstance(action, G.TakeElement):
                    key = action.element
                    button = SwatchButton(text=ELEMENT_WORDS[key], swatch=ELEMENT_COLOURS[key])
                    box.add_widget(button)
                else:
                    key = "reroll" if isinstance(action, G.Reroll) else "none"
                    button = SwatchButton(text=NOT_TAKEN[key], font_size=theme.LABEL)
                    extras.add_widget(button)
                button.bind(on_release=lambda _b, k=key: self.choose_element(k))


class KeyButton(TButton):
    """A keypad key: the printed points of one species tile."""


load_kv("skogen_play.kv")
