"""Playing Skoventyr without a window: the moves by touch, what the table is owed, and
the Hint's place in a turn.

The engine says what is legal, what changed on the table and why something cannot be
chosen; this controller lights up what may be touched next (see ``touch_paths``), hands
the chosen action to the PlaySession (which saves it, with what the table is then owed,
before the screen shows its result), then tells the table, one instruction at a time,
what the app decided (``engines.skoventyr.table_changes``).

What the table is owed (``SkoventyrOwed``) is saved with each change: besides the
instructions, a run of cards put under the deck one at a time (their places stay empty
on the table, and on the screen, until the Future slides once at its end), and what a
Risky Draw with real cards still owes once its card is told.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from typing import Any

from app.kit.touch_select import Target, TouchSelection
from app.play.controller import GamePlay, PlayController
from app.play.owed import Owed
from app.play.telling import Telling
from app.seat_names import seat_name
from app.skoventyr import advisor, touch_paths
from engines import skoventyr as S
from engines.core import Change, GameRules, Table, made, plain, plain_places

#: What to do next once the first touches of an action are made, by the touches so far.
GUIDES: dict[tuple[str, ...], str] = {
    ("call",): "Call: touch a card of the Future.",
    ("command",): "Command: touch a card in your hand.",
    ("wrath",): "Wrath: touch the Minion to defeat.",
    ("reconcile",): "Touch a Minion to Rally its Lygtemand, or Involve.",
    ("reconcile", "minion"): "Touch the Ally from your hand to give.",
    ("rescue",): "Rescue: touch the Hostage to free.",
}

#: The steps that put Future cards under the deck one at a time.
PUT_UNDER_STEPS = ("gambit_bottom", "future_to_bottom")

#: A touch on one of these, with no action chosen yet, chooses the action it belongs to.
NATURAL_VERBS = ("call", "command", "wrath", "reconcile", "rescue")


def percent(odds: Fraction) -> str:
    return f"{round(float(odds) * 100)}%"


@dataclass(frozen=True)
class SkoventyrOwed(Owed):
    #: A run of cards put under the deck one at a time: how many actions stood before
    #: its first card (the state then is ``session.states[run_start]``), and each card's
    #: place as the row lay then. -1: no run.
    run_start: int = -1
    run_slots: tuple[int, ...] = ()
    #: What a Risky Draw with real cards still owes the table once its card is told,
    #: and the table as the people have it meanwhile (their card taken, the Future not
    #: slid yet), as (place, plain contents) pairs.
    after_reveal: tuple[Change, ...] = ()
    held_table: tuple[tuple[str, Any], ...] = ()
    #: The answer buttons' places in the bar ("" for a place left empty): an answer
    #: taken away (a kind already chosen) leaves its place, so no button moves under a
    #: finger while the same question goes on.
    answer_slots: tuple[str, ...] = ()
    #: The run began with a Call paid with its cost: the card called waits, and the
    #: Future's places stay as they lie, until the cost is paid and the card is taken
    #: (the rulebook's order: pay, take, slide at the end). ``told_keys``: the places
    #: its cost changed that the table was told of already.
    call_run: bool = False
    told_keys: tuple[str, ...] = ()
    #: The game was lost: the places whose changes the table was spared (the Future's
    #: slide and refill, the deck), so an Undo does not ask to put them back.
    not_done: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        super().__post_init__()
        # Read back from a saved game as JSON lists: made plain (tuples) again.
        held = tuple((str(key), plain(value)) for key, value in self.held_table)
        object.__setattr__(self, "held_table", held)


@dataclass(frozen=True)
class Question:
    """A move to confirm before it is taken (it ends the game)."""

    heading: str
    words: str
    confirm: str
    action: S.SkoventyrAction
    cancel: str = "Cancel"


class SkoventyrController(PlayController[S.State, S.SkoventyrAction, S.Config]):
    owed_type = SkoventyrOwed
    owed: SkoventyrOwed
    asks_before_crossing = False  # its own undo (``undo``) tells what the table still owes

    def __init__(
        self,
        rules: GameRules[S.State, S.SkoventyrAction, S.Config],
        play: GamePlay[S.State, S.SkoventyrAction, S.Config],
    ) -> None:
        super().__init__(rules, play)
        self.selection: TouchSelection[S.SkoventyrAction] = TouchSelection([], touch_paths.path)
        self.hint: advisor.Hint | None = None
        #: A move the screen should ask about before it is taken (taken by ``question``).
        self.asking: Question | None = None
        self.refresh()

    def fresh_owed(self) -> SkoventyrOwed:
        """Nothing kept: for a new game whose cards the app dealt, the deal, told as
        instructions and saved once done, so that a game opened again never deals twice
        (review P5)."""
        if self.play.session.events or self.replay is not None:
            return SkoventyrOwed()
        if self.state.config.deck_mode != "app":
            return SkoventyrOwed()
        return SkoventyrOwed(telling=self.deal())

    def deal(self) -> Telling:
        """What the app dealt at set-up, one instruction for the Future and one for each
        hand, taken from the sorted pile: the table starts without them (the set-up guide
        said the app names them), and each appears on the screen once taken."""
        state = self.state
        dealt = plain_places(S.table_places(state))
        pile = {
            key: int(str(count)) for key, count in dealt.items() if key.startswith("deck:pile:")
        }
        table = {k: v for k, v in dealt.items() if not k.startswith(("future:", "hand:"))}
        for card in (*state.future, *(c for hand in state.hands for c in hand)):
            key = f"deck:pile:{card.value}"
            pile[key] = pile.get(key, 0) + 1
        table.update(pile)
        steps = [(", ".join(c.label for c in state.future), state.future, "future")]
        steps += [
            (" and ".join(c.with_article for c in hand), hand, f"hand:{player + 1}")
            for player, hand in enumerate(state.hands)
        ]
        changes = []
        for number, (cards, taken, place) in enumerate(steps):
            for card in taken:
                pile[f"deck:pile:{card.value}"] -= 1
            counts = tuple((key, count or None) for key, count in pile.items())
            if place == "future":
                keys = tuple(f"future:{n}" for n in range(1, len(taken) + 1))
                words = f"Take from the sorted pile the Future, left to right: {cards}."
            else:
                keys = (place,)
                words = f"{self.player_name(number - 1)} takes {cards} from the sorted pile."
            values = tuple((key, dealt.get(key)) for key in keys)
            changes.append(
                Change(words, keys, target=keys[0], sets=counts + values, phase="set-up")
            )
        set_aside = state.drawn.count(S.Card.GAMLE_ERIK)
        reason = "The app shuffled the deck and dealt."
        if set_aside:
            reason = (
                f"The app turned up {set_aside} Gamle Erik on the way and kept "
                f"{'it' if set_aside == 1 else 'them'} in the deck: leave the pile as it is."
            )
        return Telling(tuple(changes), 0, "Deal the cards", reason, tuple(sorted(table.items())))

    def player_name(self, index: int) -> str:
        names = self.play.players
        return names[index] if index < len(names) else seat_name(index + 1)

    def named(self, text: str) -> str:
        """The engine's words with the players' names in ("player 2's hand")."""
        for index in range(len(self.state.hands)):
            text = text.replace(f"player {index + 1}'s", f"{self.player_name(index)}'s")
            text = text.replace(seat_name(index + 1), self.player_name(index))
        return text

    # -- the advisor -------------------------------------------------------------------

    def why_no_hint(self) -> str:
        """Why no hint can be asked for now, in words; "" when one can."""
        state = self.state
        if self.telling.active:
            return "First carry out the instruction on the table, then touch Done."
        if S.awaiting_reveal(state):
            return "The table answers this one: which card came up?"
        if not S.legal_actions(state):
            return "There is nothing to suggest: no action can be chosen now."
        return ""

    def show_hint(self, hint: advisor.Hint | None) -> None:
        """Show ``hint`` (None: put it away). A hint is a question: the move being
        entered stays as it is, and the hint marks its next touch (review P3)."""
        self.hint = hint

    def no_hint(self, error: Exception) -> None:
        """The advisor failed (the error is logged): say so, and play goes on."""
        if isinstance(error, advisor.HintUnavailable):
            self.message = str(error)
        else:
            self.message = "No suggestion could be made this time: choose as you see fit."

    def hint_path(self) -> tuple[Target, ...]:
        """The touches the hint suggests that are still to make."""
        if self.hint is None:
            return ()
        path = touch_paths.path(self.hint.action)
        done = self.selection.prefix
        return path[len(done) :] if path[: len(done)] == done else ()

    # -- touching ----------------------------------------------------------------------

    def pick(self, target: Target | None) -> None:
        """A touch on a Tree, card, Minion or button that stands for ``target``."""
        if target is None:
            return
        if self.telling.active:
            self.message = "First carry out the instruction on the table, then touch Done."
            return
        if self.hint is not None and target not in self.hint_path()[:1]:
            self.hint = None  # the hint is followed touch by touch, or set aside
        if target not in self.selection.options():
            verb = self._natural_verb(target)
            if verb is None:
                self.message = self.named(self._why_not(target))
                return
            self.selection.choose(("verb", verb))
        self.message = ""
        action = self.selection.choose(target)
        if action is None:
            self.note_entry()  # a question halfway through a move survives a pulled plug
            return
        if isinstance(action, S.Reveal) and S.immediate_loss(self.state, action):
            # A card that came up is a fact, not a choice: check the entry, not the will.
            self.selection.back()
            self.asking = Question(
                "This ends the game",
                f"You entered {action.card.label}: Gamle Erik reaches Vogter and the game is "
                "lost. Is that the card that came up?",
                "Right card",
                action,
                cancel="Wrong card",
            )
        elif S.immediate_loss(self.state, action):
            self.selection.back()
            self.asking = Question(
                "This loses the game",
                f"{action.label}: Gamle Erik would reach Vogter at once. Do it anyway?",
                "Lose the game",
                action,
            )
        else:
            self.take(action)

    def question(self) -> Question | None:
        """The question to ask now, once."""
        asking, self.asking = self.asking, None
        return asking

    def _natural_verb(self, target: Target) -> str | None:
        """The action a touch on a Future card, a hand card or a Minion stands for when
        no action is chosen yet: the only one that card or Minion can start now."""
        if self.selection.prefix or target[0] == "verb":
            return None
        found = []
        for verb in NATURAL_VERBS:
            self.selection.prefix = (("verb", verb),)
            if target in self.selection.options():
                found.append(verb)
        self.selection.prefix = ()
        return found[0] if len(found) == 1 else None

    def _why_not(self, target: Target) -> str:
        """Why a touch on ``target`` chooses nothing now, in the engine's words."""
        state = self.state
        kind, value = target
        if kind == "verb":
            return S.why_not_move(state, str(value)) or self.prompt()
        prefix = self.selection.prefix
        meant = [
            action
            for action in S.candidate_actions(state)
            if touch_paths.path(action)[: len(prefix) + 1] == (*prefix, target)
        ]
        if not meant and not prefix:
            meant = [a for a in S.candidate_actions(state) if target in touch_paths.path(a)]
        refusals = [S.refusal(state, action) for action in meant]
        possible = [action for action, refusal in zip(meant, refusals, strict=True) if not refusal]
        if possible:  # possible, but by another way in: say which
            return f"To do that: {_route_words(touch_paths.path(possible[0]), target)}"
        if meant:
            return refusals[0]
        return f"That is not one of the choices now. {self.prompt()}"

    def take(self, action: S.SkoventyrAction) -> bool:
        """Record ``action`` with what the table is then told, and rebuild the choices."""
        before = self.state
        hint = self.hint
        played = self.record(action, lambda after: self._owed_after(before, action, after))
        if played:
            # A hint for a move of several steps goes on to its next step by itself.
            followed = hint.next_step() if hint and hint.action == action else None
            legal = followed is not None and followed.action in S.legal_actions(self.state)
            self.hint = followed if legal else None
        self.refresh()
        return played

    def _owed_after(
        self, before: S.State, action: S.SkoventyrAction, after: S.State
    ) -> SkoventyrOwed:
        owed = self._told_after(before, action, after)
        outcome = S.outcome(after)
        if outcome is not None and outcome.result != "won":
            # Lost: the Future and the deck need no more keeping (review N23); what
            # ended the game is still told.
            changes = owed.telling.changes
            kept = tuple(c for c in changes if not _by_the_future(c))
            skipped = tuple(
                dict.fromkeys(
                    k for c in changes if _by_the_future(c) for k in (*c.keys, *dict(c.sets))
                )
            )
            telling = replace(owed.telling, changes=kept, index=0)
            owed = SkoventyrOwed(telling=telling, not_done=skipped)
        return replace(owed, answer_slots=answer_slots(self.owed.answer_slots, after))

    def _told_after(
        self, before: S.State, action: S.SkoventyrAction, after: S.State
    ) -> SkoventyrOwed:
        """What the table is owed after ``action`` took the game from ``before`` to
        ``after``, in the order the rules make it.

        Cards put under the deck one at a time (Gambit, a cost) are a run: the table
        leaves their places empty until the last is chosen, then the cards left slide
        once (not at all if none is left). A Risky Draw with real cards turns its card
        over first: what the Call changed besides the card taken (the Future's slide) is
        told after that card's effects."""
        owed = self.owed
        heading = action.label
        reason = self._drawn_news(after)
        if owed.call_run:
            return self._paying(before, action, after, reason)
        paying = after.taken is not None and S.outcome(after) is None
        if isinstance(action, S.Call) and not action.risky and paying:
            # The cost is paid first: nothing moves on the table until it is (unless the
            # Call ended the game: what ended it is told).
            at = len(self.play.session.actions)
            return SkoventyrOwed(run_start=at, run_slots=(action.slot,), call_run=True)
        if owed.run_start >= 0 and not isinstance(action, (S.PutUnder, S.StopPutting)):
            changes = [*self._owed_now(before), *S.table_changes(before, after)]
            return self._telling(SkoventyrOwed(), changes, reason, heading)
        start_at = owed.run_start if owed.run_start >= 0 else len(self.play.session.actions)
        start = self.play.session.states[start_at] if owed.run_start >= 0 else before
        run = owed.run_slots
        if isinstance(action, S.PutUnder):
            run = (*run, S.run_place(start, run, action.slot))
            if after.asking in PUT_UNDER_STEPS:  # more may follow: wait
                return SkoventyrOwed(run_start=start_at, run_slots=run)
        if run:  # told from the run's start: the people's part of it all made at once
            changes = S.table_changes(start, after, run=run)
            table = plain_places(S.table_places(start))
            return self._telling(SkoventyrOwed(), changes, reason, heading, table)
        changes = S.table_changes(before, after)
        if isinstance(action, S.Call) and after.asking == "risky":
            later = tuple(c for c in changes if not c.chosen)
            chosen = [c for c in changes if c.chosen]
            held = tuple(sorted(made(self.table(), chosen).items()))
            waiting = SkoventyrOwed(after_reveal=later, held_table=held)
            return self._telling(waiting, chosen, reason, heading)
        return self._telling(SkoventyrOwed(), [*changes, *owed.after_reveal], reason, heading)

    def _paying(
        self, before: S.State, action: S.SkoventyrAction, after: S.State, reason: str
    ) -> SkoventyrOwed:
        """A step of a called card's cost: what it changes away from the Future is told
        now; once the card is taken, the Future's slide and refill, as one move from the
        Call on (so a card swapped for one just like it moves nothing)."""
        owed = self.owed
        start = self.play.session.states[owed.run_start]
        run, now = owed.run_slots, []
        if isinstance(action, S.PutUnder):
            run = (*run, S.run_place(start, run, action.slot))  # as the row lay at the Call
        else:
            now = [c for c in S.table_changes(before, after) if not _by_the_future(c)]
        told = (*owed.told_keys, *(key for change in now for key in change.keys))
        heading = start.future[owed.run_slots[0]].label if start.future else action.label
        heading = f"Call: the {heading}"  # over its cost, the card taken and the refill
        if after.taken is not None:  # more of the cost to pay
            paying = SkoventyrOwed(run_start=owed.run_start, run_slots=run, call_run=True)
            return self._telling(replace(paying, told_keys=told), now, reason, heading)
        rest = [
            change
            for change in S.table_changes(start, after, run=run)
            if not change.keys or not set(change.keys) <= set(told)
        ]
        return self._telling(SkoventyrOwed(), [*now, *rest], reason, heading)

    def table(self) -> Table:
        """The table as told (PlayController.table); while a Risky Draw's card is turned
        over, the table as its Call left it; during a run of cards put under the deck one
        at a time, or a called card's cost being paid, with no instruction waiting: the
        table as the run began, with what the people did themselves since (their places
        left empty) and what they were told of its cost."""
        told = self.telling.table_now()
        owed = self.owed
        if told is None and owed.after_reveal and owed.held_table:
            return dict(owed.held_table)  # the Risky Draw's card being turned over
        if told is not None or owed.run_start < 0:
            return super().table()
        start = self.play.session.states[owed.run_start]
        told_keys = set(owed.told_keys)
        done = [
            change
            for change in S.table_changes(start, self.state, run=owed.run_slots)
            if change.chosen or set(change.keys) <= told_keys
        ]
        return made(plain_places(S.table_places(start)), done)

    def spared(self) -> frozenset[str]:
        return frozenset(self.owed.not_done)

    def future_on_table(self) -> tuple[S.Card | None, ...] | None:
        """The Future as the table holds it (``table``; None for a place left empty), when
        it differs from the game's own row; None when they are the same."""
        row = future_row(self.table())
        return None if row == tuple(self.state.future) else row

    def _telling(
        self,
        owed: SkoventyrOwed,
        changes: list[Change],
        reason: str,
        heading: str,
        table: Table | None = None,
    ) -> SkoventyrOwed:
        told = [replace(change, words=self.named(change.words)) for change in changes]
        return replace(owed, telling=self.chain(told, reason, heading, table=table))

    def _owed_now(self, now: S.State) -> list[Change]:
        """What the table was not told yet (a run's slide, a Risky Draw's), before a
        move that does not finish it (an undo, a correction by hand): first the table
        catches up with the app."""
        owed = self.owed
        if owed.run_start >= 0:
            start = self.play.session.states[owed.run_start]
            return [c for c in S.table_changes(start, now, run=owed.run_slots) if not c.chosen]
        return list(owed.after_reveal)

    def _drawn_news(self, state: S.State) -> str:
        """In app-deck mode, the cards the app turned up, in order."""
        drawn = state.drawn
        if not drawn or state.config.deck_mode != "app":
            return ""
        return "From the deck came " + ", then ".join(c.with_article for c in drawn) + "."

    def undo(self) -> None:
        """Take back the last touch of an unfinished choice, else the last action, and
        tell what to put back (first what the table was still owed)."""
        self.hint = None
        if self.selection.prefix:
            self.selection.back()
            self.message = ""
            return
        before = self.state
        actions = self.play.session.actions
        undone = actions[-1].label if actions else ""
        owed_before = self._owed_now(before)

        spared = set(self.owed.not_done)

        def owed_after(after: S.State) -> SkoventyrOwed:
            back = [c for c in S.table_changes(before, after) if not spared & set(c.keys)]
            changes = [*owed_before, *back]
            told = [replace(change, words=self.named(change.words)) for change in changes]
            heading = f"Undone: {undone}"
            return SkoventyrOwed(self.chain(told, heading=heading, everything=True))

        if self.take_back(owed_after):
            self.message = ""
        self.refresh()

    def done(self) -> bool:
        self.message = ""  # a word about touching too early is no longer needed
        return super().done()

    def refresh(self) -> None:
        """Rebuild the choices from the engine's legal actions, after paying a cost
        that has only one way (a touch with one choice lit asks nothing)."""
        self.pay_the_obvious()
        self.selection = TouchSelection(S.legal_actions(self.state), touch_paths.path)

    def pay_the_obvious(self) -> None:
        """A called card's cost with one way to pay it: paid, and the prompt says so."""
        while self.owed.call_run and not self.telling.active and self.state.ended is None:
            options = S.legal_actions(self.state)
            if len(options) != 1 or S.awaiting_reveal(self.state):
                return
            if not self.record(options[0], partial(self._owed_said, self.state, options[0])):
                return

    def _owed_said(
        self, before: S.State, action: S.SkoventyrAction, after: S.State
    ) -> SkoventyrOwed:
        said = f"{action.label}: the only way to pay the cost."
        return replace(self._owed_after(before, action, after), note=said)

    # -- words -------------------------------------------------------------------------

    def prompt(self) -> str:
        state = self.state
        who = self.player_name(state.player)
        if state.ended is not None:
            return state.ended.reason
        if state.tasks:
            return self.named(state.prompt)
        kinds = self.stage()
        if kinds == ("call", "future"):
            return self._call_prompt()
        if kinds == ("command", "hand"):
            return self._command_prompt()
        if kinds == ("reconcile",) and not self.selection.options_of("choice"):
            return "Touch a Minion to Rally its Lygtemand."  # nothing to Involve with yet
        if kinds in GUIDES:
            return GUIDES[kinds]
        return f"{who}: choose an action, or touch a card or a Minion."

    def stage(self) -> tuple[str, ...]:
        """The touches so far by kind, verbs by name: ("call", "future")."""
        return tuple(
            str(value) if kind == "verb" else kind for kind, value in self.selection.prefix
        )

    def _call_prompt(self) -> str:
        """The cost of the card chosen, or why it cannot be paid (no Pay button then)."""
        slot = self.selection.prefix[1][1]
        assert isinstance(slot, int)
        refusal = S.refusal(self.state, S.Call(slot))
        if refusal:
            return refusal
        card = self.state.future[slot]
        cost = "; ".join(e.text for e in self.state.config.cards.rule(card).cost) or "nothing"
        return f"Pay the {card.label}'s cost ({cost}), or make a Risky Draw?"

    def _command_prompt(self) -> str:
        """What Command can do with the card chosen: only what is lit is offered."""
        card = self.selection.prefix[1][1]
        assert isinstance(card, S.Card)
        state = self.state
        power = S.refusal(state, S.Mission(card))
        effects = "; ".join(e.text for e in state.config.cards.rule(card).power)
        if any(kind == "tree" for kind, _ in self.selection.options()):
            if power:
                return f"Touch a lit Tree to place the {card.label}. {power}"
            return f"Touch a lit Tree to place the {card.label}, or use its power ({effects})."
        # The telling reason is the one on the Trees beside the Allies already placed.
        forest = state.forest
        held = [tree.id for tree in forest.trees if tree.ally is not None]
        near = [forest.step(tree, way) for tree in held for way in (1, -1)] or list(forest.ids)
        place = next(r for tree in near if (r := S.refusal(state, S.Position(card, tree))))
        no_tree = f"No Tree can take the {card.label} now: {place}"
        if power:
            return f"{no_tree} {power}"
        return f"{no_tree} Use its power ({effects})."

    def deck_text(self) -> str:
        """What the app knows of the deck: counts, known top and bottom, next-card odds."""
        state = self.state
        deck = state.deck
        counts = deck.counts()
        odds = S.next_reveal_odds(state)
        lines = [f"{deck.size} cards in the deck. The chance of each to come next:"]
        for card in S.Card:
            if counts[card]:
                chance = percent(odds.get(card, Fraction(0)))
                lines.append(f"  {counts[card]} {card.label}: {chance}")
        if deck.top:
            lines.append("Known on top: " + ", ".join(c.label for c in deck.top) + ".")
        if deck.bottom:
            lines.append("Known at the bottom: " + ", ".join(c.label for c in deck.bottom) + ".")
        if state.discard:
            discard = sorted(set(state.discard), key=list(S.Card).index)
            lines.append(
                "Discard pile: "
                + ", ".join(f"{state.discard.count(c)} {c.label}" for c in discard)
                + "."
            )
        return "\n".join(lines)


