"""Skulk Hollow's controller on a few moments the usability review found wrong: the card
to play is never chosen for the person (N2), the refill is told as steps once the
hero's turn ends, before the guardian's (N1, P6), a relic spent is counted and told (N17)."""

import sqlite3
from pathlib import Path

from app.play.play_session import PlaySession
from app.skulk_hollow.autoplay import SkulkHollowPlayer
from app.skulk_hollow.controller import SkulkHollowController
from app.skulk_hollow.turn_words import said_for_you
from app.skulk_hollow.view import skulk_view
from app.storage.faults import StorageFault
from app.storage.store import Store
from engines import skulk_hollow as K


def start(tmp_path: Path, config: K.Config, seed: int = 4) -> SkulkHollowController:
    store = Store.open(tmp_path / "tableside.db")
    return SkulkHollowController(K, PlaySession.start(store, K, config, seed, ["Ana"]))


def play_until(control: SkulkHollowController, wanted: object, seed: int = 4) -> None:
    player = SkulkHollowPlayer(seed)
    for _ in range(3000):
        if wanted():  # type: ignore[operator]
            return
        assert player.step(control), "the game ended first"
    raise AssertionError("never came")


def one_card_to_play(control: SkulkHollowController) -> bool:
    state = control.state
    if state.asking != "hero" or state.pending is not None or control.telling.active:
        return False
    return sum(isinstance(a, K.PlayCard) for a in K.legal_actions(state)) == 1


def test_the_one_card_that_can_be_played_is_still_the_persons_to_name(tmp_path: Path) -> None:
    control = start(tmp_path, K.Config(foxen_deck="app"))
    play_until(control, lambda: one_card_to_play(control))
    events = len(control.play.session.events)
    control.pick(("verb", "play"))
    assert len(control.play.session.events) == events  # nothing played on their behalf
    choice = control.card_choice_wanted()
    assert choice is not None and choice.kind == "card"
    allowed = [card for card, _name, possible in control.card_order("card") if possible]
    assert len(allowed) == 1
    control.pick(("card", allowed[0]))
    assert control.play.session.actions[events] == K.PlayCard(allowed[0])


def test_the_refill_is_told_in_steps_as_the_heros_turn_ends(tmp_path: Path) -> None:
    """The hero's Cleanup is its own (the rulebook; review 2026-12-06 P6): the refill is
    a step of the "End of your turn" chain, told before the guardian plays."""
    control = start(tmp_path, K.Config())
    control.pick(("verb", "end"))  # the hand refilled as the turn ends: told now
    assert control.owed.held == ()
    told: list[str] = []
    while control.telling.active:  # the steps of the hero's cleanup
        told.append(control.telling.current.words)  # type: ignore[union-attr]
        control.done()
    assert told and told[-1].startswith("Refill your hand: ")
    assert control.state.asking == "guardian" and control.state.turn == 1
    play_until(control, lambda: control.state.asking == "hero" and control.state.turn == 2)
    assert not control.telling.active  # nothing of the hero's told after the guardian's
    assert "Refill" not in skulk_view(control).prompt


def test_a_relic_spent_is_counted_and_put_back_in_the_box(tmp_path: Path) -> None:
    control = start(tmp_path, K.Config(hero_relics=1))
    assert "relics: 1" in skulk_view(control).status
    relic = next(b for b in skulk_view(control).bar if b.target == ("verb", "relic"))
    assert relic.enabled
    control.pick(("verb", "relic"))
    assert [c.words for c in control.telling.changes] == [
        "Put 1 of your ancient relic tokens back in the box."
    ]
    control.done()
    view = skulk_view(control)
    assert "relics: 0" in view.status
    # Its button keeps its place in the bar, greyed (review N16).
    relic = next(b for b in view.bar if b.target == ("verb", "relic"))
    assert not relic.enabled
    assert [b.target for b in view.bar][:2] == [("verb", "end"), ("verb", "relic")]


def test_steps_answered_for_the_hero_are_said_together_in_few_words() -> None:
    """Review N1: a run of only choices is one short sentence, so the question after
    it keeps its place in a prompt that never scrolls; a move stays a sentence."""
    assert said_for_you(()) == ""
    assert said_for_you(("MOVE",)) == "Only choice: MOVE."
    assert said_for_you(("MISSILE ATTACK", "Archer 1")) == (
        "Only choices: MISSILE ATTACK, Archer 1."
    )
    moved = "The King of War moves to CLEARING (the only way)."
    assert said_for_you(("MOVE", "the King of War", moved, "FARM")) == (
        f"Only choices: MOVE, the King of War. {moved} Only choice: FARM."
    )


def back_at_the_heroes_turn(tmp_path: Path) -> SkulkHollowController:
    """A game where the guardian's turn was just told to the table."""
    control = start(tmp_path, K.Config())
    control.pick(("verb", "end"))
    play_until(control, lambda: control.state.asking == "hero" and control.state.turn == 2)
    while control.telling.active:
        control.done()
    return control


def test_an_undo_through_the_guardians_turn_is_saved_as_one(tmp_path: Path) -> None:
    """A plug pulled during an undo back through the guardian's turn finds all of it
    saved or none: the other copy of the file never sees the guardian half taken back."""
    control = back_at_the_heroes_turn(tmp_path)
    store = control.play.store
    saved_before = len(store.events(control.play.session_id))
    seen: list[int] = []
    write = store.append_event

    def writing(*args: object, **kwargs: object) -> int:
        with sqlite3.connect(tmp_path / "tableside.db") as other:  # what a restart reads
            seen.append(other.execute("select count(*) from events").fetchone()[0])
        return write(*args, **kwargs)  # type: ignore[arg-type]

    store.append_event = writing  # type: ignore[method-assign]
    control.undo()
    assert len(seen) >= 2  # the hero's End turn and at least one of the guardian's moves
    assert set(seen) == {saved_before}
    assert len(store.events(control.play.session_id)) == saved_before + len(seen)
    assert control.state.asking == "hero" and control.state.turn == 1


def test_an_undo_that_cannot_be_saved_takes_nothing_back(tmp_path: Path) -> None:
    control = back_at_the_heroes_turn(tmp_path)
    store = control.play.store
    state, owed = control.state, control.owed
    events = control.play.session.events
    calls: list[int] = []

    def failing(*args: object, **kwargs: object) -> int:
        calls.append(1)
        if len(calls) == 2:
            raise StorageFault("full")
        return 0

    store.append_event = failing  # type: ignore[method-assign]
    control.undo()
    assert control.state is state and control.owed == owed
    assert control.play.session.events == events
    assert control.unsaved and "Your saved games are safe." in control.message
    assert skulk_view(control).prompt == control.message


def test_two_copies_of_a_card_in_hand_are_one_button_that_says_so(tmp_path: Path) -> None:
    """Review N23: "Strike x2", not one Strike that hides the other."""
    control = start(tmp_path, K.Config(foxen_deck="app"), seed=1)

    def doubled() -> bool:
        hand = control.state.hero_cards.hand
        return any(hand.count(card) > 1 for card in hand)

    play_until(control, doubled, seed=1)
    hand = control.state.hero_cards.hand
    card = next(c for c in hand if hand.count(c) > 1)
    name = control.state.foxen.card(card).name
    order = control.card_order("card")
    assert [n for c, n, _ in order if c == card] == [f"{name} \u00d7{hand.count(card)}"]
    assert len(order) == len(set(hand))
