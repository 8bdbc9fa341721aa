"""Keeping a Skogen game without a window: the turn being entered on the keypad, the
ledger's moves, the app's catastrophe die, and Undo over them.

The turn is built up key by key (species points, element tiles, life cards, action
cards, a changed draw) and kept with the game as the move being entered
(``Owed.entry``), so a pulled plug comes back to the same keys; an old turn loaded on the
keypad to be corrected is kept the same way. Entering it is one move.

When the token lands on a green square (or a Katastrof card is played) and the app rolls
the die, it rolls it at once, inside the same write as the move that made it due, and
tells the table what the face offers: each roll with its own reason and, when a turn has
more than one, which one it is ("Roll 1 of 2"). Every touch is one write; a storage
fault refuses the whole touch through the controller's refusal (``message``, ``unsaved``)
and saves nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import Literal

from app.play.controller import GamePlay, PlayController
from app.play.owed import Owed
from app.play.progress import UndoQuestion, progress_words
from app.play.telling import Telling
from app.skogen.words import roll_words, turn_words
from app.storage.faults import StorageFault
from engines import skogen as G
from engines.core import JSON, GameRules, Table

#: What a key of the keypad adds to the turn being built.
KeyKind = Literal["species", "element", "life", "card", "draw"]
Key = tuple[KeyKind, Hashable]

#: The heading of what the app tells when it rolls its die.
ROLLED = "The app rolled the catastrophe die"


@dataclass(frozen=True)
class SkogenOwed(Owed):
    #: The turn whose steps the chain tells, in the header's words (the turn the move
    #: was made in), shown while they are told.
    told_turn: str = ""
    #: Which roll of its turn the die told is, when the turn has more than one: "Roll 1
    #: of 2".
    roll_count: str = ""


class SkogenController(PlayController[G.State, G.SkogenAction, G.Config]):
    owed_type = SkogenOwed
    owed: SkogenOwed

    def __init__(
        self,
        rules: GameRules[G.State, G.SkogenAction, G.Config],
        play: GamePlay[G.State, G.SkogenAction, G.Config],
    ) -> None:
        super().__init__(rules, play)
        if self.replay is None and app_rolls(self.state):
            # A game left while the app's die was due (saved by an older release): the
            # die is rolled now, and told.
            self.take(G.RollDie(self.state.player.name))

    # -- the turn being entered --------------------------------------------------------

    @property
    def entries(self) -> tuple[Key, ...]:
        """The keys of the turn being built, in the order they were touched."""
        return tuple((kind, value) for kind, value in self.owed.entry if kind != "fix")

    @property
    def fixed(self) -> G.TurnRecord | None:
        """The old turn loaded on the keypad to be corrected."""
        for kind, number in self.owed.entry[:1]:
            if kind == "fix":
                return next((r for r in self.state.ledger if r.number == number), None)
        return None

    @property
    def undone(self) -> str:
        """What Undo last took back from the turn being built, in words."""
        return self.owed.note

    def entered(self) -> tuple[Hashable, ...]:
        return self.owed.entry

    def resume_entry(self) -> None:
        """The keys are kept in what the table is owed: nothing to touch again."""

    def add(self, kind: KeyKind, value: Hashable) -> None:
        """A key of the keypad: one more of what it adds."""
        self._enter((*self.entries, (kind, value)), self.fixed)

    def change_drawn(self, step: int) -> None:
        """Draw more (1) or fewer (-1) species tiles than the keypad shows."""
        self.add("draw", max(0, self.draw_count() + step))

    def load_turn(self, record: G.TurnRecord) -> None:
        """An old turn loaded on the keypad, as it was entered, to be changed."""
        entries: list[Key] = [("species", points) for points in record.species]
        entries += [("element", 1)] * record.elements
        entries += [("life", letter) for letter in record.life_cards]
        entries += [("card", card) for card in record.action_cards]
        self._enter(tuple(entries), record)

    def _enter(self, entries: tuple[Key, ...], fixed: G.TurnRecord | None, said: str = "") -> None:
        """The keypad now holds ``entries`` (for the old turn ``fixed``), saved in one
        write with what Undo ``said``. A refusal shown stays only while it still applies."""
        refused = self.message
        fix: tuple[Hashable, ...] = (("fix", fixed.number),) if fixed is not None else ()
        self.message = ""
        self.keep(replace(self.owed, entry=fix + entries, note=said))
        if self.message:  # not saved: said (kept in memory, written by the next save)
            return
        self.unsaved = False
        if refused and (fixed is not None or self.state.phase == "turn"):
            try:
                G.apply(self.state, self.entry_action())
            except ValueError as refusal:
                self.message = str(refusal)

    def of(self, kind: KeyKind) -> list[Hashable]:
        return [value for k, value in self.entries if k == kind]

    def draw_count(self) -> int:
        """The species tiles drawn: the printed number (as many as placed, RULINGS G5)
        unless the table said otherwise."""
        changed = self.draw_changed()
        if changed is not None:
            return changed
        return G.printed_draw(self.state, len(self.of("species")))

    def draw_changed(self) -> int | None:
        """The tiles drawn as the table said: the last Draw more or fewer (a key of the
        turn, so Undo takes it back in its turn), else the turn being corrected's."""
        said = [int(str(value)) for value in self.of("draw")]
        fixed = self.fixed
        return said[-1] if said else (fixed.drew if fixed is not None else None)

    def turn(self) -> G.PlaceTiles:
        """The turn being built, as the move that records it."""
        return G.PlaceTiles(
            self.state.player.name,
            species=tuple(int(str(p)) for p in self.of("species")),
            elements=len(self.of("element")),
            life_cards=tuple(str(letter) for letter in self.of("life")),
            action_cards=tuple(str(card) for card in self.of("card")),
            drew=self.draw_count(),  # what the keypad shows is what is recorded
        )

    def entry_action(self) -> G.PlaceTiles | G.FixTurn:
        """The turn being built, as the move the primary button takes."""
        turn, fixed = self.turn(), self.fixed
        if fixed is None:
            return turn
        fields = (turn.species, turn.elements, turn.life_cards, turn.action_cards)
        return G.FixTurn(fixed.number, "place", *fields, self.draw_count())

    # -- touches -----------------------------------------------------------------------

    def primary(self) -> bool:
        """The bottom bar's right-hand button: Done with an instruction, or enter the
        turn built (with nothing entered, say so). False when it means Home: the game is
        over and nothing is told."""
        if self.telling.active:
            self.done()
        elif self.fixed is not None or (self.state.phase == "turn" and self.entries):
            self.take(self.entry_action())
        elif self.state.phase == "turn":
            self.message = (
                "Nothing is entered yet: touch the points of each tile placed, "
                "or Take two elements."
            )
        elif self.state.phase == "over":
            return False
        return True

    def take_two(self) -> bool:
        drew = self.draw_changed() or 0
        fixed = self.fixed
        if fixed is not None:
            return self.take(G.FixTurn(fixed.number, "take_two", drew=drew))
        return self.take(G.TakeTwo(self.state.player.name, drew))

    def roll_face(self, face: str) -> bool:
        return self.take(G.DieFace(self.state.player.name, face))

    def choose_element(self, key: str) -> bool:
        """An element tile the face offers, by its key, or "reroll" or "none"."""
        name = self.state.player.name
        if key == "reroll":
            return self.take(G.Reroll(name))
        if key == "none":
            return self.take(G.NoElement(name))
        return self.take(G.TakeElement(name, key))

    def set_score(self, name: str, score: int) -> bool:
        """The board is the truth: a token's points, as it stands."""
        return self.take(G.SetScore(name, score))

    def corrections(self, name: str) -> list[tuple[str, object]]:
        """What a touch on a player's row offers: their token's points (the name), and
        each of their turns, the latest first."""
        state = self.state
        seat = state.config.players.index(name)
        rows: list[tuple[str, object]] = [
            (f"Set the token's points (now {state.players[seat].score})", name)
        ]
        for record in reversed(state.ledger):
            if record.seat == seat:
                rows.append((f"Change turn {record.number}: {turn_words(record)}", record))
        return rows

    # -- moves -------------------------------------------------------------------------

    def take(self, action: G.SkogenAction) -> bool:
        """The move the people chose, and the app's die when it is then due, saved in one
        write with what the table is then told (the face of the app's die). A turn
        entered ends the turn being built; another move (a token's points set) keeps it.
        A refusal or a storage fault is said (``message``) and nothing is saved or
        changed; returns whether it was made."""
        before, owed_before, table = self.state, self.owed, self.table()
        turn_move = isinstance(action, (G.PlaceTiles, G.TakeTwo, G.FixTurn))
        entry = () if turn_move else self.owed.entry

        def owed_after(after: G.State) -> SkogenOwed:
            return self._told(before, after, table, entry)

        try:
            with self.together():
                self._play(action, owed_after)
                if app_rolls(self.state):  # the app's die: no question with one answer
                    self._play(G.RollDie(self.state.player.name), owed_after)
        except (ValueError, StorageFault) as refusal:  # refused, or not saved: none made
            self.owed = owed_before
            return self._refused(refusal)
        return self._played()

    def _play(self, action: G.SkogenAction, owed_after: Callable[[G.State], SkogenOwed]) -> None:
        made: list[SkogenOwed] = []

        def owed(after: G.State) -> JSON:
            made.append(owed_after(after))
            return made[-1].to_data()

        self.play.play(action, owed)
        self.owed = made[-1]

    def _told(
        self, before: G.State, after: G.State, table: Table, entry: tuple[Hashable, ...]
    ) -> SkogenOwed:
        """What the table is owed once a touch took the game from ``before`` to ``after``:
        what the app decided (its die), told from the table as it was (``table``) with
        the people's own move made on it; the keys still being entered (``entry``)."""
        changes = G.table_changes(before, after)
        rolled = len(after.rolls) > len(before.rolls) and after.config.die == "app"
        count, reason = roll_words(after) if rolled else ("", "")
        heading = ROLLED if rolled else ""
        telling = Telling.start(changes, reason, heading, table=table)
        told_turn = self.turn_words(before) if telling.active else ""
        return SkogenOwed(telling=telling, entry=entry, told_turn=told_turn, roll_count=count)

    # -- undo --------------------------------------------------------------------------

    def undo(self) -> UndoQuestion | None:
        """Take back the last key of the turn being built, saying which; else give up
        the change of an old turn; else the last move (and the app's roll that came with
        it), asking first when that goes back into a finished turn."""
        entries, fixed = self.entries, self.fixed
        if entries:
            kind, value = entries[-1]
            self._enter(entries[:-1], fixed, f"Undo took back {key_words(kind, value)}.")
            return None
        if fixed is not None:
            self._enter((), None, f"Undo left turn {fixed.number} as it was.")
            return None
        return super().undo()

    def moves_an_undo_takes(self) -> int:
        """The last move, and the app's rolls before it (the roll is the app's, so it goes
        with the move that followed it)."""
        states = self.play.session.states
        steps = 1
        while steps < len(states) - 1 and app_rolls(states[-1 - steps]):
            steps += 1
        return steps

    # -- words -------------------------------------------------------------------------

    def turn_words(self, state: G.State) -> str:
        """Whose turn ``state`` is in, in the words the header and Undo's question share:
        "Round 2, Bo's turn"."""
        return progress_words(G.progress(state), self.play.players)


def app_rolls(state: G.State) -> bool:
    """The state waits for the die the app rolls."""
    return state.phase == "roll" and state.config.die == "app"


def key_words(kind: str, value: Hashable) -> str:
    """A key of the turn being built, in words: "the life card F (Fröspridning)"."""
    if kind == "species":
        return f"the species tile worth {value}"
    if kind == "element":
        return f"an element tile ({G.ELEMENT_POINTS} points)"
    if kind == "draw":
        return "the change to the species tiles drawn"
    if kind == "life":
        return f"the life card {value} ({G.LIFE_NAMES[str(value)].partition(' (')[0]})"
    return f"the action card {G.ACTION_NAMES[str(value)]}"
