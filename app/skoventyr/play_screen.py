"""Playing Skoventyr: the Forest, the Future, hands and Minions, and the moves by touch.

The engine says what is legal; this screen draws the state, lights up what may be
touched next (see ``touch_paths``) and hands the chosen action to the PlaySession,
which saves it before the screen shows its result.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, StringProperty

from app import theme
from app.background import Background
from app.choice_list import ChoiceListPopup
from app.game_screen import GameScreen
from app.games import GameInfo
from app.kv import load_kv
from app.play_session import PlaySession
from app.popups import ask, show_notice
from app.replay import Replay
from app.skoventyr import advisor, touch_paths
from app.skoventyr.look import CARD_COLOURS, CARD_SHORT, lygtemand_short, lygtemand_words
from app.skoventyr.widgets import CardTile, MinionTile, Touchable
from app.touch_select import Target, TouchSelection
from app.widgets import TargetButton, reuse_children
from engines import skoventyr as S

#: What to do next once the first touches of an action are made, by the touches so far.
GUIDES: dict[tuple[str, ...], str] = {
    ("call",): "Call: touch a card of the Future.",
    ("call", "future"): "Pay its cost, or make a Risky Draw?",
    ("command",): "Command: touch a card in your hand.",
    ("command", "hand"): "Touch a lit Tree to place it, or use its power.",
    ("wrath",): "Wrath: touch the Minion to defeat.",
    ("reconcile",): "Touch a Minion to Rally its Lygtemand, or Involve.",
    ("reconcile", "minion"): "Touch the Ally from your hand to give.",
    ("rescue",): "Rescue: touch the Hostage to free.",
}


#: The groups of the "By hand" list, by edit action class.
EDIT_GROUPS: dict[type, str] = {
    S.EditMovePawn: "Pawns",
    S.EditFlipTree: "Trees",
    S.EditDiscardTree: "Trees",
    S.EditRestoreTree: "Trees",
    S.EditRevealAlly: "Allies",
    S.EditDiscardAlly: "Allies",
    S.EditPlaceAlly: "Allies",
    S.EditMoveCard: "Cards",
    S.EditSwapTokens: "Tokens",
    S.EditDoubleHostage: "Tokens",
    S.EditSkipStep: "This step",
}


def percent(odds: Fraction) -> str:
    return f"{round(float(odds) * 100)}%"


class SkoventyrPlayScreen(GameScreen):
    prompt = StringProperty("")
    log_text = StringProperty("")
    hand_owner = StringProperty("Hand")
    ring_centre = StringProperty("")
    extras_label = StringProperty("")
    show_extras = BooleanProperty(False)
    danger = BooleanProperty(False)
    hint_words = StringProperty("Hint")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.play: PlaySession
        self.selection: TouchSelection[S.SkoventyrAction] = TouchSelection([], touch_paths.path)
        self.hinting: Background[advisor.Hint] = Background("advisor")
        self.ids.ring.on_pick = self.pick

    # -- set-up ------------------------------------------------------------------------

    def prepare(self, game: GameInfo, play: PlaySession | Replay) -> None:
        self.message = ""
        self.news = ""
        self.hinting.forget()
        super().prepare(game, play)
        new_game = not play.session.events and self.replay is None
        if new_game and self.state.config.deck_mode == "app":
            show_notice("Deal the cards", self.deal_text())

    # -- the advisor -------------------------------------------------------------------

    def ask_hint(self) -> None:
        """Think about the next step in the background; the button shows the progress."""
        state = self.state
        if self.replay is not None or state.ended is not None or self.hinting.busy:
            return
        if S.awaiting_reveal(state):
            self.message = "The table answers this one: which card came up?"
            self.draw()
            return
        moment = len(self.play.session.events)
        began = time.monotonic()

        def tick(_dt: float) -> bool:
            if not self.hinting.busy:
                self.hint_words = "Hint"
                return False
            share = min(0.99, (time.monotonic() - began) / advisor.HINT_BUDGET)
            self.hint_words = f"Thinking {round(share * 100)}%"
            return True

        Clock.schedule_interval(tick, 0.1)
        self.hinting.run(moment, lambda: advisor.advise(state, moment), self.show_hint)

    def show_hint(self, hint: advisor.Hint) -> None:
        self.hint_words = "Hint"
        self.message = hint.words()
        self.draw()

    def deal_text(self) -> str:
        """What the app dealt at set-up, for the people to lay out from the sorted pile."""
        state = self.state
        lines = ["Future, left to right: " + ", ".join(c.label for c in state.future) + "."]
        for index, hand in enumerate(state.hands):
            cards = " and ".join(c.with_article for c in hand)
            lines.append(f"{self.player_name(index)} takes {cards}.")
        set_aside = state.drawn.count(S.Card.GAMLE_ERIK)
        if set_aside:
            lines.append(
                f"Shuffle the deck: the {set_aside} Gamle Erik that came up went back into it."
            )
        return "\n".join(lines)

    @property
    def state(self) -> S.State:
        state: S.State = self.play.state
        return state

    def player_name(self, index: int) -> str:
        names = self.play.players
        return names[index] if index < len(names) else f"Player {index + 1}"

    # -- touching ----------------------------------------------------------------------

    def pick(self, target: Target | None) -> None:
        """A touch on a Tree, card, Minion or button that stands for ``target``."""
        if target is None or target not in self.selection.options():
            return  # not lit: nothing happens, as on the table
        self.message = ""
        action = self.selection.choose(target)
        if action is None:
            self.draw()
        elif S.immediate_loss(self.state, action):
            self.selection.back()
            ask(
                "This loses the game",
                f"{action.label}: Gamle Erik would reach Vogter at once. Do it anyway?",
                "Lose the game",
                lambda: self.take(action),
            )
        else:
            self.take(action)

    def take(self, action: S.SkoventyrAction) -> None:
        try:
            self.play.play(action)
        except ValueError as refusal:  # IllegalAction, or the game was closed meanwhile
            self.message = str(refusal)
        else:
            self.news = self._drawn_news()
        self.refresh()
        outcome = self.play.session.outcome()
        if outcome is not None:
            won = outcome.result == "won"
            self.announce_end(won, "You won!" if won else "Gamle Erik wins", outcome.reason)

    def _drawn_news(self) -> str:
        """In app-deck mode, the cards to take from the sorted pile, in order."""
        drawn = self.state.drawn
        if not drawn or self.state.config.deck_mode != "app":
            return ""
        return "From the deck: " + ", then ".join(card.label for card in drawn) + "."

    def deck_text(self) -> str:
        """What the app knows of the deck: counts, known top and bottom, next-card odds."""
        state = self.state
        deck = state.deck
        counts = deck.counts()
        odds = S.next_reveal_odds(state)
        lines = [f"{deck.size} cards in the deck:"]
        for card in S.Card:
            if counts[card]:
                chance = percent(odds.get(card, Fraction(0)))
                lines.append(f"  {counts[card]} {card.label}, {chance} chance to come next")
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
        groups: dict[str, list[tuple[str, Any]]] = {}
        names = {f"player {i + 1}'s": f"{self.player_name(i)}'s" for i in range(4)}
        for edit in S.manual_edits(self.state):
            label = edit.label.removeprefix("By hand: ")
            for generic, name in names.items():
                label = label.replace(generic, name)
            text = label[0].upper() + label[1:]
            groups.setdefault(EDIT_GROUPS.get(type(edit), "Other"), []).append((text, edit))
        ChoiceListPopup("Change by hand", groups, self.take).open()

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
        odds = S.gamle_erik_odds(state)
        who = self.player_name(state.player)
        self.title = f"Turn {state.turn} - {who}" if state.turn else "Skoventyr"
        self.status = f"Deck {state.deck.size} \u00b7 G.E. {percent(odds)}"
        self.danger = state.forest.gap == 1 and state.ended is None
        self.prompt = self.message or self._prompt(who)
        self.hand_owner = who if self.play.session.config.players > 1 else "Hand"
        recent = [a.label for a in self.play.session.actions[-2:]]
        self.log_text = "\n".join([self.news, *recent[-1:]] if self.news else recent)
        self.ring_centre = self._ring_centre()
        self._draw_forest(options, choosing)
        self._fill_cards(self.ids.future, "future", list(enumerate(state.future)), options)
        self._fill_cards(self.ids.hand, "hand", [(c, c) for c in state.hand], options)
        self._draw_minions(options, choosing)
        self._draw_extras(options)
        self._draw_bottom_bar(options)
        self._set_lights()

    def _prompt(self, who: str) -> str:
        state = self.state
        if state.ended is not None:
            return state.ended.reason
        if state.tasks:
            return state.prompt.replace(f"Player {state.player + 1}", who)
        kinds = tuple(
            str(value) if kind == "verb" else kind for kind, value in self.selection.prefix
        )
        if kinds in GUIDES:
            return GUIDES[kinds]
        return f"{who}: choose an action."

    def _ring_centre(self) -> str:
        state = self.state
        gap = state.forest.gap
        lines = [f"Gamle Erik {gap} step{'s' if gap != 1 else ''}\nbehind Vogter"]
        if state.acorns:
            lines.append("Acorns: " + " ".join(str(a) for a in state.acorns))
        if state.config.lygtemands:
            rallied = ", ".join(lygtemand_words(r) for r in state.rallied) or "none"
            lines.append(f"Rallied: {rallied}")
        return "\n".join(lines)

    def _draw_forest(self, options: set[Target], choosing: bool) -> None:
        forest = self.state.forest
        lit = {value for kind, value in options if kind == "tree"}
        self.ids.ring.trees = [
            {
                "target": ("tree", tree.id),
                "number": str(tree.id),
                "damaged": tree.damaged,
                "ally": CARD_SHORT[tree.ally] if tree.ally else "",
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
                tile.title, tile.caption = "", ""
                tile.colour = theme.faded(theme.SURFACE, 0.6)
                tile.target, tile.touchable, tile.selected, tile.dimmed = None, False, False, False
                continue
            key, card = cards[index]
            tile.title = CARD_SHORT[card] if len(cards) > 4 else card.label
            tile.caption = ""
            tile.colour = CARD_COLOURS[card]
            tile.target = (kind, key)
            tile.touchable = key in lit
            tile.selected = key in chosen
            tile.dimmed = selecting and key not in lit | chosen

    def _draw_minions(self, options: set[Target], choosing: bool) -> None:
        lit = {value for kind, value in options if kind == "minion"}
        minions = self.state.minions
        tiles = reuse_children(self.ids.minions, len(minions), self._tile(MinionTile))
        for tile, minion in zip(tiles, minions, strict=True):
            shown = minion.lygtemand
            tile.name = minion.name[:4].capitalize()
            tile.value = minion.value
            tile.lygtemand = lygtemand_short(shown) if shown else ""
            tile.lygtemand_colour = (
                CARD_COLOURS[S.Card(shown)] if shown and shown != "any" else theme.TEXT
            )
            tile.acorn = f"A{minion.acorn}" if minion.acorn else ""
            tile.target = ("minion", minion.id)
            tile.touchable = minion.id in lit
            tile.dimmed = choosing and bool(lit) and minion.id not in lit

    def _draw_extras(self, options: set[Target]) -> None:
        """The Rescue module's Hostages (Rallied Lygtemands are told in the ring)."""
        state = self.state
        self.show_extras = state.config.rescue
        self.extras_label = "Hostages" if state.config.rescue else ""
        lit = {value for kind, value in options if kind == "hostage"}
        tiles = reuse_children(self.ids.extras, len(state.hostages), self._tile(CardTile))
        for tile, hostage in zip(tiles, state.hostages, strict=True):
            tile.title = CARD_SHORT[hostage.card]
            tile.caption = "x2" if hostage.double else ""
            tile.colour = CARD_COLOURS[hostage.card]
            tile.target = ("hostage", hostage.card)
            tile.touchable = hostage.card in lit

    def _draw_bottom_bar(self, options: set[Target]) -> None:
        bar = self.ids.actions
        can_undo = bool(self.selection.prefix) or self.play.session.can_undo
        if self.start_bottom_bar(bar, can_undo, over=self.state.ended is not None):
            return
        answers = [t for t in self.selection.ordered_options() if t[0] in ("choice", "answer")]
        if answers:
            for target in answers:
                button = TargetButton(
                    text=self._answer_words(target),
                    role="primary",
                    target=target,
                    shorten=False,
                    font_size=theme.LABEL,
                )
                button.bind(on_release=lambda _b, t=target: self.pick(t))
                bar.add_widget(button)
            return
        if self.state.tasks:
            return
        config = self.state.config
        chosen = self.selection.prefix[0][1] if self.selection.prefix else None
        for verb, words in touch_paths.VERBS.items():
            if (verb == "reconcile" and not config.lygtemands) or (
                verb == "rescue" and not config.rescue
            ):
                continue
            button = TargetButton(
                text=words, role="primary" if verb == chosen else "normal", target=("verb", verb)
            )
            button.disabled = ("verb", verb) not in options and verb != chosen
            button.bind(on_release=lambda _b, v=verb: self.pick(("verb", v)))
            bar.add_widget(button)

    def _answer_words(self, target: Target) -> str:
        kind, value = target
        if kind == "choice":
            return touch_paths.CHOICE_WORDS.get(str(value), str(value))
        action = self.selection.completed_by(target)
        if isinstance(action, S.Reveal):
            chance = S.next_reveal_odds(self.state)[action.card]
            return f"{action.card.label}\n{percent(chance)}"
        return str(value)

    def _set_lights(self) -> None:
        self.set_lights(
            turn="on" if self.state.ended is None else "off",
            danger="blink" if self.danger else "off",
        )


load_kv("skoventyr_play.kv")
