"""Keeping a Skogen game: the ledger rows, a keypad for the turn's tiles, the die.

The turn is built up on the keypad (species points, element tiles, life cards, action
cards) and entered in one go; the engine checks it and moves the token. When the token
lands on a green square (or a Katastrof card is played), the app rolls the catastrophe
die at once and tells the table what it offers, or the people roll the real one and say
what it showed; then the player says which element tile they took.

What the app decides on the table (its die) is told as an instruction with one Done; an
undo tells what to put back (see app.play.instructions).
"""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from app.games import GameInfo
from app.kit import tap_guard, theme
from app.kit.choice_list import ChoiceListPopup
from app.kit.score_table import FinalScores
from app.kit.value_editor import ask_number
from app.kit.widgets import reuse_children
from app.kv import load_kv
from app.play.controller import AnyPlay
from app.play.game_screen import GameScreen
from app.play.instructions import InstructionPanel
from app.play.replay_bar import fill_replay_bar
from app.skogen.look import ACTION_SHORT, ELEMENT_COLOURS, ELEMENT_WORDS, FACE_WORDS
from app.skogen.widgets import CountedKey, LedgerRow, SwatchButton
from engines import skogen as G
from engines.skogen import (
    ACTION_NAMES,
    ELEMENT_POINTS,
    LIFE_NAMES,
    LIFE_TYPES,
    SPECIES_POINTS,
    TurnRecord,
    counted,
)

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
    telling = BooleanProperty(False)  # an instruction for the table is shown
    note = StringProperty("")  # under the ledger: how to correct a token, the quiet turns
    fixing = BooleanProperty(False)  # an old turn is loaded on the keypad to be changed
    undone = StringProperty("")  # what Undo last took back from the turn being built
    pending = BooleanProperty(False)  # something on the keypad for Undo to take back
    choosing = BooleanProperty(False)  # the element tiles offered are shown

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.final = FinalScores(heading="Points")
        # Kept while swapped out of the body or the side column.
        self.live = self.ids.live.__self__
        self.keypad_panel = self.ids.keypad_panel.__self__
        self.die_panel = self.ids.die_panel.__self__
        self.ids.live.bind(size=self._fill_side)  # its orientation follows its size
        self.instruction_panel = InstructionPanel()
        self._meaning: object = None  # what the buttons mean now (see _guard_if_changed)
        self.drawn: int | None = None  # the tiles drawn in the turn being corrected
        self.fixed: TurnRecord | None = None  # the old turn loaded on the keypad
        # Each key of the turn being built, by the entry it adds (an action card: any),
        # to show on it how many of that entry are pending.
        self.keys: dict[tuple[str, Any], CountedKey] = {
            ("element", 1): self.ids.element_key,
            ("card", None): self.ids.card_key,
        }
        for letter in LIFE_TYPES:
            self.keys["life", letter] = self.ids[f"life_{letter}"]
        for points in SPECIES_POINTS:
            key = KeyButton(text=str(points))
            key.bind(on_release=lambda _b, p=points: self.add("species", p))
            self.ids.keypad.add_widget(key)
            self.keys["species", points] = key

    def prepare(self, game: GameInfo, play: AnyPlay) -> None:
        self.hold(game, play)
        self.stop_correcting()
        self.message = self.undone = ""
        if self.replay is None:  # a game left while the app's die was due: roll it now
            before = self.state
            self._roll_app_die()
            self._tell(before)
        self.refresh()

    @property
    def state(self) -> G.State:
        state: G.State = self.play.state
        return state

    # -- the turn being built ------------------------------------------------------------

    def add(self, kind: str, value: Any) -> None:
        self.undone = ""
        self.entries = [*self.entries, (kind, value)]

    def entered(self) -> bool:
        """Whether anything is entered for the turn: a key (a changed draw is one)."""
        return bool(self.entries)

    def draw_count(self) -> int:
        """The species tiles drawn: the printed number (as many as placed, RULINGS G5) unless the
        table said otherwise."""
        changed = self.draw_changed()
        if changed is not None:
            return changed
        placed = sum(1 for kind, _value in self.entries if kind == "species")
        return G.printed_draw(self.state, placed)

    def draw_changed(self) -> int | None:
        """The tiles drawn as the table said: the last Draw more or fewer (a key of the
        turn, so Undo takes it back in its turn), else the turn being corrected's."""
        said = [value for kind, value in self.entries if kind == "draw"]
        return said[-1] if said else self.drawn

    def change_drawn(self, step: int) -> None:
        self.add("draw", max(0, self.draw_count() + step))

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
            drew=self.draw_count(),  # what the keypad shows is what is recorded
        )

    def entry_action(self) -> G.PlaceTiles | G.FixTurn:
        """The turn being built, as the move the primary button takes."""
        turn = self.turn()
        if self.fixed is None:
            return turn
        fields = (turn.species, turn.elements, turn.life_cards, turn.action_cards)
        return G.FixTurn(self.fixed.number, "place", *fields, self.draw_count())

    def on_entries(self, *_args: object) -> None:
        """The turn being built changed: a refusal shown stays only while it still
        applies to it, and everything pending is shown."""
        if self.message and (self.fixed is not None or self.state.phase == "turn"):
            try:
                G.apply(self.state, self.entry_action())
            except ValueError as refusal:
                self.message = str(refusal)
            else:
                self.message = ""
        self.show_entry()

    def show_entry(self) -> None:
        """The turn being built in words, and on each key how many of it are pending."""
        self.summary = self._summary()
        self.primary_text = self._primary_text()
        self.pending = self.entered() or self.fixed is not None
        for (kind, value), key in self.keys.items():
            key.count = sum(1 for k, v in self.entries if k == kind and value in (v, None))

    def _primary_text(self) -> str:
        if self.instructions.active:
            return "Done"
        if self.fixed is not None:
            return f"Save turn {self.fixed.number}"
        if self.phase == "turn":
            # Nothing entered, nothing to record: the spot where Done (of the set-up
            # guide, the die, an undo) just was stays empty until a key is touched.
            return f"Enter {counted(self.turn().points, 'point')}" if self.entered() else ""
        return "Home" if self.phase == "over" else ""

    def _summary(self) -> str:
        if self.phase != "turn" and self.fixed is None:
            return ""
        turn = self.turn()
        parts = [str(p) for p in turn.species]
        parts += [f"element {ELEMENT_POINTS}"] * turn.elements
        fixing = f"Turn {self.fixed.number} as it really was: " if self.fixed else ""
        drawn = f"draw {counted(self.draw_count(), 'species tile')}"
        if not self.entered():
            text = "Touch the points of each tile placed (no species tile is worth 4)"
            return fixing + text + "."
        # Everything pending is said, whatever the points: life and action cards too.
        text = (" + ".join(parts) + " = " if parts else "") + counted(turn.points, "point")
        extras = list(turn.life_cards) + [ACTION_SHORT[c] for c in turn.action_cards]
        if extras:
            text += ", with " + ", ".join(extras)
        return fixing + text + f"; then {drawn}"

    # -- moves -----------------------------------------------------------------------------

    def take(self, action: G.SkogenAction) -> None:
        before = self.apply(action)
        if before is None:
            return
        self.undone = ""
        if isinstance(action, (G.PlaceTiles, G.TakeTwo, G.FixTurn)):
            self.stop_correcting()
        self._roll_app_die()
        self._tell(before)
        self.refresh()

    def _roll_app_die(self) -> None:
        """The app rolls its die as soon as it is due: a question with one answer is not
        asked. What it shows is told to the table as an instruction."""
        state = self.state
        if state.phase == "roll" and state.config.die == "app":
            self.play.play(G.RollDie(state.player.name))

    def _tell(self, before: G.State) -> None:
        """Tell the table what the app decided since ``before``: the face of its die."""
        state = self.state
        reason = ""
        if state.phase == "element" and state.ledger:
            record = state.ledger[-1]
            why = []
            if record.points and state.config.board.is_green(state.player.score):
                why.append(f"{state.player.name}'s token is on a green square")
            if "katastrof" in record.action_cards:
                why.append(f"{state.player.name} played Katastrof")
            reason = " and ".join(why)
        changes = G.table_changes(before, state)
        self.tell(changes, reason, heading="The app rolled the catastrophe die")

    def primary(self) -> None:
        """The bottom bar's right-hand action: Done with an instruction, enter the turn,
        or go home."""
        if self.instructions.active:
            self.instruction_done()
        elif self.fixed is not None or (self.phase == "turn" and self.entered()):
            self.take(self.entry_action())
        elif self.phase == "turn":  # the confirm button, with nothing entered
            self.message = (
                "Nothing is entered yet: touch the points of each tile placed, "
                "or Take two elements."
            )
        elif self.phase == "over":
            App.get_running_app().home()

    def take_two(self) -> None:
        drew = self.draw_changed() or 0
        if self.fixed is not None:
            self.take(G.FixTurn(self.fixed.number, "take_two", drew=drew))
        else:
            self.take(G.TakeTwo(self.state.player.name, drew))

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

    def correct(self, name: str) -> None:
        """A player's row (or name on the final scores): their token and each of their
        turns, to correct; the second touch picks one."""
        state = self.state
        seat = state.config.players.index(name)
        rows: list[tuple[str, object]] = [
            (f"Set the token's points (now {state.players[seat].score})", name)
        ]
        for record in reversed(state.ledger):
            if record.seat == seat:
                rows.append((f"Change turn {record.number}: {turn_words(record)}", record))
        ChoiceListPopup(f"Correct {name}'s ledger", {name: rows}, self.corrected, columns=1).open()

    def corrected(self, what: object) -> None:
        if isinstance(what, TurnRecord):
            self.fixed = what
            self.drawn = what.drew
            entries: list[tuple[str, Any]] = [("species", p) for p in what.species]
            entries += [("element", 1)] * what.elements
            entries += [("life", t) for t in what.life_cards]
            entries += [("card", c) for c in what.action_cards]
            self.entries = entries
            self.refresh()
        elif isinstance(what, str):
            seat = self.state.config.players.index(what)
            ask_number(
                f"{what}'s token: points, all laps together",
                self.state.players[seat].score,
                lambda score: self.take(G.SetScore(what, score)),
            )

    def stop_correcting(self) -> None:
        self.fixed = None
        self.drawn = None
        self.entries = []

    def undo(self) -> None:
        """Take back the last key of the turn being built, saying which, else the last
        move (and the app's roll that came with it), and tell the table what to put
        back."""
        if self.entries:
            kind, value = self.entries[-1]
            self.undone = f"Undo took back {key_words(kind, value)}."
            self.entries = self.entries[:-1]
            return
        if self.fixed is not None:
            self.undone = f"Undo left turn {self.fixed.number} as it was."
            self.stop_correcting()  # nothing left on the keypad: the change is given up
            self.refresh()
            return
        self.undone = ""
        super().undo()  # the roll and the move: taken back together, and saved as one

    def confirm(self) -> None:
        self.primary()

    def draw(self) -> None:
        self.refresh()

    # -- drawing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        state = self.state
        if self.replay is not None:
            fill_replay_bar(self.ids.replay_bar, self.replay, self.show_step, self.resume)
        elif state.phase == "over" and self.phase not in ("over", ""):
            self.sound_end(won=True)  # the game just ended: someone won
        self.set_lights(turn="off" if state.phase == "over" else "on", danger="off")
        self.phase = state.phase
        self.fixing = self.fixed is not None
        self.table_die = state.config.die == "table"
        self.telling = self.instructions.active
        self.die_prompt = self._die_prompt()
        self.title = (
            "Skogen" if state.phase == "over" else f"Turn {state.turn} - {state.player.name}"
        )
        self.status = f"{counted(state.bags, 'tile')} in the bags"
        self.note = self._note()
        self.show_entry()
        self.offer_date(state.phase == "over" and not self.telling)
        self.can_undo = self.play.session.can_undo
        self._draw_rows()
        self._fill_side()
        self._guard_if_changed()
        body = self.ids.body
        body.clear_widgets()
        outcome = self.play.session.outcome()
        if outcome is not None:
            self.final.show(
                G.scores(state), outcome.winners, outcome.reason, self.correct, self.replay is None
            )
            body.add_widget(self.final)
        else:
            body.add_widget(self.live)

    def _fill_side(self, *_args: object) -> None:
        """The column beside (or under) the ledger for the phase: an instruction, the
        keypad, or the die. The element tiles a catastrophe offers stand under the
        ledger, where the next player's keypad has no key; the question stands over them
        in a tall window, in this column in a wide one (under the ledger is too short)."""
        if not hasattr(self, "play"):
            return  # laid out before a game is held
        phase = "turn" if self.fixing else self.state.phase
        wide = self.ids.live.orientation == "horizontal"
        side = self.ids.side
        side.clear_widgets()
        if self.telling:
            self.instruction_panel.show(self.instructions)
            side.add_widget(self.instruction_panel)
        elif phase == "roll" or (phase == "element" and wide):
            side.add_widget(self.die_panel)
        elif phase != "element":
            side.add_widget(self.keypad_panel)
        self._draw_die()

    def _guard_if_changed(self) -> None:
        """Ignore taps for a moment when the buttons change meaning: a new player, phase
        or die, or the next instruction (keys pressed while a turn is built are not
        changes: a tile worth 6 may be touched twice in quick succession)."""
        state = self.state
        meaning = (state.turn, state.phase, len(state.rolls), self.instructions.current, self.fixed)
        if meaning != self._meaning:
            self._meaning = meaning
            tap_guard.changed()

    def _note(self) -> str:
        """Under the ledger: how to correct a token, and how near two quiet rounds are."""
        state = self.state
        note = "Touch a player to correct their token or one of their turns."
        if state.quiet_turns:
            rounds = 2 * len(state.players)
            quiet = counted(state.quiet_turns, "turn")
            note += (
                f"\nNo species tile played for {quiet} in a row: after "
                f"{rounds} (two rounds) the game ends."
            )
        return note

    def _die_prompt(self) -> str:
        state = self.state
        name = state.player.name
        if state.phase == "roll":
            how = "Roll the real die: which face came up?" if self.table_die else "The app rolls."
            return f"Catastrophe for {name}! {how}"
        if state.face is not None:
            return f"{FACE_WORDS[state.face]}: which element tile did {name} take?"
        return ""

    def _room_under_ledger(self) -> bool:
        """Whether a row of element tiles fits under the ledger's rows. Under a tall
        window's ledger it always does; in a wide one with five or six players it does
        not (the reference panel), and they stand in the side column instead."""
        ids = self.ids
        if ids.live.orientation == "vertical":
            return True
        rows = ids.rows.children
        taken = sum(w.height for w in (ids.ledger_header, ids.undone_line, ids.message_line))
        taken += sum(row.height for row in rows) + ids.rows.spacing * max(0, len(rows) - 1)
        gaps = ids.ledger.spacing * (len(ids.ledger.children) - 1)
        return bool(taken + gaps + theme.TOUCH <= ids.live.height)

    def _draw_rows(self) -> None:
        """The ledger's rows, those shown before reused: a move changes a row's words,
        not how many rows there are (a row is a dozen labels to build)."""
        state = self.state
        standings = G.standings(state)
        rows = reuse_children(self.ids.rows, len(standings), self._new_row)
        for seat, (row, standing) in enumerate(zip(rows, standings, strict=True)):
            square = str(standing.square) if standing.square or standing.laps else "start"
            if standing.laps:
                square += f"\nlap {standing.laps + 1}"
            life = " ".join(
                letter + (str(count) if count > 1 else "")
                for letter, count in zip(LIFE_TYPES, standing.life, strict=True)
                if count
            )
            row.name = standing.name
            row.current = seat == state.current and state.phase != "over"
            row.score, row.square, row.life = str(standing.score), square, life or "none"
            row.hand = f"{standing.hand} of {standing.hand_limit}"
            row.cards = str(len(standing.action_cards))

    def _new_row(self) -> LedgerRow:
        row = LedgerRow()
        row.bind(on_release=lambda r: self.correct(r.name))
        return row

    def _draw_die(self) -> None:
        """The faces of the real die in the side column; the element tiles offered under
        the ledger, where the next player's keypad shows no key (and the ways of taking
        none in the bottom bar's empty middle, in a wide window)."""
        ids = self.ids
        for box in (ids.die_faces, ids.die_elements, ids.die_extras, ids.die_extras_bar):
            box.clear_widgets()
        faces = ids.die_faces
        elements = ids.die_elements if self._room_under_ledger() else faces
        extras = ids.die_extras_bar if ids.live.orientation == "horizontal" else ids.die_extras
        state = self.state
        self.choosing = state.phase == "element" and not (self.fixing or self.telling)
        if self.fixing or self.telling:
            return
        if state.phase == "roll" and self.table_die:
            for face in dict.fromkeys(state.config.board.die_faces):
                button = SwatchButton(text=FACE_WORDS[face], role="primary")
                button.bind(on_release=lambda _b, f=face: self.roll_face(f))
                faces.add_widget(button)
        elif self.choosing:
            for action in G.legal_actions(state):
                if isinstance(action, G.TakeElement):
                    key = action.element
                    button = SwatchButton(text=ELEMENT_WORDS[key], swatch=ELEMENT_COLOURS[key])
                    elements.add_widget(button)
                else:
                    key = "reroll" if isinstance(action, G.Reroll) else "none"
                    button = SwatchButton(text=NOT_TAKEN[key], font_size=theme.LABEL)
                    extras.add_widget(button)
                button.bind(on_release=lambda _b, k=key: self.choose_element(k))


def turn_words(record: TurnRecord) -> str:
    """A line of the ledger in words: "6 + element 2 = 8 points, drew 1"."""
    if record.choice == "take_two":
        what = "took two element tiles"
    else:
        parts = [str(p) for p in record.species] + [f"element {ELEMENT_POINTS}"] * record.elements
        what = f"{' + '.join(parts) or 'nothing placed'} = {counted(record.points, 'point')}"
        if record.life_cards:
            what += f", life card {' '.join(record.life_cards)}"
    return f"{what}, drew {record.drew}"


def key_words(kind: str, value: Any) -> str:
    """A key of the turn being built, in words: "the life card F (Fröspridning)"."""
    if kind == "species":
        return f"the species tile worth {value}"
    if kind == "element":
        return f"an element tile ({ELEMENT_POINTS} points)"
    if kind == "draw":
        return "the change to the species tiles drawn"
    if kind == "life":
        return f"the life card {value} ({LIFE_NAMES[value].partition(' (')[0]})"
    return f"the action card {ACTION_NAMES[value]}"


class KeyButton(CountedKey):
    """A keypad key: the printed points of one species tile."""


load_kv("skogen_play.kv")
