import json
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engines.skoventyr as skoventyr
from engines import conformance
from engines.core import Event, IllegalAction, Rng, Session
from engines.skoventyr import (
    Call,
    Config,
    State,
    Wrath,
    action_from_dict,
    apply,
    gamle_erik_odds,
    legal_actions,
    new_game,
    next_reveal_odds,
    outcome,
    view,
)
from engines.skoventyr.actions import EDITS
from engines.skoventyr.cards import CARDS, Card
from tests.engines.skoventyr.builders import total_cards
from tests.engines.skoventyr.play import CONFIGS, random_game

FULL = Counter({rule.card: rule.count for rule in CARDS.cards})


def test_the_package_satisfies_the_game_protocol() -> None:
    rules = conformance.SKOVENTYR  # mypy checks its signatures there
    assert rules.NAME == "skoventyr"
    assert rules.Config() == Config()
    assert callable(skoventyr.setup_steps)


def _check_invariants(state: State) -> None:
    assert total_cards(state) == FULL, state.card_zones()
    assert len(state.future) <= 3
    assert all(Card.GAMLE_ERIK not in hand for hand in state.hands)
    assert state.forest.vogter != state.forest.gamle_erik or state.ended is not None
    assert len(state.forest.trees) + len(state.forest.discarded) == state.config.trees
    if state.ended is None and not state.tasks:
        assert all(len(hand) <= 5 for hand in state.hands)
    if state.ended is None:
        assert legal_actions(state), f"nothing to do at {state.prompt!r}"


@settings(max_examples=300, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10_000), purposeful=st.booleans())
def test_every_card_is_in_exactly_one_zone_after_every_step(
    config: Config, seed: int, purposeful: bool
) -> None:
    state = new_game(config, seed)
    _check_invariants(state)
    for _, action, after in random_game(config, seed, purposeful):
        assert not isinstance(action, EDITS)
        _check_invariants(after)


@pytest.mark.parametrize("config", CONFIGS[::3])
def test_seeded_random_games_end_with_an_outcome(config: Config) -> None:
    for seed in range(6):
        steps = list(random_game(config, seed, purposeful=seed % 2 == 1))
        final = steps[-1][2]
        result = outcome(final)
        assert result is not None
        assert result.result in ("won", "lost")
        assert result.cause in ("caught", "all_minions_defeated")
        assert legal_actions(final) == []


@pytest.mark.parametrize("config", [Config(), CONFIGS[-1], CONFIGS[13]])
def test_replay_through_a_session_rebuilds_the_state(config: Config) -> None:
    session = Session(skoventyr, config, seed=11)
    for _, action, _ in random_game(config, 11):
        session.play(action)
    session.undo()
    saved = json.loads(json.dumps([event.to_dict() for event in session.events]))
    replayed = Session.replay(skoventyr, config, 11, [Event.from_dict(skoventyr, e) for e in saved])
    assert replayed.state == session.state
    assert State.from_dict(json.loads(json.dumps(session.state.to_dict()))) == session.state


def test_every_action_round_trips_through_json() -> None:
    seen = set()
    for config in CONFIGS[-4:]:
        for seed in range(6):
            for state, action, _ in random_game(config, seed):
                seen.add(action)
                seen.update(skoventyr.manual_edits(state)[:40])
    kinds = {action.kind for action in seen}
    assert {"call", "reveal", "damage_tree", "edit_move_card", "edit_skip_step"} <= kinds
    for action in seen:
        data = json.loads(json.dumps(action.to_dict()))
        assert action_from_dict(data) == action
        assert action.label


def test_an_illegal_action_raises_and_leaves_the_state_alone() -> None:
    state = new_game(Config(), seed=3)
    before = state.to_dict()
    for action in (Wrath(0), Call(7), skoventyr.DamageTree(1), skoventyr.Reveal(Card.TROLD)):
        with pytest.raises(IllegalAction):
            apply(state, action)
        assert state.to_dict() == before
    assert state == new_game(Config(), seed=3)


def test_apply_never_changes_its_input() -> None:
    for state, action, after in random_game(Config(lygtemands=True, rescue=True), 5, True):
        frozen = state.to_dict()
        copy = State.from_dict(frozen)
        assert apply(state, action) == after  # the same again: nothing was changed
        assert state.to_dict() == frozen and state == copy


def test_purposeful_play_reaches_the_modules_actions() -> None:
    causes: Counter[str] = Counter()
    kinds: set[str] = set()
    for seed in range(40):
        config = CONFIGS[(seed * 5) % len(CONFIGS)]
        steps = list(random_game(replace(config, extra_healthy_trees=2), seed, purposeful=True))
        kinds.update(action.kind for _, action, _ in steps)
        result = outcome(steps[-1][2])
        assert result is not None
        causes[result.cause] += 1
    assert causes["caught"] > 0  # wins are rare for random play; see test_actions_wrath
    assert {"wrath", "choose_reward", "rally", "involve", "rescue"} <= kinds


def test_odds_of_the_next_reveal_are_exact() -> None:
    state = new_game(Config(), seed=1)
    assert state.deck.size == 34
    assert gamle_erik_odds(state) == Fraction(13, 34)
    assert sum(next_reveal_odds(state).values()) == 1
    known = replace(state, deck=state.deck.put_on_top(Card.HULDRE))
    assert gamle_erik_odds(known) == 0
    assert next_reveal_odds(known) == {Card.HULDRE: Fraction(1)}


def test_table_mode_offers_only_cards_that_can_still_come_up() -> None:
    state = new_game(Config(deck_mode="table"))
    assert skoventyr.awaiting_reveal(state)
    assert not skoventyr.awaiting_reveal(new_game(Config()))
    first = legal_actions(state)
    assert [a.card for a in first] == list(Card)  # type: ignore[attr-defined]
    deck = state.deck
    for card in Card:
        if card.is_ally:
            for _ in range(deck.counts()[card]):
                deck = deck.draw(card) if card in deck.possible_next() else deck
    sparse = replace(state, deck=deck)
    assert [a.card for a in legal_actions(sparse)] == [Card.GAMLE_ERIK]  # type: ignore[attr-defined]


def test_view_hides_only_the_random_source() -> None:
    state = new_game(Config(players=2), seed=42)
    seen = view(state, "player2")
    assert seen.rng == Rng(0) and state.rng != Rng(0)
    assert replace(seen, rng=state.rng) == state
