"""Keeping a Chickwood Forest game: raids, the alms snake on the village grid, the deck,
and final scoring with the proposed choices; or a quick score of the final collections.

The engine holds every rule. The screen builds a raid (a castle and the loot counted on
the pad) or a step of the snake (a touch on a village) and hands it to the PlaySession;
a refusal is shown in the engine's own words. What the rules change on the table (the
new hands at the end of a round) is told as an instruction with one Done, and an undo
tells what to put back (see app.play.instructions).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kivy.app import App
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    DictProperty,
    NumericProperty,
    StringProperty,
)

from app.chickwood import loot_entry
from app.chickwood.by_hand import (
    ChangeItem,
    ChangeRaid,
    PlaceAlms,
    change_rows,
    final_groups,
    one_item,
    raid_words,
    round_rows,
    show_groups,
    show_rows,
)
from app.chickwood.final_entry import FinalDraft
from app.chickwood.look import alms_colour, marks
from app.chickwood.score_view import ScoreView
from app.chickwood.widgets import CardLook, RowLook, SpaceLook, card_rows
from app.games import GameInfo
from app.kit import tap_guard
from app.kit.popups import ask, show_notice
from app.kit.score_table import show_details
from app.kit.value_editor import ask_number
from app.kit.widgets import TButton
from app.kv import load_kv
from app.play.controller import AnyPlay
from app.play.game_screen import GameScreen
from app.play.instructions import InstructionPanel
from app.play.play_session import PlaySession
from app.play.replay_bar import fill_replay_bar
from engines import chickwood as C
from engines.chickwood import (
    CardProfile,
    alms_cubes,
    describe,
    kind_counts,
    legal_steps,
)

REPLAY_ONLY = "This is a replay: it can only be watched, and nothing in it can be changed."


class CastleButton(TButton):
    value = StringProperty("")


class ChickwoodPlayScreen(GameScreen):
    phase = StringProperty("raid")
    prompt = StringProperty("")  # what to do now, in the side column
    #: A refused touch explained, in the bottom bar beside the button just pressed: it
    #: never moves the castles or the loot pad under the next touch.
    refusal = StringProperty("")
    castle = StringProperty("")  # the castle chosen for the raid being built
    counts = DictProperty({})  # loot counted on the pad
    primary_text = StringProperty("")
    #: The primary button can act (a raid needs its castle first, a final count an
    #: entry): only then is it lit, so a raid just taken shows at once, and a second
    #: tap (or one meant for the button that was there before) takes nothing.
    primary_ready = BooleanProperty(True)
    can_undo = BooleanProperty(False)
    telling = BooleanProperty(False)  # an instruction for the table is shown
    top_words = StringProperty("")  # the top bar's button: the deck's count, or Reopen
    fixing = BooleanProperty(False)  # a raid is loaded on the pad to be changed
    seat = NumericProperty(0)  # quick score: whose collection is being entered

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Kept while swapped out of the body or the side column.
        self.rounds = self.ids.rounds.__self__
        self.pieces = {
            name: self.ids[name].__self__ for name in ("prompt", "castle_row", "pad_view", "filler")
        }
        self.pieces["instruction"] = InstructionPanel()
        self.scores = ScoreView(on_change=self.refresh, on_name=self.correct_final)
        self.draft: FinalDraft  # the quick score's entry (set by prepare)
        #: The raid being built, touch by touch for Undo: ("castle", "3"), ("loot", key).
        self.touches: list[tuple[str, str]] = []
        self.fixed_raid: int | None = None  # the raid loaded on the pad to be changed
        self.placing: PlaceAlms | None = None  # an alms waiting for the village touched
        self.ids.grid.on_pick = self.touch_village
        self._meaning: object = None  # what the buttons mean now (see _guard_if_changed)

    def prepare(self, game: GameInfo, play: AnyPlay) -> None:
        self.hold(game, play)
        self.touches = []
        self.stop_correcting()
        self.seat = 0
        self.scores.reset()
        config = self.state.config
        self.draft = FinalDraft(
            config.players,
            tuple(c for c in config.cards_in_play if not c.forest),
            config.legendary,
        )
        self.say()
        self._build_pad()
        fresh = isinstance(play, PlaySession) and play.owed_when_opened is None
        if fresh and not play.session.events and self.state.phase == "raid":
            self.tell([C.scouting(self.state)], heading="Round 1")  # review N14
        self.refresh()

    @property
    def state(self) -> C.State:
        state: C.State = self.play.state
        return state

    def say(self, refusal: str = "") -> None:
        """Explain a refused touch (an empty text: none to explain)."""
        self.refusal = refusal

    # -- building a raid or an entry -------------------------------------------------------

    def _build_pad(self) -> None:
        quick = self.state.config.quick
        kinds = loot_entry.kinds(self.state.config.legendary, benefactors=not quick)
        self.ids.pad.build(kinds, self.add_loot)
        castles = self.ids.castles
        castles.clear_widgets()
        top = 6 if quick else self.state.config.top_castle
        for value in range(1, top + 1):
            button = CastleButton(value=str(value), text=("+" if quick else "") + str(value))
            button.bind(on_release=lambda b: self.choose_castle(b.value))
            castles.add_widget(button)

    def add_loot(self, key: str) -> None:
        if self.phase == "entry":
            self._enter("loot", key)
        elif self.phase == "raid" or self.fixing:
            self._press([*self.touches, ("loot", key)])
        self.refresh()

    def choose_castle(self, value: str) -> None:
        if self.phase == "entry":
            self._enter("castle", int(value))
        elif self.phase == "raid" or self.fixing:
            others = [t for t in self.touches if t[0] != "castle"]
            self._press([*others, ("castle", value)])
        self.refresh()

    def _press(self, touches: list[tuple[str, str]]) -> None:
        """A key of the raid's pad: taken, unless the raid so far could then not be what
        lies on the table (review N13: refused on the key, not on Raid)."""
        refusal = "" if self.fixing else self._raid_refusal(touches)
        if not refusal:
            self.touches = touches
        self.say(refusal)

    def _raid_refusal(self, touches: list[tuple[str, str]]) -> str:
        counts = _loot_counts(touches)
        castle = next((int(value) for kind, value in touches if kind == "castle"), None)
        collection = loot_entry.collection(counts)
        return C.loot_refusal(self.state, castle, collection, loot_entry.benefactors(counts))

    def _enter(self, kind: str, what: object) -> None:
        """A key of the quick score's entry: taken, unless the entry would then hold
        what the game does not (more of a kind than the box holds)."""
        wrong_before = self.draft.wrong()
        self.draft.add(kind, self.seat, what)
        wrong = self.draft.wrong()
        if wrong and wrong != wrong_before:
            self.draft.undo()
        self.say(wrong if wrong != wrong_before else "")

    def touch_player(self, seat: int) -> None:
        """A player's chip: choose whose count is entered; during the rounds, their
        entries to correct (the second touch picks what to do to one)."""
        if self.phase == "entry":
            self.seat = seat
            self.say()
            self.refresh()
            return
        state = self.state
        if state.phase in ("scoring", "over"):
            self.correct_final(state.players[seat].name)
            return
        player = state.players[seat]
        castles = " + ".join(str(v) for v in player.castles)
        about = (
            f"{player.name}: castles {castles}, {describe(player.loot)}, "
            f"{alms_cubes(player.store)} in store"
        )
        if self.replay is not None:  # nothing to correct: say so rather than pretend
            show_notice(about, REPLAY_ONLY)
            return
        show_rows(about, round_rows(state, seat), self.correct)

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
        show_groups(f"Correct {name}'s final count", groups, self.correct, columns=3)

    def correct(self, what: object) -> None:
        """Do what a row of the corrections menu stands for."""
        if isinstance(what, C.ChickwoodAction):
            self.take(what)
        elif isinstance(what, ChangeRaid):
            raid = self.state.raids[what.raid]
            self.fixed_raid = what.raid
            self.touches = [("castle", str(raid.castle))]
            counts = {**kind_counts(raid.loot)}
            counts.update({f"alms:{n}": raid.benefactors.count(n) for n in (1, 2, 3)})
            self.touches += [("loot", key) for key, n in counts.items() for _ in range(n)]
            self.say()
            self.refresh()
        elif isinstance(what, PlaceAlms):
            self.placing = what
            self.say()
            self.refresh()
        elif isinstance(what, ChangeItem):
            heading = f"{what.player}: {one_item(self.state, what.item)} was really..."
            show_rows(heading, change_rows(self.state, what), self.correct, columns=4)
        elif isinstance(what, C.PlayerScore):
            show_details(what)

    def stop_correcting(self) -> None:
        self.fixed_raid = None
        self.placing = None

    def raid(self) -> C.Raid | C.FixRaid | None:
        """The raid built on the pad: this turn's, or the old one being changed."""
        if not self.castle:
            return None
        if self.fixed_raid is not None:
            return C.FixRaid(
                self.fixed_raid,
                int(self.castle),
                loot_entry.collection(self.counts),
                loot_entry.benefactors(self.counts),
            )
        name = self.state.players[self.state.order[self.state.turn]].name
        return C.Raid(
            name,
            int(self.castle),
            loot_entry.collection(self.counts),
            loot_entry.benefactors(self.counts),
        )

    # -- moves -----------------------------------------------------------------------------

    def take(self, action: C.ChickwoodAction) -> bool:
        before = self.apply(action)
        if before is None:
            self.refresh()
            return False
        changes = C.table_changes(before, self.state)
        if self.state.round > before.round and self.state.phase == "raid":
            changes.append(C.scouting(self.state))  # the new round begins with it
        self.tell(changes, heading="The round is over")
        self.refresh()
        return True

    def touch_village(self, index: int) -> None:
        state = self.state
        cell = state.grid.cells[index]
        if self.placing is not None:
            placing, self.placing = self.placing, None
            where = state.grid.position(index)
            if placing.alms is None:
                self.take(C.AddAlms(placing.player, *where))
            else:
                self.take(C.FixAlms(placing.alms, *where))
        elif self.phase == "entry":
            try:
                self.draft.give_alms(self.seat, cell.profile)
            except ValueError as refusal:
                self.say(str(refusal))
            else:
                self.say()
            self.refresh()
        elif self.phase == "alms" and state.seat is not None:
            name = state.players[state.seat].name
            self.take(C.GiveAlms(name, *state.grid.position(index)))
        elif self.phase == "raid":
            self.say("Alms are given after a raid with benefactor cards.")
            self.refresh()

    def primary(self) -> None:
        if self.instructions.active:
            self.instruction_done()
        elif self.phase == "raid" or self.fixing:
            raid = self.raid()
            if raid is None:
                self.say("Touch the castle raided first.")
                self.refresh()
            elif self.take(raid):
                self.touches = []
                self.stop_correcting()
                self.refresh()
        elif self.phase == "entry":
            if not self.draft.touches:  # an extra tap after New game's button, say
                self.say("Nothing is entered yet: touch each player's cards, castles and alms.")
                self.refresh()
                return
            try:
                table = self.draft.table()
            except ValueError as refusal:
                self.say(str(refusal))
                self.refresh()
                return
            self.take(C.EnterFinal(table))
        elif self.phase == "scoring":
            choices = self.scores.choices(self.state)
            ask(
                "Confirm the scores?",
                "They will be final.",
                "Confirm",
                lambda: self.take(C.Score(choices)),
            )
        elif self.phase == "over":
            App.get_running_app().home()

    def undo(self) -> None:
        """Take back the last touch of what is being built, else the last move (and tell
        the table what to put back)."""
        if self.placing is not None:
            self.placing = None
        elif (self.phase == "raid" or self.fixing) and self.touches:
            self.touches.pop()
            self.say()  # what was refused no longer stands
        elif self.fixing:
            self.fixed_raid = None  # nothing left on the pad: the change is given up
        elif self.phase == "entry" and self.draft.touches:
            self.draft.undo()
            self.say()
        elif self.phase == "scoring" and self.scores.overridden:
            self.scores.reset()
        else:
            super().undo()
            return
        self.refresh()

    def confirm(self) -> None:
        self.primary()

    def draw(self) -> None:
        self.refresh()

    def top_action(self) -> None:
        """The top bar's button: correct the deck's count, or reopen confirmed scores."""
        if self.phase == "over":
            self.take(C.Reopen())
        else:
            ask_number(
                "Cards left in the loot deck",
                self.state.deck,
                lambda n: self.take(C.SetDeckCount(n)),
            )

    # -- drawing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        state = self.state
        if self.replay is not None:
            fill_replay_bar(self.ids.replay_bar, self.replay, self.show_step, self.resume)
        elif state.phase == "over" and self.phase not in ("over", ""):
            self.sound_end(won=True)  # the game just ended: someone won
        self.set_lights(turn="off" if state.phase == "over" else "on", danger="off")
        self.phase = state.phase
        self.fixing = self.fixed_raid is not None
        self.telling = self.instructions.active
        self.can_undo = self.play.session.can_undo
        self.castle = next((value for kind, value in self.touches if kind == "castle"), "")
        if self.phase == "entry":
            self.counts = self.draft.counts(self.seat)
        else:
            self.counts = _loot_counts(self.touches)
        self.ids.pad.counts = self.counts
        if not self.touches:  # the next raider's pad opens at its top (review N12)
            self.ids.pad_scroll.scroll_y = 1
        self.title, self.status = self._headline()
        self.top_words = {"over": "Reopen scores", "raid": f"Deck: {state.deck} cards"}.get(
            state.phase, f"Deck: {state.deck} cards" if state.phase == "alms" else ""
        )
        self.primary_text = self._primary_text()
        self.offer_date(state.phase == "over" and not self.telling)
        self.prompt = self._guide()
        self.primary_ready = bool(self.primary_text) and self._primary_can_act()
        for button in self.ids.castles.children:
            raided = state.phase == "raid" and int(button.value) in state.raided
            raided = raided and not self.fixing  # a changed raid: the engine checks
            button.disabled = raided
            button.role = "primary" if button.value == self.castle else "normal"
        self._guard_if_changed()
        self._draw_players()
        self._draw_grid()
        self._draw_side()
        body = self.ids.body
        body.clear_widgets()
        if state.phase in ("scoring", "over"):
            self.scores.show(state, correctable=self.replay is None)
            body.add_widget(self.scores)
        else:
            body.add_widget(self.rounds)

    def _primary_can_act(self) -> bool:
        """Whether the primary button does something now, rather than say what is missing."""
        if self.instructions.active or self.fixed_raid is not None:
            return True
        if self.phase == "raid":
            return bool(self.castle)
        if self.phase == "entry":
            return bool(self.draft.touches)
        return True

    def _guard_if_changed(self) -> None:
        """Ignore taps for a moment when the buttons change meaning: another player or
        phase, the next step of the snake, whose count is entered, the next instruction
        (touches that build a raid or a count are not changes: a card kind may be
        touched twice in quick succession)."""
        state = self.state
        steps = len(state.raids), len(state.placements), state.phase, state.final is not None
        correcting = (self.fixed_raid, self.placing)
        meaning = (steps, self.seat, self.instructions.current, correcting)
        if meaning != self._meaning:
            self._meaning = meaning
            tap_guard.changed()

    def _headline(self) -> tuple[str, str]:
        state = self.state
        if state.phase == "entry":
            return "Final count", ""
        if state.phase in ("scoring", "over"):
            return "Final scores", ""
        assert state.seat is not None
        if state.phase == "raid" and not state.raided and self.instructions.active:
            return "Scouting", f"Round {state.round}"  # told before the first raid (N14)
        who = state.players[state.seat].name
        doing = "gives alms" if state.phase == "alms" else "raids"
        return f"{who} {doing}", f"Round {state.round}"

    def _primary_text(self) -> str:
        if self.instructions.active:
            return "Done"
        if self.fixed_raid is not None:
            return f"Save raid {self.fixed_raid + 1}"
        if self.phase == "raid":
            return f"Raid castle {self.castle}" if self.castle else "Raid"
        return {
            "entry": "Score these",
            "scoring": "Confirm scores",
            "over": "Home",
        }.get(self.phase, "")

    def _guide(self) -> str:
        """What to do now, in one or two lines: while the snake is laid, and for each
        player of a final count (with their castles so far)."""
        state = self.state
        if self.placing is not None:
            whose = "the alms" if self.placing.alms is not None else "the alms to add"
            return f"Touch the village {whose} really went to (Undo: leave it)."
        if self.fixed_raid is not None:
            words = raid_words(state, self.fixed_raid)
            return f"Changing {words}.\nTouch the castle and each card as they really were."
        if state.phase == "entry":
            name = state.config.players[self.seat]
            castles = self.draft.castles(self.seat)
            total = " + ".join(str(v) for v in castles) or "none yet"
            if len(castles) > 1:
                total += f" = {sum(castles)}"
            return f"{name}: touch each loot card, castle and alms.\n{name}'s castles: {total}"
        snake = state.snake
        if state.phase != "alms" or snake is None:
            return ""
        store = state.players[snake.seat].store
        where = "a lit village next to the last one" if snake.visited else "any lit village"
        return f"{alms_cubes(snake.to_give)} to give ({store} in store): touch {where}."

    def _draw_players(self) -> None:
        """Each player's chip: their alms colour with their mark (the legend of the grid)
        and their name; in a final count, touching one chooses whose count is entered."""
        box = self.ids.players
        box.clear_widgets()
        state = self.state
        names = state.config.players
        for seat, (name, mark) in enumerate(zip(names, marks(names), strict=True)):
            chip = AlmsChip(text=name, fill=alms_colour(seat), letter=mark, seat=seat)
            selected = seat == (self.seat if self.phase == "entry" else state.seat)
            chip.role = "primary" if selected else "normal"
            chip.bind(on_release=lambda c: self.touch_player(c.seat))
            box.add_widget(chip)

    def _draw_grid(self) -> None:
        state = self.state
        grid = state.grid
        lit: tuple[int, ...] = ()
        visited: tuple[int, ...] = ()
        if state.phase == "alms" and state.snake is not None:
            visited = state.snake.visited
            lit = legal_steps(grid, visited)
        looks: list[tuple[int, CardLook]] = []
        for index, cell in enumerate(grid.cells):
            owners = cell.owners
            if state.config.quick:
                if cell.forest:
                    continue  # the app does not know the layout: just the villages
                owners = self.draft.owners(cell.profile.card)
            look = CardLook(
                forest=cell.forest,
                rows=self._rows(cell.profile, owners),
                lit=index in lit,
                step=visited.index(index) + 1 if index in visited else 0,
            )
            looks.append((index, look))
        self.ids.grid.show(grid.cols, looks)

    def _rows(self, profile: CardProfile, owners: tuple[int, ...]) -> tuple[RowLook, ...]:
        mark = marks(self.state.config.players)
        return card_rows(profile, [SpaceLook(mark[s], alms_colour(s)) for s in owners])

    def _draw_side(self) -> None:
        """The side column holds what the phase needs: an instruction for the table; or
        what to do now (nothing to say during a raid), castles and the pad."""
        phase = self.phase
        names: list[str] = []
        if self.telling:
            names = ["instruction"]
            self.pieces["instruction"].show(self.instructions)
        else:
            if self.prompt:
                names.append("prompt")
            if phase in ("raid", "entry") or self.fixing:
                names += ["castle_row", "pad_view"]
        side = self.ids.side
        side.clear_widgets()
        for name in names:
            side.add_widget(self.pieces[name])
        if "pad_view" not in names and not self.telling:
            side.add_widget(self.pieces["filler"])


class AlmsChip(TButton):
    """A player: their alms colour as a disc with their mark, and their name."""

    fill = ColorProperty((0, 0, 0, 0))
    letter = StringProperty("")
    seat = NumericProperty(0)


def _loot_counts(touches: list[tuple[str, str]]) -> dict[str, int]:
    """The loot keyed on the pad, kind -> cards."""
    return dict(Counter(value for kind, value in touches if kind == "loot"))


load_kv("chickwood_play.kv")