def future_row(table: Table) -> tuple[S.Card | None, ...]:
    """The Future's places as ``table`` holds them, left to right (None: empty)."""
    places = [int(key.removeprefix("future:")) for key in table if key.startswith("future:")]
    last = max([S.FUTURE_SIZE, *places])
    row = (table.get(f"future:{place}") for place in range(1, last + 1))
    return tuple(None if card is None else S.Card(str(card)) for card in row)


def _by_the_future(change: Change) -> bool:
    """A change to the Future, the card taken or a hand: told once a Call's card is taken."""
    return any(key.startswith(("future", "taken", "hand", "deck")) for key in change.keys)


def answers(state: S.State) -> list[str]:
    """The words of the answer buttons the state asks for, in the engine's order."""
    paths = [touch_paths.path(action) for action in S.legal_actions(state)]
    return [str(path[0][1]) for path in paths if path[0][0] == "answer"]


def answer_slots(before: tuple[str, ...], state: S.State) -> tuple[str, ...]:
    """The answer buttons' places after a move: those of ``before``, the answers no
    longer offered left empty, while every answer now had a place; else afresh."""
    now = answers(state)
    if now and set(now) <= set(before):
        return tuple(words if words in now else "" for words in before)
    return tuple(now)


def _route_words(path: tuple[Target, ...], target: Target) -> str:
    """The touches that lead to ``target`` ("touch Command, then the Trold...")."""
    steps = []
    for kind, value in path:
        if (kind, value) == target:
            break
        if kind == "verb":
            steps.append(touch_paths.VERBS[str(value)])
        elif kind == "hand" and isinstance(value, S.Card):
            steps.append(f"the {value.label} in your hand")
        elif kind == "minion":
            steps.append("a Minion")
    return "touch " + ", then ".join(steps) + ", then this."
