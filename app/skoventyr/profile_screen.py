"""Card powers: the owner sets each card's cost and power as printed on their own cards.

The rulebook prints no power for two cards (RULINGS S2); the app ships assumed ones and
marks them. Each box is a list of effects chosen from the engine's vocabulary, checked by
the engine as it is changed, and kept (on Save) as the owner's profile, which every new
game uses (``options.owner_profile``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from kivy.app import App
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from app.kit import tap_guard, theme
from app.kit.choice_list import ChoiceListPopup
from app.kit.popups import ask, show_notice
from app.kit.widgets import BaseScreen, reuse_children
from app.kv import load_kv
from app.skoventyr.options import PROFILE, owner_profile
from engines.skoventyr import (
    EFFECT_KINDS,
    Box,
    Card,
    CardCorrection,
    Config,
    Effect,
    editable_boxes,
    effect_choices,
    profile_data,
    same_effects,
    shipped,
)

#: Where each box is used, as the owner reads the card.
BOX_WORDS: dict[str, str] = {
    "cost": "Cost (left box, paid when taken with Vogter's Call)",
    "power": "Power (right box, used by discarding it with Command: Mission)",
}
#: What stands in the right box of a card that has no power to use.
NO_POWER: dict[Card, str] = {
    Card.FORMSKIFTER: "none for Mission: it may join Allies of any type in the Forest",
    Card.GAMLE_ERIK: "none: it goes under the deck at once",
}

Edits = dict[tuple[Card, Box], tuple[Effect, ...]]


def mark(words: str, colour: theme.Colour) -> str:
    """Words drawn in ``colour`` (the word itself is the signal; the colour helps)."""
    hex_colour = "".join(f"{round(part * 255):02x}" for part in colour[:3])
    return f"[color={hex_colour}]{words}[/color]"


def effect_words(effect: Effect) -> str:
    """An effect in a player's words, marked when the rulebook does not print it."""
    if effect.status == "assumed":
        return effect.text + " " + mark("(assumed: not printed)", theme.accent("skoventyr"))
    return effect.text


def box_words(effects: tuple[Effect, ...], yours: bool) -> str:
    """A box in a player's words, its assumed effects marked, the owner's box marked too."""
    words = "; ".join(effect_words(effect) for effect in effects) or "nothing"
    return words + ("  " + mark("(yours)", theme.ACCENT) if yours else "")


class CardPowersRow(BoxLayout):
    """One card: its name, its cost and power in words, and a button to change them."""

    card = ObjectProperty(None, allownone=True)
    name = StringProperty("")
    cost = StringProperty("")
    power = StringProperty("")
    on_change = ObjectProperty(None, allownone=True)


class CardPowersScreen(BaseScreen):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "Card powers"
        self.edits: Edits = {}

    def on_pre_enter(self, *_args: object) -> None:
        self.edits = {(c.card, c.box): c.effects for c in owner_profile()}
        self.refresh()

    # -- what the owner sees -----------------------------------------------------------

    def effects(self, card: Card, box: Box) -> tuple[Effect, ...]:
        return self.edits.get((card, box), shipped(card, box))

    def box_words(self, card: Card, box: Box) -> str:
        return box_words(self.effects(card, box), (card, box) in self.edits)

    def refresh(self) -> None:
        rows = reuse_children(self.ids.cards, len(Card), CardPowersRow)
        for row, card in zip(rows, Card, strict=True):
            assert isinstance(row, CardPowersRow)
            row.card = card
            row.name = card.label
            row.cost = "Cost: " + self.box_words(card, "cost")
            power = self.box_words(card, "power") if "power" in editable_boxes(card) else None
            row.power = "Power: " + (power or NO_POWER[card])
            row.on_change = self.open_card
        changed = len(self.edits)
        self.status = (
            f"{changed} box{'es' if changed != 1 else ''} changed" if changed else "As shipped"
        )

    def open_card(self, card: Card) -> None:
        CardPowersPopup(self, card).open()

    # -- changing ----------------------------------------------------------------------

    def correct(self, card: Card, box: Box, effects: tuple[Effect, ...]) -> str | None:
        """Keep a box's new effects if the engine accepts them; else say why. A box the
        owner changed is read off their card: none of it is assumed any more."""
        effects = tuple(replace(effect, status="printed") for effect in effects)
        edits = {**self.edits, (card, box): effects}
        if same_effects(effects, shipped(card, box)):
            edits.pop((card, box))
        try:
            Config(profile=self.corrections(edits))
        except ValueError as problem:
            return str(problem)
        self.edits = edits
        self.refresh()
        return None

    @staticmethod
    def corrections(edits: Edits) -> tuple[CardCorrection, ...]:
        return tuple(CardCorrection(card, box, edits[(card, box)]) for card, box in sorted(edits))

    def save(self) -> None:
        data = profile_data(self.corrections(self.edits))
        App.get_running_app().store.save_profile(PROFILE, data)
        show_notice("Saved", "New Skoventyr games will use these card powers.")

    def printed_values(self) -> None:
        def restore() -> None:
            self.edits = {}
            self.refresh()
            tap_guard.changed()

        ask(
            "Back to the printed values?",
            "Your changes are dropped from this screen, and the rulebook's values (with "
            "the assumed ones) come back; Save to make it last.",
            "Printed values",
            restore,
        )


