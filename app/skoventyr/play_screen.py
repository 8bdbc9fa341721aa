"""Playing Skoventyr: the Forest, the Future, hands and Minions, and the moves by touch.

The engine says what is legal, what changed on the table and why something cannot be
chosen; this screen draws the state, lights up what may be touched next (see
``touch_paths``), hands the chosen action to the PlaySession (which saves it before the
screen shows its result), then tells the table, one instruction at a time, what the
app decided (``engines.skoventyr.table_changes``), marking each on the drawn board.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.widget import Widget

from app.games import GameInfo
from app.kit import tap_guard, theme
from app.kit.choice_list import ChoiceListPopup
from app.kit.popups import ask, show_notice
from app.kit.touch_select import Target, TouchSelection
from app.kit.widgets import TargetButton, TButton, reuse_children
from app.kv import load_kv
from app.play.background import Background
from app.play.game_screen import GameScreen
from app.play.play_session import PlaySession
from app.play.replay import Replay
from app.skoventyr import advisor, by_hand, touch_paths
from app.skoventyr.look import CARD_COLOURS, lygtemand_words, two_line_name
from app.skoventyr.widgets import CardTile, MinionTile, Touchable, VerbButton
from app.storage.faults import StorageFault
from engines import skoventyr as S
from engines.core import Change
from engines.skoventyr.hint import HINT_BUDGET
from engines.skoventyr.places import count_cards

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


class SkoventyrPlayScreen(GameScreen):
    prompt = StringProperty("")
    ring_centre = StringProperty("")
    danger = BooleanProperty(False)
    hint_words = StringProperty("Hint")
    deck_title = StringProperty("")
    deck_caption = StringProperty("")
    discard_caption = StringProperty("")
    aside_title = StringProperty("")
    aside_caption = StringProperty("")
    show_hostages = BooleanProperty(False)
    #: The game has ended: the title says so and the Hint is put away.
    over = BooleanProperty(False)
    #: The table says which card came up: the cards it may be stand on the board.
    answering = BooleanProperty(False)
    #: The panel stands in for the Minions and the prompt: an instruction or a hint.
    panel_shown = BooleanProperty(False)
    #: The panel shows a hint (not an instruction): the prompt stays in sight under it.
    hint_shown = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.play: PlaySession
        self.selection: TouchSelection[S.SkoventyrAction] = TouchSelection([], touch_paths.path)
        self.hinting: Background[advisor.Hint] = Background("advisor", lambda: self.position)
        self.hint: advisor.Hint | None = None
        #: A run of cards put under the deck one at a time: the state before its first
        #: card, and each card's place as the row lay then (see ``_changes``).
        self._run_from: S.State | None = None
        self._run_slots: tuple[int, ...] = ()
        #: What a Risky Draw with real cards still owes the table once its card is told.
        self._after_reveal: list[Change] = []
        self._shown = ""  # what the prompt and buttons said last (for the tap guard)
        self.ids.ring.on_pick = self.pick
        # The bar's right end, where Done stands while the table is told something: the
        # Hint, which records nothing and opens no choice (a tap meant for Done that
        # lands on it after the last instruction does no harm).
        self.hint_button = TButton(
            text=self.hint_words,
            role="primary",
            accent=theme.GAME_ACCENTS["skoventyr"],
            size_hint_x=None,
            width=dp(200),
        )
        self.hint_button.bind(on_release=lambda _b: self.ask_hint())
        self.bind(hint_words=lambda _s, words: setattr(self.hint_button, "text", words))

    # -- set-up ------------------------------------------------------------------------

    def prepare(self, game: GameInfo, play: PlaySession | Replay) -> None:
        self.message = ""
        self.hint = None
        self._run_from, self._run_slots, self._after_reveal = None, (), []
        self.hinting.forget()
        super().prepare(game, play)
        new_game = not play.session.events and self.replay is None
        if new_game and self.state.config.deck_mode == "app":
            show_notice("Deal the cards", self.deal_text())

    def deal_text(self) -> str:
        """What the app dealt at set-up, for the people to take from the sorted pile."""
        state = self.state
        future = ", ".join(card.label for card in state.future)
        lines = [f"Take from the sorted pile the Future, left to right: {future}."]
        for index, hand in enumerate(state.hands):
            cards = " and ".join(c.with_article for c in hand)
            lines.append(f"{self.player_name(index)} takes {cards}.")
        set_aside = state.drawn.count(S.Card.GAMLE_ERIK)
        if set_aside:
            lines.append(
                f"The app turned up {set_aside} Gamle Erik on the way and kept "
                f"{'it' if set_aside == 1 else 'them'} in the deck: leave the pile as it is."
            )
        return "\n".join(lines)

    @property
    def state(self) -> S.State:
        state: S.State = self.play.state
        return state

    def player_name(self, index: int) -> str:
        names = self.play.players
        return names[index] if index < len(names) else f"Player {index + 1}"

    def named(self, text: str) -> str:
        """The engine's words with the players' names in ("player 2's hand")."""
        for index in range(len(self.state.hands)):
            text = text.replace(f"player {index + 1}'s", f"{self.player_name(index)}'s")
            text = text.replace(f"Player {index + 1}", self.player_name(index))
        return text

    # -- the advisor -------------------------------------------------------------------

    def ask_hint(self) -> None:
        """Think about the next step in the background; the button shows the progress."""
        state = self.state
        if self.replay is not None or state.ended is not None or self.hinting.busy:
            return
        if self.instructions.active:
            self.message = "First carry out the instruction on the table, then touch Done."
            self.draw()
            return
        if S.awaiting_reveal(state):
            self.message = "The table answers this one: which card came up?"
            self.draw()
            return
        if not S.legal_actions(state):
            self.message = "There is nothing to suggest: no action can be chosen now."
            self.draw()
            return
        position = self.position
        began = time.monotonic()

        def tick(_dt: float) -> bool:
            if not self.hinting.busy:
                self.hint_words = "Hint"
                return False
            share = min(0.99, (time.monotonic() - began) / HINT_BUDGET)
            self.hint_words = f"Thinking {round(share * 100)}%"
            return True

        self.hint_words = "Thinking 0%"  # at once: the touch was taken
        Clock.schedule_interval(tick, 0.1)
        self.hinting.run(
            position, lambda: advisor.advise(state, position.moment), self.show_hint, self.no_hint
        )

    def show_hint(self, hint: advisor.Hint) -> None:
        self.hint_words = "Hint"
        self.hint = hint
        self.selection.reset()
        self.draw()

    def no_hint(self, error: Exception) -> None:
        """The advisor failed (the error is logged): say so, and play goes on."""
        self.hint_words = "Hint"
        if isinstance(error, advisor.HintUnavailable):
            self.message = str(error)
        else:
            self.message = "No suggestion could be made this time: choose as you see fit."
        self.draw()

    def _hint_path(self) -> tuple[Target, ...]:
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
        if self.instructions.active:
            self.message = "First carry out the instruction on the table, then touch Done."
            self.draw()
            return
        if self.hint is not None and target not in self._hint_path()[:1]:
            self.hint = None  # the hint is followed touch by touch, or set aside
        if target not in self.selection.options():
            verb = self._natural_verb(target)
            if verb is None:
                self.message = self.named(self._why_not(target))
                self.draw()
                return
            self.selection.choose(("verb", verb))
        self.message = ""
        action = self.selection.choose(target)
        if action is None:
            self.draw()
        elif isinstance(action, S.Reveal) and S.immediate_loss(self.state, action):
            # A card that came up is a fact, not a choice: check the entry, not the will.
            self.selection.back()
            ask(
                "This ends the game",
                f"You entered {action.card.label}: Gamle Erik reaches Vogter and the game is "
                "lost. Is that the card that came up?",
                "Right card",
                lambda: self.take(action),
                cancel_text="Wrong card",
                danger=True,
            )
        elif S.immediate_loss(self.state, action):
            self.selection.back()
            ask(
                "This loses the game",
                f"{action.label}: Gamle Erik would reach Vogter at once. Do it anyway?",
                "Lose the game",
                lambda: self.take(action),
                danger=True,
            )
        else:
            self.take(action)

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
            return S.why_not_move(state, str(value)) or self._prompt()
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
            return f"To do that: {self._route_words(touch_paths.path(possible[0]), target)}"
        if meant:
            return refusals[0]
        return f"That is not one of the choices now. {self._prompt()}"

    def _route_words(self, path: tuple[Target, ...], target: Target) -> str:
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

    def take(self, action: S.SkoventyrAction) -> None:
        before = self.state
        try:
            self.play.play(action)
        except (ValueError, StorageFault) as refusal:  # refused, or not saved
            self.message = str(refusal)
        else:
            # A hint for a move of several steps goes on to its next step by itself.
            followed = self.hint.next_step() if self.hint and self.hint.action == action else None
            legal = followed is not None and followed.action in S.legal_actions(self.state)
            self.hint = followed if legal else None
            self.tell(
                [self._with_names(c) for c in self._changes(before, action)],
                reason=self._drawn_news(),
                heading=action.label,
            )
        self.refresh()
        outcome = self.play.session.outcome()
        if outcome is not None:
            won = outcome.result == "won"
            self.announce_end(won, "You won!" if won else "Gamle Erik wins", outcome.reason)

    def _changes(self, before: S.State, action: S.SkoventyrAction) -> list[Change]:
        """What the table must do after ``action``, in the order the rules make it.

        Cards put under the deck one at a time (Gambit, a cost) are a run: the table
        leaves their places empty until the last is chosen, then the cards left slide
        once (not at all if none is left). A Risky Draw with real cards turns its card
        over first: what the Call changed besides the card taken (the Future's slide) is
        told after that card's effects."""
        if self._run_from is not None and not isinstance(action, (S.PutUnder, S.StopPutting)):
            return [*self._owed(before), *S.table_changes(before, self.state)]
        start = self._run_from or before
        run = self._run_slots
        if isinstance(action, S.PutUnder):
            laid = [p for p in range(len(start.future)) if p not in run]
            run = (*run, laid[action.slot])  # its place as the row lay at the start
            if self.state.asking in PUT_UNDER_STEPS:  # more may follow: wait
                self._run_from, self._run_slots = start, run
                return []
        self._run_from, self._run_slots = None, ()
        if run:
            return S.table_changes(start, self.state, run=run)
        changes = S.table_changes(before, self.state)
        owed, self._after_reveal = self._after_reveal, []
        if isinstance(action, S.Call) and self.state.asking == "risky":
            self._after_reveal = [c for c in changes if not c.chosen]
            return [c for c in changes if c.chosen]
        return [*changes, *owed]

    def _owed(self, now: S.State) -> list[Change]:
        """What the table was not told yet (a run's slide, a Risky Draw's), before a
        move that does not finish it (an undo, a correction by hand): first the table
        catches up with the app."""
        start, run, owed = self._run_from, self._run_slots, self._after_reveal
        self._run_from, self._run_slots, self._after_reveal = None, (), []
        if start is not None:
            owed = [c for c in S.table_changes(start, now, run=run) if not c.chosen]
        return owed

    def _with_names(self, change: Change) -> Change:
        return replace(change, words=self.named(change.words))

    def tell_put_back(self, before: Any, undone: str) -> None:
        changes = [*self._owed(before), *S.table_changes(before, self.state)]
        self.tell(
            [self._with_names(c) for c in changes],
            heading=f"Undone: {undone}",
            everything=True,
        )

    def instruction_done(self) -> None:
        self.message = ""  # a word about touching too early is no longer needed
        super().instruction_done()

    def after_undo(self) -> None:
        self.hint = None
        self.message = ""

    def _drawn_news(self) -> str:
        """In app-deck mode, the cards the app turned up, in order."""
        drawn = self.state.drawn
        if not drawn or self.state.config.deck_mode != "app":
            return ""
        return "From the deck came " + ", then ".join(c.with_article for c in drawn) + "."

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

    def show_deck(self) -> None:
        show_notice("The deck", self.deck_text())

    def fix_by_hand(self) -> None:
        """Resolve anything by hand: the engine's primitive edits, sorted into groups."""
        if self.replay is not None:
            return
        ChoiceListPopup("Change by hand", self.by_hand_groups(), self._by_hand_picked).open()

    def by_hand_groups(self) -> dict[str, list[tuple[str, Any]]]:
        return by_hand.groups(self.state, self.named, self.take)

    def _by_hand_picked(self, picked: Any) -> None:
        if callable(picked):
            picked()  # a card: choose where from and where to
        else:
            self.take(picked)

    def confirm(self) -> None:
        self.confirm_only_choice()

    # -- drawing -----------------------------------------------------------------------

    def refresh(self) -> None:
        """Rebuild the choices from the engine's legal actions, then redraw."""
        self.hinting.forget()  # a hint for an earlier moment no longer applies
        self.selection = TouchSelection(S.legal_actions(self.state), touch_paths.path)
        self.draw()

    def draw(self) -> None:
        state = self.state
        options = self.selection.options()
        choosing = bool(self.selection.prefix)
        who = self.player_name(state.player)
        self.over = state.ended is not None
        if self.over:
            self.title = f"Game over after turn {state.turn}"
        elif state.turn:
            self.title = f"Turn {state.turn} \u00b7 {who}"
        else:
            self.title = "Skoventyr: set-up"
        self.status = ""
        self.danger = state.forest.gap == 1 and state.ended is None
        self.prompt = self.message or self._prompt()
        if self.danger and not self.message:  # red, and the words say why
            self.prompt = f"Danger: Gamle Erik is 1 step behind Vogter. {self.prompt}"
        self.ring_centre = self._ring_centre()
        self._draw_piles()
        self._draw_forest(options, choosing)
        self._fill_cards(self.ids.future, "future", list(enumerate(state.future)), options)
        hand: list[tuple[Any, S.Card]] = [(c, c) for c in state.hand]
        if state.taken is not None:
            hand.insert(0, ("taken", state.taken))
        self._fill_cards(self.ids.hand, "hand", hand, options)
        self._draw_minions(options, choosing)
        self._draw_answers()
        self._draw_hostages(options)
        self._draw_panel()
        self._draw_bottom_bar(options)
        self._draw_marks()
        self._set_lights()
        self._guard_if_changed()

    def _prompt(self) -> str:
        state = self.state
        who = self.player_name(state.player)
        if state.ended is not None:
            return state.ended.reason
        if state.tasks:
            return self.named(state.prompt)
        kinds = tuple(
            str(value) if kind == "verb" else kind for kind, value in self.selection.prefix
        )
        if kinds == ("call", "future"):
            return self._call_prompt()
        if kinds == ("command", "hand"):
            return self._command_prompt()
        if kinds in GUIDES:
            return GUIDES[kinds]
        return f"{who}: choose an action, or touch a card or a Minion."

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

    def _ring_centre(self) -> str:
        state = self.state
        gap = state.forest.gap
        if state.forest.caught:
            lines = [f"Gamle Erik caught Vogter on Tree {state.forest.vogter}"]
        else:
            lines = [f"Gamle Erik is {gap} step{'s' if gap != 1 else ''} behind Vogter"]
        if state.acorns:
            lines.append("Acorns in the centre: " + ", ".join(str(a) for a in state.acorns))
        return "\n".join(lines)

    def _draw_piles(self) -> None:
        state = self.state
        deck = state.deck
        self.deck_title = f"Deck {deck.size}"
        odds = S.gamle_erik_odds(state)
        if deck.empty:
            self.deck_caption = "empty"
        elif odds == 1:
            self.deck_caption = "Gamle Erik next"
        else:
            self.deck_caption = f"{percent(odds)} Gamle Erik"
        count = len(state.discard)
        self.discard_caption = f"{count} card{'s' if count != 1 else ''}" if count else "empty"
        if state.revealed:
            self.aside_title, self.aside_caption = "Set aside", count_cards(state.revealed)
        elif state.rallied:
            self.aside_title = "Rallied"
            rallied = [lygtemand_words(r) for r in state.rallied]
            self.aside_caption = rallied[0] if len(rallied) == 1 else f"{len(rallied)} Lygtemands"
        else:
            self.aside_title = self.aside_caption = ""

    def _draw_forest(self, options: set[Target], choosing: bool) -> None:
        forest = self.state.forest
        lit = {value for kind, value in options if kind == "tree"}
        self.ids.ring.trees = [
            {
                "target": ("tree", tree.id),
                "number": str(tree.id),
                "damaged": tree.damaged,
                "ally": tree.ally.label if tree.ally else "",
                "ally_colour": CARD_COLOURS[tree.ally] if tree.ally else theme.SURFACE_RAISED,
                "revealed": tree.revealed,
                "vogter": forest.vogter == tree.id,
                "gamle_erik": forest.gamle_erik == tree.id,
                "touchable": tree.id in lit,
                "dimmed": bool(lit) and choosing and tree.id not in lit,
            }
            for tree in forest.trees
        ]

    def _tile(self, make: type[Touchable]) -> Callable[[], Touchable]:
        def build() -> Touchable:
            tile = make()
            tile.bind(on_release=lambda t: self.pick(t.target))
            return tile

        return build

    def _fill_cards(
        self, box: Any, kind: str, cards: list[tuple[Any, S.Card]], options: set[Target]
    ) -> None:
        lit = {value for k, value in options if k == kind}
        chosen = {value for k, value in self.selection.prefix if k == kind}
        selecting = bool(options) and bool(self.selection.prefix)
        # At least three places, so that a short row keeps the cards' size.
        tiles = reuse_children(box, max(3, len(cards)), self._tile(CardTile))
        for index, tile in enumerate(tiles):
            if index >= len(cards):
                tile.title = tile.narrow_title = tile.caption = ""
                tile.colour = theme.faded(theme.SURFACE, 0.6)
                tile.target, tile.touchable, tile.selected, tile.dimmed = None, False, False, False
                continue
            key, card = cards[index]
            tile.title = card.label
            tile.narrow_title = two_line_name(card)
            tile.caption = "just taken" if key == "taken" else ""
            tile.colour = CARD_COLOURS[card]
            tile.target = (kind, key)
            tile.touchable = key in lit
            tile.selected = key in chosen
            tile.dimmed = selecting and key not in lit | chosen

    def _draw_minions(self, options: set[Target], choosing: bool) -> None:
        """Each kind of Minion in a column, so that a defeated one leaves a gap."""
        state = self.state
        lit = {value for kind, value in options if kind == "minion"}
        everyone = sorted((*state.minions, *state.defeated), key=lambda m: m.id)
        kinds = list(dict.fromkeys(m.name for m in everyone))
        columns = [[m for m in everyone if m.name == name] for name in kinds]
        order = [column[row] for row in range(2) for column in columns if row < len(column)]
        grid = self.ids.minions
        grid.cols = max(1, len(columns))
        tiles = reuse_children(grid, len(order), self._tile(MinionTile))
        in_play = {m.id for m in state.minions}
        for tile, minion in zip(tiles, order, strict=True):
            shown = minion.lygtemand
            tile.name = f"{minion.name.capitalize()} {minion.value}"
            if minion.id not in in_play:
                tile.name += "\ndefeated"
            tile.lygtemand = lygtemand_words(shown) if shown else ""
            tile.lygtemand_colour = (
                CARD_COLOURS[S.Card(shown)] if shown and shown != "any" else theme.TEXT_DIM
            )
            tile.acorn = f"Acorn {minion.acorn}" if minion.acorn and minion.id in in_play else ""
            tile.target = ("minion", minion.id)
            tile.touchable = minion.id in lit
            tile.dimmed = minion.id not in in_play or (
                choosing and bool(lit) and minion.id not in lit
            )

    def _draw_hostages(self, options: set[Target]) -> None:
        """The Rescue module's Hostages, each an Ally under its token."""
        state = self.state
        self.show_hostages = state.config.rescue
        lit = {value for kind, value in options if kind == "hostage"}
        tiles = reuse_children(self.ids.hostages, len(state.hostages), self._tile(CardTile))
        for tile, hostage in zip(tiles, state.hostages, strict=True):
            # The x2 token as it is printed, after the name: a line of its own would not
            # fit under a name on two lines.
            token = " x2" if hostage.double else ""
            tile.title = hostage.card.label + token
            tile.narrow_title = two_line_name(hostage.card) + token
            tile.caption = ""
            tile.colour = CARD_COLOURS[hostage.card]
            tile.target = ("hostage", hostage.card)
            tile.touchable = hostage.card in lit

    def _draw_panel(self) -> None:
        """The instruction being told, or the hint, in place of the Minions and prompt."""
        panel = self.ids.panel
        self.hint_shown = False
        if self.instructions.active:
            panel.show(self.instructions)
            if self.message:
                panel.reason = self.message
            self.panel_shown = True
        elif self.hint is not None:
            # No heading row: the words say it is a hint, and the room goes to them.
            panel.heading, panel.position = "", ""
            panel.words = f"Hint: {self.hint.suggestion}"
            panel.reason = self.hint.estimate
            self.panel_shown = self.hint_shown = True
        else:
            self.panel_shown = False

    def _draw_bottom_bar(self, options: set[Target]) -> None:
        bar = self.ids.actions
        can_undo = bool(self.selection.prefix) or self.play.session.can_undo
        if self.hint_button.parent is not None:
            self.hint_button.parent.remove_widget(self.hint_button)
        if self.start_bottom_bar(bar, can_undo, over=self.state.ended is not None):
            return
        self._fill_bar(bar, options)
        bar.add_widget(self.hint_button)

    def _fill_bar(self, bar: Any, options: set[Target]) -> None:
        """The answer buttons, or the actions to choose from, between Undo and Hint."""
        if S.awaiting_reveal(self.state):
            bar.add_widget(Widget())  # the cards that may come up stand on the board
            return
        places = self._answer_places()
        if places:
            for target, words in places:
                if target is None:
                    bar.add_widget(Widget())  # an answer not possible now keeps its place
                    continue
                button = TargetButton(
                    text=words, role="primary", target=target, shorten=False, font_size=theme.LABEL
                )
                button.bind(on_release=lambda _b, t=target: self.pick(t))
                bar.add_widget(button)
            return
        if self.state.tasks:
            bar.add_widget(Widget())
            return
        config = self.state.config
        chosen = self.selection.prefix[0][1] if self.selection.prefix else None
        hinted = set(self._hint_path())
        verbs = [
            (verb, words)
            for verb, words in touch_paths.VERBS.items()
            if (verb != "reconcile" or config.lygtemands) and (verb != "rescue" or config.rescue)
        ]
        # Beside the Hint, six verbs take the smaller size, and the Hint leaves each the
        # room for its word (it still covers the middle of where Done stood).
        crowded = len(verbs) > 4
        if crowded:
            bar.children[-1].width = dp(80)  # Undo, as narrow as its word allows
        room = bar.width - bar.padding[0] * 2 - bar.spacing * (len(verbs) + 1)
        room -= sum(w.width for w in bar.children) + len(verbs) * dp(76)
        self.hint_button.width = max(dp(110), min(dp(200), room))
        for verb, words in verbs:
            button = VerbButton(
                text=words, role="primary" if verb == chosen else "normal", target=("verb", verb)
            )
            if crowded:
                button.font_size, button.padding = sp(15), (dp(2), 0)
            button.available = ("verb", verb) in options or verb == chosen
            button.mark = "hint" if ("verb", verb) in hinted else ""
            button.bind(on_release=lambda _b, v=verb: self.pick(("verb", v)))
            bar.add_widget(button)

    def _answer_places(self) -> list[tuple[Target | None, str]]:
        """The answer buttons now, in fixed places (None: not possible, left empty)."""
        ordered = self.selection.ordered_options()
        options = set(ordered)
        kinds = tuple(
            str(value) if kind == "verb" else kind for kind, value in self.selection.prefix
        )
        answers = [t for t in ordered if t[0] == "answer"]
        choices = touch_paths.CHOICE_PLACES.get(kinds, ())
        # A choice stage keeps its buttons' places even when none of them is possible
        # now (Command's power: the prompt says why); the rewards show only when asked.
        if (kinds and choices) or any(("choice", c) in options for c in choices):
            return [
                (("choice", c), touch_paths.CHOICE_WORDS[c])
                if ("choice", c) in options
                else (None, "")
                for c in choices
            ]
        return [(t, self._answer_words(t)) for t in answers]

    def _answer_words(self, target: Target) -> str:
        kind, value = target
        if kind == "choice":
            return touch_paths.CHOICE_WORDS.get(str(value), str(value))
        return str(value)

    def _draw_answers(self) -> None:
        """Which card came up: each kind of card in its fixed place on the board, with
        its chance; one that cannot come up now keeps its place, empty."""
        self.answering = S.awaiting_reveal(self.state) and self.replay is None
        # None while nothing is asked: a hidden tile would still take touches.
        count = len(S.Card) if self.answering else 0
        tiles = reuse_children(self.ids.answers, count, self._tile(CardTile))
        odds = S.next_reveal_odds(self.state) if self.answering else {}
        for tile, card in zip(tiles, S.Card, strict=False):
            target = ("answer", S.Reveal(card).label)
            possible = card in odds
            tile.title = card.label if possible else ""
            tile.narrow_title = two_line_name(card) if possible else ""
            tile.caption = percent(odds[card]) if possible else ""
            tile.colour = CARD_COLOURS[card] if possible else theme.faded(theme.SURFACE, 0.6)
            tile.target = target if possible else None
            tile.touchable = possible

    def _draw_marks(self) -> None:
        """Mark the current instruction's places, or the hint's next touches."""
        marks: dict[str, str] = {}
        current = self.instructions.current
        if current is not None:
            if current.source:
                marks[current.source] = "from"
            if current.target:
                marks[current.target] = "to"
        for kind, value in self._hint_path():
            marks[self._place_of((kind, value))] = "hint"
        shown: dict[Touchable, str] = {}
        for place, tile in self._pieces():
            shown[tile] = shown.get(tile) or marks.get(place, "")
        for tile, mark in shown.items():
            tile.mark = mark

    @staticmethod
    def _place_of(target: Target) -> str:
        kind, value = target
        if kind == "future":
            return f"future:{int(str(value)) + 1}"
        if kind == "hand":
            return f"hand-card:{value}"
        if kind == "hostage" and isinstance(value, S.Card):
            return f"hostage:{value.value}"
        return f"{kind}:{value}"

    def _pieces(self) -> list[tuple[str, Touchable]]:
        """Each piece drawn on the board with the place key (engine's terms) it shows."""
        state = self.state
        found: list[tuple[str, Touchable]] = []
        for tile in self.ids.ring.children:
            found.append((f"tree:{tile.target[1]}", tile))
        for slot, tile in enumerate(reversed(self.ids.future.children)):
            found.append((f"future:{slot + 1}", tile))  # an empty place too
        for tile in self.ids.hand.children:
            key = tile.target[1] if tile.target is not None else None
            found.append(("taken" if key == "taken" else f"hand:{state.player + 1}", tile))
            found.append((f"hand-card:{key}", tile))
        for tile in self.ids.minions.children:
            found.append((f"minion:{tile.target[1]}", tile))
        for tile in self.ids.answers.children:
            found.append((f"answer:{tile.target[1] if tile.target else ''}", tile))
        for tile in self.ids.hostages.children:
            found.append((f"hostage:{tile.target[1].value}", tile))
        found += [("deck", self.ids.deck), ("discard", self.ids.discard)]
        found.append(("set_aside", self.ids.aside))
        return found

    def _guard_if_changed(self) -> None:
        """Ask the tap guard to wait when the prompt or the buttons changed meaning."""
        bar = [getattr(w, "text", "") for w in self.ids.actions.children]
        shown = "|".join([self.prompt, self.ids.panel.words, *bar])
        if shown != self._shown:
            self._shown = shown
            tap_guard.changed()

    def _set_lights(self) -> None:
        self.set_lights(
            turn="on" if self.state.ended is None else "off",
            danger="blink" if self.danger else "off",
        )


load_kv("skoventyr_play.kv")
