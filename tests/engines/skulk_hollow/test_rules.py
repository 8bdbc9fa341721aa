import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engines.skulk_hollow as skulk
from engines import conformance
from engines.core import Event, IllegalAction, Rng, Session
from engines.skulk_hollow import rules
from engines.skulk_hollow.actions import (
    ALL_ACTION_TYPES,
    ChooseAction,
    ChooseLocation,
    ChooseSpace,
    ChooseUnit,
    EndTurn,
    PlayCard,
    SkulkAction,
)
from engines.skulk_hollow.components import GUARDIANS, LEADERS
from engines.skulk_hollow.config import Config
from engines.skulk_hollow.state import State
from tests.engines.skulk_hollow.builders import (
    fill_all_but,
    game,
    hero_turn,
    leader,
    place,
    run,
    unit,
)
from tests.engines.skulk_hollow.play import playout


def test_the_package_satisfies_the_game_protocol() -> None:
    game_rules = conformance.SKULK_HOLLOW  # mypy checks its signatures there
    assert game_rules.NAME == "skulk_hollow"
    assert isinstance(skulk.new_game(), skulk.State)


def test_a_new_game_is_laid_out_as_printed() -> None:
    state = rules.new_game(Config(guardian="apoda", leader="queen_of_blessing"), seed=3)
    assert {(u.id, u.space) for u in state.units} == {
        ("sentinel", "keep"),
        ("queen_of_blessing", "keep"),
    }
    assert state.guardian_space == "lair"
    assert state.active == "hero" and state.actions_left == 3
    assert state.hero_cards.hand_count == 5 and not state.hero_cards.known
    assert state.guardian_cards.hand_count == len(state.guardian_cards.hand) == 4
    assert state.guardian_cards.deck_count == 10
    assert state.asking == "hero" and "3 actions" in state.prompt


def test_the_app_may_hold_the_foxen_deck() -> None:
    state = rules.new_game(Config(foxen_deck="app"), seed=1)
    cards = state.hero_cards
    assert cards.known and len(cards.hand) == 5 and len(cards.deck) == 19


def test_the_same_seed_gives_the_same_game() -> None:
    assert rules.new_game(seed=5) == rules.new_game(seed=5)
    assert rules.new_game(seed=5).guardian_cards != rules.new_game(seed=6).guardian_cards


def test_filling_the_last_wound_space_wins_for_the_heroes() -> None:
    state = place(fill_all_but(game(), "stomp"), leader(), unit("sentinel", location="stomp"))
    state = run(state, PlayCard("strike"), ChooseAction("melee"), ChooseUnit("sentinel"))
    state = run(state, ChooseLocation("stomp"))
    result = rules.outcome(state)
    assert result is not None
    assert (result.result, result.cause) == ("won", "all_wounds_filled")
    assert state.asking == "" and state.prompt == "The game is over."


def test_an_illegal_action_is_explained_and_changes_nothing() -> None:
    state = game()
    snapshot = copy.deepcopy(state.to_dict())
    for action, words in (
        (ChooseUnit("sentinel"), "Nothing is being chosen"),
        (PlayCard("dragon"), "no card called 'dragon'"),
        (skulk.SpendRelic(), "no ancient relic"),
    ):
        with pytest.raises(IllegalAction, match=words):
            rules.apply(state, action)
    assert state.to_dict() == snapshot


def test_a_choice_in_progress_must_be_finished_first() -> None:
    state = run(game(), PlayCard("knight"))
    with pytest.raises(IllegalAction, match="Finish the current choice first"):
        rules.apply(state, EndTurn())


def test_the_guardian_cannot_act_on_the_hero_turn() -> None:
    with pytest.raises(IllegalAction, match="hero player's turn"):
        rules.apply(game(), PlayCard("stride"))


def test_apply_does_not_change_its_input() -> None:
    state = game()
    before = copy.deepcopy(state.to_dict())
    after = rules.apply(state, PlayCard("knight"))
    assert state.to_dict() == before and after != state


def test_view_for_the_guardian_hides_the_hero_hand_and_every_deck_order() -> None:
    state = rules.new_game(Config(foxen_deck="app"), seed=2)
    seen = rules.view(state, "guardian")
    assert seen.hero_cards.hand == () and seen.hero_cards.deck == ()
    assert seen.hero_cards.hand_count == 5 and seen.hero_cards.deck_count == 19
    assert seen.guardian_cards.hand == state.guardian_cards.hand
    assert seen.guardian_cards.deck == () and seen.guardian_cards.deck_count == 9
    assert seen.rng != state.rng  # the seed would reveal the shuffles
    text = json.dumps(seen.to_dict())
    for card in state.hero_cards.hand:
        assert f'"{card}"' not in json.dumps(seen.hero_cards.to_dict())
    assert "seen_by" in text
    hero_seen = rules.view(state, "hero")
    assert hero_seen.hero_cards.hand == state.hero_cards.hand
    assert hero_seen.guardian_cards.hand == () and hero_seen.hero_cards.deck == ()