class CardPowersPopup(ModalView):
    """One card's boxes: each effect with Remove, and Add an effect from the vocabulary."""

    heading = StringProperty("")
    message = StringProperty("")

    def __init__(self, screen: CardPowersScreen, card: Card, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.screen = screen
        self.card = card
        self.heading = f"{card.label}: cost and power"
        self.refresh()

    def refresh(self) -> None:
        box_area = self.ids.boxes
        box_area.clear_widgets()
        for box in editable_boxes(self.card):
            section = CardBoxSection(title=BOX_WORDS[box])
            effects = self.screen.effects(self.card, box)
            for index, effect in enumerate(effects):
                section.add_effect(effect_words(effect), lambda b=box, i=index: self.remove(b, i))
            if not effects:
                section.add_effect("Nothing", None)
            section.add_button(lambda b=box: self.choose_kind(b))
            box_area.add_widget(section)
        tap_guard.changed()

    def change(self, box: Box, effects: tuple[Effect, ...]) -> None:
        self.message = self.screen.correct(self.card, box, effects) or ""
        self.refresh()

    def remove(self, box: Box, index: int) -> None:
        effects = self.screen.effects(self.card, box)
        self.change(box, effects[:index] + effects[index + 1 :])

    def choose_kind(self, box: Box) -> None:
        kinds = [(words, name) for name, words in EFFECT_KINDS.items()]
        ChoiceListPopup(
            f"Add to the {self.card.label}'s {box}: what does it do?",
            {"Kinds": kinds},
            lambda name: self.choose_effect(box, name),
        ).open()

    def choose_effect(self, box: Box, kind: str) -> None:
        variants = [
            (effect.text[0].upper() + effect.text[1:], effect)
            for effect in effect_choices(self.card)[kind]
        ]
        ChoiceListPopup(
            f"{EFFECT_KINDS[kind]}: which?",
            {EFFECT_KINDS[kind]: variants},
            lambda effect: self.change(box, (*self.screen.effects(self.card, box), effect)),
            columns=1,
        ).open()


class CardBoxSection(BoxLayout):
    """A box of the card: its title, an effect per line (with Remove), Add an effect."""

    title = StringProperty("")

    def add_effect(self, words: str, remove: Any) -> None:
        line = EffectLine(words=words)
        if remove is None:
            line.ids.remove_button.opacity = 0
            line.ids.remove_button.disabled = True
        else:
            line.ids.remove_button.bind(on_release=lambda _b: remove())
        self.ids.lines.add_widget(line)

    def add_button(self, add: Any) -> None:
        self.ids.add_button.bind(on_release=lambda _b: add())


class EffectLine(BoxLayout):
    words = StringProperty("")


load_kv("skoventyr_profile.kv")
