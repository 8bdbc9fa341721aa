"""Skoventyr's Card powers: the owner changes a card's power on the screen, saves it, and
the next game (its set-up guide, its rules, its prompts) goes by it; a game keeps the
powers it was started with; a damaged saved profile gives way to the printed values."""

from __future__ import annotations

import pytest
from kivy.uix.widget import Widget

from app.kit.popups import MessagePopup
from app.kit.widgets import TButton
from app.skoventyr.profile_screen import CardPowersRow, EffectLine
from engines import skoventyr as S
from engines.skoventyr.profile import CardCorrection
from tests.ui.driver import Driver
from tests.ui.test_skoventyr_play import tile_button

pytestmark = pytest.mark.ui

HEAL_TWO = CardCorrection(S.Card.HULDRE, "power", (S.Effect("heal_tree", 2),))
SAVED_HEAL_TWO = {"huldre": {"power": [{"effect": "heal_tree", "count": 2}]}}


def button_in(parent: Widget, words: str) -> TButton:
    return next(w for w in parent.walk() if isinstance(w, TButton) and w.text == words)


def card_row(driver: Driver, card: S.Card) -> CardPowersRow:
    return next(w for w in driver.visible() if isinstance(w, CardPowersRow) and w.card is card)


def open_card_powers(driver: Driver) -> None:
    driver.tap(tile_button(driver, "Skoventyr", "New game"))
    driver.tap_text("Card powers")
    assert driver.app.root.current.endswith("CardPowersScreen")


def start_from_new_game(driver: Driver) -> list[str]:
    """From the New game page through the set-up guide into play; the guide's texts."""
    driver.tap_text("Set up the table")
    seen: list[str] = []
    while "Done" not in driver.texts():
        seen += driver.texts()
        driver.tap_text("Next")
    seen += driver.texts()
    driver.tap_text("Done")
    assert driver.app.root.current.endswith("SkoventyrPlayScreen")
    return seen


def test_a_power_changed_on_the_screen_is_saved_and_used_by_the_next_game(
    driver: Driver,
) -> None:
    open_card_powers(driver)
    huldre = card_row(driver, S.Card.HULDRE)
    assert "heal a Tree" in huldre.power and "assumed" in huldre.power
    driver.tap(button_in(huldre, "Change"))

    heal = next(
        w for w in driver.visible() if isinstance(w, EffectLine) and w.words.startswith("heal")
    )
    driver.tap(heal.ids.remove_button)
    assert not any(isinstance(w, EffectLine) and "heal" in w.words for w in driver.visible())
    adds = [w for w in driver.visible() if isinstance(w, TButton) and w.text == "Add an effect"]
    driver.tap(adds[-1])  # the power box comes after the cost box
    driver.tap_text("Heal Trees")
    driver.tap_text("Heal 2 Trees")
    assert any(isinstance(w, EffectLine) and w.words == "heal 2 Trees" for w in driver.visible())
    driver.tap_text("Done")

    huldre = card_row(driver, S.Card.HULDRE)
    assert huldre.power.startswith("Power: heal 2 Trees") and "(yours)" in huldre.power
    assert "assumed" not in huldre.power
    assert card_row(driver, S.Card.HULDRE).cost == "Cost: damage a Tree"  # untouched
    assert driver.app.current_screen.status == "1 box changed"
    driver.tap_text("Save")
    assert driver.app.store.profile("skoventyr") == SAVED_HEAL_TWO
    driver.close_popups()
    driver.tap_text("Back")

    guide = start_from_new_game(driver)
    items = "\n".join(guide).splitlines()
    assert "•  Huldre power: heal 2 Trees" in items
    assert not any("Huldre power: heal a Tree" in line for line in items)
    screen = driver.app.current_screen
    assert screen.play.session.config.profile == (HEAL_TWO,)
    while screen.instructions.active:  # the deal, one Done each
        driver.tap_text("Done")

    # The power is what the game goes by: put a Huldre in hand by hand, choose Command
    # and the card, and the prompt names the owner's power.
    state = screen.play.state
    source = next(
        zone
        for zone, cards in state.card_zones().items()
        if cards[S.Card.HULDRE] and zone != "hand1"
    )
    screen.take(S.EditMoveCard(S.Card.HULDRE, source, "hand1"))  # type: ignore[arg-type]
    driver.close_popups()
    screen.pick(("verb", "command"))
    screen.pick(("hand", S.Card.HULDRE))
    driver.pump()
    assert "heal 2 Trees" in screen.view.prompt


def test_a_game_resumes_with_the_powers_it_was_started_with(driver: Driver) -> None:
    driver.app.store.save_profile("skoventyr", SAVED_HEAL_TWO)
    driver.tap(tile_button(driver, "Skoventyr", "New game"))
    start_from_new_game(driver)
    session_id = driver.app.current_screen.play.session_id
    # The owner changes their mind after the game began: it keeps its own powers.
    driver.app.store.save_profile("skoventyr", {})
    driver.close_popups()
    driver.app.home()
    driver.pump()
    driver.tap(tile_button(driver, "Skoventyr", "Resume"))
    screen = driver.app.current_screen
    assert screen.play.session_id == session_id
    assert screen.play.session.config.profile == (HEAL_TWO,)
    assert screen.state.config.cards.rule(S.Card.HULDRE).power == HEAL_TWO.effects


@pytest.mark.parametrize(
    "damaged",
    [
        ["huldre"],
        {"huldre": {"power": [{"effect": "heal_tree", "count": 10**9}]}},
        {"gamle_erik": {"power": []}},
    ],
    ids=["a list", "a huge count", "a power Gamle Erik has not"],
)
def test_a_damaged_profile_is_told_and_the_printed_values_are_used(
    driver: Driver, damaged: object
) -> None:
    driver.app.store._noted.clear()  # the store tells a notice once per run of the app
    driver.app.store.save_profile("skoventyr", damaged)
    open_card_powers(driver)
    driver.wait_until(lambda: any(isinstance(w, MessagePopup) for w in driver.visible()))
    notice = next(w for w in driver.visible() if isinstance(w, MessagePopup))
    assert "values shipped with Tableside are used" in notice.message
    assert '"Card powers"' in notice.message
    driver.close_popups()
    assert driver.app.current_screen.status == "As shipped"
    assert "assumed" in card_row(driver, S.Card.HULDRE).power
    driver.tap_text("Back")
    start_from_new_game(driver)
    assert driver.app.current_screen.play.session.config.profile == ()