def test_a_view_cannot_be_played_on_and_seats_are_checked() -> None:
    seen = rules.view(game(), "hero")
    with pytest.raises(IllegalAction, match="view"):
        rules.apply(seen, EndTurn())
    with pytest.raises(ValueError, match="seat"):
        rules.view(game(), "spectator")


def test_determinize_deals_hidden_cards_from_the_unseen_ones() -> None:
    state = rules.new_game(Config(foxen_deck="app"), seed=4)
    guess = rules.determinize(rules.view(state, "guardian"), Rng(9))
    assert guess.seen_by == ""
    assert guess.guardian_cards.hand == state.guardian_cards.hand
    assert sorted(guess.guardian_cards.deck) == sorted(state.guardian_cards.deck)
    assert len(guess.hero_cards.hand) == 5
    rules.apply(guess, rules.legal_actions(guess)[0])  # playable


@pytest.mark.parametrize("guardian", GUARDIANS)
@pytest.mark.parametrize("leader_id", LEADERS)
def test_random_games_end_within_a_bound(guardian: str, leader_id: str) -> None:
    config = Config(guardian=guardian, leader=leader_id)
    state, log = playout(config, seed=len(guardian) + len(leader_id))
    assert state.ended, f"no end after {len(log)} steps"
    assert rules.outcome(state) is not None
    assert rules.legal_actions(state) == []


@pytest.mark.parametrize("guardian", GUARDIANS)
def test_replay_through_a_session_rebuilds_the_state(guardian: str) -> None:
    config = Config(guardian=guardian, foxen_deck="app")
    state, log = playout(config, seed=11, max_steps=400)
    session = Session(skulk, config, 11)
    for action in log:
        session.play(action)
    assert session.state == state
    saved = json.loads(json.dumps([e.to_dict() for e in session.events]))
    replayed = Session.replay(skulk, config, 11, [Event.from_dict(skulk, d) for d in saved])
    assert replayed.state == state
    replayed.undo()
    assert replayed.state != state


def test_every_action_round_trips() -> None:
    seen: dict[str, SkulkAction] = {}
    for guardian in GUARDIANS:
        for seed in range(3):
            _, log = playout(Config(guardian=guardian), seed, max_steps=1500)
            for action in log:
                seen.setdefault(action.kind, action)
                data = json.loads(json.dumps(action.to_dict()))
                assert skulk.action_from_dict(data) == action
                assert action.label
    assert set(seen) >= {t.kind for t in ALL_ACTION_TYPES} - {"spend_relic"}
    with pytest.raises(ValueError):
        skulk.action_from_dict({"kind": "fly"})


def test_relic_action_round_trips() -> None:
    action = skulk.SpendRelic()
    assert skulk.action_from_dict(action.to_dict()) == action


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(GUARDIANS),
    st.sampled_from(("table", "app")),
    st.integers(0, 10_000),
    st.integers(1, 300),
)
def test_states_stay_sound_and_round_trip(guardian: str, deck: str, seed: int, steps: int) -> None:
    config = Config(guardian=guardian, foxen_deck=deck)  # type: ignore[arg-type]
    state, _ = playout(config, seed, max_steps=steps)
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    assert state.ended or rules.legal_actions(state), "someone must always have a choice"
    assert state.asking == ("" if state.ended else state.active)
    for unit_ in state.units:
        kind = state.unit_type(unit_)
        assert 0 <= unit_.wounds < kind.wounds and 0 <= unit_.power <= kind.power
        assert bool(unit_.space) != bool(unit_.location)
    for location, wounds in zip(state.board.locations, state.guardian_wounds, strict=True):
        assert 0 <= wounds <= location.wounds
        assert sum(1 for u in state.units if u.location == location.id) <= location.slots
    cards = state.hero_cards
    in_play = sum(1 for u in state.units if u.kind not in (config.leader,))
    summoning = 1 if state.pending is not None and state.pending.step == "summon" else 0
    total = cards.hand_count + cards.deck_count + len(cards.discard) + in_play + summoning
    assert total == len(state.foxen.all_cards())
    g = state.guardian_cards
    assert g.hand_count + g.deck_count + len(g.discard) == 14


def test_a_refused_hero_or_space_is_explained() -> None:
    state = hero_turn(place(game(), leader(), unit("sentinel", location="stomp")))
    state = run(state, PlayCard("advance"), ChooseAction("move"))
    assert rules.why_illegal(state, ChooseUnit("sentinel")) == (
        "The Sentinel is on Grak: it can only leap off, not move."
    )
    moving = run(state, ChooseUnit("king_of_war"))
    assert rules.why_illegal(moving, ChooseSpace("mine")) == (
        "MINE is not next to KEEP: the King of War can move to CLEARING."
    )
    state = hero_turn(place(game(), leader(), unit("archer_1", "forest_shrine")))
    state = run(state, PlayCard("bound"), ChooseAction("missile"))
    assert rules.why_illegal(state, ChooseUnit("king_of_war")) == (
        "The King of War card shows no MISSILE ATTACK."
    )
