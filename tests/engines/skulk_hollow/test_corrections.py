"""Corrections by hand (engines/skulk_hollow/corrections.py): each changes exactly what it
names, is recorded like any action (replayed on resume, taken back by undo), is never a
legal action, and the guardian's bots play on from any corrected position while the
table's account of every change stays whole."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from engines import skulk_hollow as K
from engines.core import IllegalAction, Session
from engines.skulk_hollow import rules
from engines.skulk_hollow.bots import make_guardian
from engines.skulk_hollow.components import GUARDIANS
from engines.skulk_hollow.config import LEVELS
from engines.skulk_hollow.state import State
from tests.engines.skulk_hollow.builders import fill_all_but, game, leader, place, unit, wounds
from tests.engines.table_accounts import account_problems

#: What every correction changes besides what it names: its count, and the words.
BOOKKEEPING = {"corrections", "last", "prompt", "asking"}


def changed_fields(before: State, after: State) -> set[str]:
    """The top-level fields of ``to_dict`` that differ (a unit or card field by name)."""
    old, new = before.to_dict(), after.to_dict()
    assert isinstance(old, dict) and isinstance(new, dict)
    found = {key for key in old if old[key] != new[key]} - BOOKKEEPING
    for side in ("hero_cards", "guardian_cards"):
        if side in found:
            found.remove(side)
            found |= {f"{side}.{k}" for k in old[side] if old[side][k] != new[side][k]}
    if "units" in found:
        found.remove("units")
        olds = {u.id: u.to_dict() for u in before.units}
        news = {u.id: u.to_dict() for u in after.units}
        for uid in olds.keys() | news.keys():
            a, b = olds.get(uid, {}), news.get(uid, {})
            found |= {f"{uid}.{k}" for k in a.keys() | b.keys() if a.get(k) != b.get(k)}
    return found


def wounded(state: State) -> State:
    return wounds(place(state, leader(), unit("sentinel", "keep", wounds=1)), stomp=1)


def three_runes(state: State) -> State:
    return replace(state, runes=("farm", "keep", "mine"))


Setup = Callable[[State], State] | None

CASES: list[tuple[str, Setup, K.HandEdit, set[str]]] = [
    ("grak", None, K.EditMoveGuardian("clearing"), {"guardian_space"}),
    ("raptra", None, K.EditRaptraStatus(True), {"airborne"}),
    ("grak", None, K.EditMoveUnit("sentinel", space="mine"), {"sentinel.space"}),
    (
        "grak",
        None,
        K.EditMoveUnit("sentinel", location="stomp"),
        {"sentinel.space", "sentinel.location"},
    ),
    ("grak", None, K.EditUnitWound("sentinel", True), {"sentinel.wounds"}),
    ("grak", wounded, K.EditUnitWound("sentinel", False), {"sentinel.wounds"}),
    ("grak", None, K.EditLocationWound("stomp", True), {"guardian_wounds"}),
    ("grak", wounded, K.EditLocationWound("stomp", False), {"guardian_wounds"}),
    ("grak", None, K.EditPower("king_of_war", True), {"king_of_war.power"}),
    ("grak", None, K.EditPower("hero_pool", True), {"hero_pool"}),
    ("tanthos", None, K.EditPower("guardian", True), {"guardian_power"}),
    ("tanthos", None, K.EditRoot("mine", True), {"roots"}),
    ("tanthos", None, K.EditRoot("lair", False), {"roots"}),
    ("apoda", None, K.EditRune("farm", False), {"runes"}),
    ("apoda", three_runes, K.EditRune("lair", True), {"runes"}),
    ("apoda", three_runes, K.EditSetCount("runes_collected", 1), {"runes_collected"}),
    ("grak", None, K.EditSetCount("tribute", 3), {"eliminated"}),
    ("grak", None, K.EditSetCount("actions_left", 1), {"actions_left"}),
    ("grak", None, K.EditSetCount("hero_hand", 4), {"hero_cards.hand_count"}),
    ("grak", None, K.EditSetCount("hero_deck", 9), {"hero_cards.deck_count"}),
    ("grak", None, K.EditSetTurn("guardian"), {"active", "actions_left"}),
]


def _case_id(value: object) -> str:
    """Ids that are the same in every process (pytest-xdist compares them): a set in
    sorted order, a set-up function by its name."""
    if isinstance(value, set):
        return "{" + ",".join(sorted(value)) + "}"
    return getattr(value, "__name__", str(value))


@pytest.mark.parametrize(("guardian", "setup", "edit", "named"), CASES, ids=_case_id)
def test_a_correction_changes_exactly_what_it_names(
    guardian: str, setup: Setup, edit: K.HandEdit, named: set[str]
) -> None:
    state = game(guardian)
    if setup is not None:
        state = setup(state)
    after = rules.apply(state, edit)
    assert changed_fields(state, after) == named
    assert after.corrections == state.corrections + 1
    assert after.last.startswith("Corrected by hand")


def test_a_card_moves_between_named_zones_and_only_there() -> None:
    state = game("grak", foxen_deck="app")
    card = state.guardian_cards.hand[0]
    discarded = rules.apply(state, K.EditMoveCard("guardian", card, "hand", "discard"))
    assert changed_fields(state, discarded) == {
        "guardian_cards.hand",
        "guardian_cards.hand_count",
        "guardian_cards.discard",
    }
    assert discarded.guardian_cards.discard == (card,)
    # Into a deck the app holds, a card is shuffled in: the random source moves too.
    hero_card = state.hero_cards.hand[0]
    shuffled_in = rules.apply(state, K.EditMoveCard("hero", hero_card, "hand", "deck"))
    assert changed_fields(state, shuffled_in) == {
        "hero_cards.hand",
        "hero_cards.hand_count",
        "hero_cards.deck",
        "hero_cards.deck_count",
        "rng",
    }
    assert hero_card in shuffled_in.hero_cards.deck


def test_a_table_held_hand_sends_a_named_card_to_the_discard_pile() -> None:
    state = game("grak")  # the hero player holds the Foxen deck: counts only
    after = rules.apply(state, K.EditMoveCard("hero", "strike", "hand", "discard"))
    assert changed_fields(state, after) == {"hero_cards.hand_count", "hero_cards.discard"}
    with pytest.raises(IllegalAction, match="Set how many cards"):
        rules.apply(state, K.EditMoveCard("hero", "strike", "hand", "deck"))


def test_a_last_wound_by_hand_eliminates_as_the_rules_say() -> None:
    state = place(game("grak"), leader(), unit("knight_1", "keep", wounds=2))
    after = rules.apply(state, K.EditUnitWound("knight_1", True))
    assert not after.has_unit("knight_1") and after.eliminated == 1
    assert after.hero_cards.discard[-1] == "knight"


@pytest.mark.parametrize(
    ("edit", "match"),
    [
        (K.EditMoveGuardian("lair"), "already stands there"),
        (K.EditMoveGuardian("atlantis"), "no space called"),
        (K.EditUnitWound("sentinel", False), "has no wound"),
        (K.EditUnitWound("rogue_9", True), "no Rogue 9 in play"),
        (K.EditLocationWound("stomp", False), "no wound"),
        (K.EditPower("sentinel", False), "no power cube"),
        (K.EditRoot("mine", True), "Only Tanthos"),
        (K.EditRaptraStatus(True), "Only Raptra"),
        (K.EditSetCount("tribute", 9), "only be 0 to 8"),
        (K.EditSetCount("runes_collected", 1), "not kept in this game"),
        (K.EditSetTurn("hero"), "already"),
        (K.EditMoveCard("guardian", "stride", "deck", "deck"), "between two of"),
    ],
)
def test_an_impossible_correction_is_refused_in_words(edit: K.HandEdit, match: str) -> None:
    state = game("grak")
    with pytest.raises(IllegalAction, match=match):
        rules.apply(state, edit)


def test_no_correction_while_a_choice_is_half_made_or_once_over() -> None:
    state = rules.apply(game("grak"), K.PlayCard("rally"))
    assert K.manual_edits(state) == []
    with pytest.raises(IllegalAction, match="Finish the choice"):
        rules.apply(state, K.EditMoveGuardian("mine"))
    nearly = fill_all_but(game("grak"), "stomp")
    over = rules.apply(nearly, K.EditLocationWound("stomp", True))
    assert over.ended == "all_wounds_filled" and K.manual_edits(over) == []


@pytest.mark.parametrize("guardian", GUARDIANS)
def test_corrections_are_never_legal_actions_and_all_listed_ones_apply(guardian: str) -> None:
    for deck in ("table", "app"):
        state = game(guardian, foxen_deck=deck)
        edits = K.manual_edits(state)
        assert edits and not set(edits) & set(rules.legal_actions(state))
        for edit in edits:
            after = rules.apply(state, edit)
            assert K.action_from_dict(edit.to_dict()) == edit
            assert edit.label.startswith("By hand: ")
            assert account_problems(K, state, after) == []
            for change in K.table_changes(state, after):
                assert change.chosen  # the people made it themselves: nothing to announce


def test_a_correction_survives_a_resume_and_undo_restores_the_state_before() -> None:
    config = K.Config(guardian="tanthos")
    session = Session(K, config, seed=5)
    session.play(K.PlayCard("rally"))
    session.play(K.ChooseAction("gain_power"))
    before = session.state
    session.play(K.EditUnitWound("sentinel", True))
    session.play(K.EditRoot("mine", True))
    corrected = session.state
    resumed = Session.replay(K, config, 5, session.events)
    assert resumed.state == corrected
    session.undo()
    session.undo()
    assert session.state == before
    assert Session.replay(K, config, 5, session.events).state == before


@pytest.mark.parametrize("guardian", GUARDIANS)
def test_bots_play_on_from_corrected_positions(guardian: str) -> None:
    """Seeded games, random corrections interleaved: each guardian level chooses a legal
    action, and the table is told every difference once, both ways."""
    for seed in range(3):
        chooser = random.Random(seed)
        deck = "app" if seed % 2 else "table"
        state = game(guardian, foxen_deck=deck, seed=seed)
        bots = {level: make_guardian(level) for level in LEVELS}
        for step in range(160):
            if state.ended:
                break
            edits = K.manual_edits(state)
            if edits and chooser.random() < 0.2:
                action: K.SkulkAction = chooser.choice(edits)
            elif state.asking == "guardian":
                bot = bots[LEVELS[step % len(LEVELS)]]
                action = bot.decide(K.view(state, "guardian"), chooser).action
                assert action in rules.legal_actions(state)
            else:
                action = chooser.choice(rules.legal_actions(state))
            after = rules.apply(state, action)
            assert account_problems(K, state, after) == [], (seed, step, action.label)
            state = after


def test_hero_pieces_move_onto_the_guardian_only_where_a_slot_is_free() -> None:
    state = place(game("grak"), leader(), unit("sentinel", location="stomp"))
    slots = state.board.location("stomp").slots
    crowded = state
    for n in range(1, slots):
        crowded = place(crowded, unit(f"knight_{n}", location="stomp"), keep_start=True)
    listed = K.manual_edits(crowded)
    assert K.EditMoveUnit("king_of_war", location="stomp") not in listed
    with pytest.raises(IllegalAction, match="no free figure slot"):
        rules.apply(crowded, K.EditMoveUnit("king_of_war", location="stomp"))
