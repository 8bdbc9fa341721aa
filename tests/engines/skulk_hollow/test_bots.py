"""The Skulk Hollow bots: legal choices only, reproducible with a seed, and blind to
what their seat may not see (a view whose hidden parts raise when touched)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import Any

import pytest

import engines.skulk_hollow.bots.search as searching
from engines.core import Rng
from engines.skulk_hollow import Cards, Config, State, apply, legal_actions, new_game, view
from engines.skulk_hollow.bots import (
    EasyGuardian,
    GreedyHero,
    HardGuardian,
    NormalGuardian,
    RandomHero,
    SearchHero,
    make_guardian,
    make_hero,
    policy,
)
from engines.skulk_hollow.bots.policy import Decision
from engines.skulk_hollow.bots.search import search
from engines.skulk_hollow.bots.traits import TRAITS
from engines.skulk_hollow.components import GUARDIANS

HIDDEN = ("hand", "deck")


@dataclass(frozen=True)
class TouchedRng(Rng):
    """A random source that raises when used: the game's hidden next draws."""

    def _generator(self) -> Any:
        raise AssertionError("a bot used the view's random source (the hidden draws)")


class SealedCards(Cards):
    """Cards whose hand and deck raise when read: what the seat may not see."""

    def __getattribute__(self, name: str) -> Any:
        if name in HIDDEN:
            raise AssertionError(f"a bot read the hidden {name} of the other side")
        return super().__getattribute__(name)


def seal(cards: Cards) -> Cards:
    sealed = object.__new__(SealedCards)
    sealed.__dict__.update(cards.__dict__)
    return sealed


def blind(state: State, seat: str) -> State:
    """The seat's view with every hidden part raising: the other side's hand, both
    deck orders, the random source."""
    seen = view(state, seat)
    own = "hero_cards" if seat == "hero" else "guardian_cards"
    other = "guardian_cards" if seat == "hero" else "hero_cards"
    own_cards = getattr(seen, own)
    # The seat knows its own hand but never its deck order.
    visible = replace(own_cards, deck=())
    return replace(seen, rng=TouchedRng(0), **{other: seal(getattr(seen, other)), own: visible})


def play(
    guardian: Any, hero: Any, config: Config, seed: int, steps: int = 0
) -> tuple[State, list[Any]]:
    """A whole game (or its first ``steps``), every action checked against the rules
    before it is taken."""
    rng = random.Random(seed)
    state = new_game(config, seed)
    log: list[Any] = []
    for _ in range(steps or 20_000):
        if state.ended:
            return state, log
        if state.asking == "guardian":
            decision = guardian.decide(blind(state, "guardian"), rng)
            assert decision.reason and "\n" not in decision.reason
            action = decision.action
        else:
            action = hero.choose(blind(state, "hero"), rng)
        assert action in legal_actions(state), f"{action} is not legal in {state.prompt}"
        log.append(action)
        state = apply(state, action)
    if steps:
        return state, log
    raise AssertionError("the game did not end")


class RuleFollowing:
    """The policy's own choice, slips or none."""

    def decide(self, seen: State, rng: random.Random) -> Decision:
        return policy.decide(seen, rng)


def fast_hard() -> HardGuardian:
    return HardGuardian(turn_budget=0.01, max_guesses=1)


@pytest.mark.parametrize("guardian", GUARDIANS)
@pytest.mark.parametrize(
    "level", [EasyGuardian, NormalGuardian, fast_hard], ids=["easy", "normal", "hard"]
)
def test_every_level_plays_a_legal_whole_game_blind(guardian: str, level: Any) -> None:
    config = Config(guardian=guardian, leader="queen_of_blessing", foxen_deck="app")
    state, _ = play(level(), RandomHero(), config, seed=11)
    assert state.ended


@pytest.mark.parametrize("hero", [RandomHero, GreedyHero])
def test_the_fast_hero_bots_play_a_legal_whole_game_blind(hero: Any) -> None:
    config = Config(guardian="apoda", leader="prince_of_guile", foxen_deck="app")
    state, _ = play(NormalGuardian(), hero(), config, seed=4)
    assert state.ended


def test_the_search_hero_plays_legal_moves_blind() -> None:
    config = Config(guardian="raptra", leader="king_of_war", foxen_deck="app")
    state, log = play(NormalGuardian(), SearchHero(0.005, 1), config, seed=4, steps=150)
    assert len(log) == 150 or state.ended


def test_a_hero_at_the_table_deck_is_played_blind_too() -> None:
    """With the Foxen deck at the table even the engine does not know the hero's hand."""
    state, _ = play(NormalGuardian(), GreedyHero(), Config(foxen_deck="table"), seed=2)
    assert state.ended


@pytest.mark.parametrize(
    "factory",
    [
        lambda: (EasyGuardian(), RandomHero()),
        lambda: (HardGuardian(turn_budget=10.0, max_guesses=2), RandomHero()),
        lambda: (NormalGuardian(), SearchHero(10.0, 2)),
    ],
    ids=["easy-random", "hard-random", "normal-search"],
)
def test_seeded_runs_are_reproducible(factory: Any) -> None:
    config = Config(guardian="tanthos", leader="princess_of_tactics", foxen_deck="app")
    first = play(*factory(), config, seed=7, steps=120)
    second = play(*factory(), config, seed=7, steps=120)
    assert first[1] == second[1]
    assert first[0] == second[0]


def tune(monkeypatch: pytest.MonkeyPatch, guardian: str, **traits: float) -> None:
    """``guardian``'s Normal level tuned otherwise for one test."""
    monkeypatch.setitem(TRAITS, guardian, replace(TRAITS[guardian], **traits))


def test_every_guardian_has_its_traits() -> None:
    assert set(TRAITS) == set(GUARDIANS)


def test_the_levels_differ_on_the_same_deal() -> None:
    """Easy slips now and then, so its game goes another way than Normal's."""
    config = Config(guardian="grak", foxen_deck="app")
    easy = play(EasyGuardian(), RandomHero(), config, seed=3)[1]
    normal = play(NormalGuardian(), RandomHero(), config, seed=3)[1]
    assert easy != normal


def test_normal_plays_the_rule_following_choice_where_its_guardian_does_not_slip(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for guardian in GUARDIANS:
        tune(monkeypatch, guardian, normal_slips=0.0, normal_plans=0.0)
        config = Config(guardian=guardian, foxen_deck="app")
        normal = play(NormalGuardian(), RandomHero(), config, seed=6, steps=150)[1]
        assert normal == play(RuleFollowing(), RandomHero(), config, seed=6, steps=150)[1]


@pytest.mark.parametrize("rate, place", [(0.0, 0), (1.0, 1)])
def test_a_slip_takes_the_second_best_main_option(
    monkeypatch: pytest.MonkeyPatch, rate: float, place: int
) -> None:
    tune(monkeypatch, "grak", normal_slips=rate)
    state = new_game(Config(guardian="grak", foxen_deck="app"), 3)
    rng = random.Random(3)
    while not (state.active == "guardian" and state.pending is None):
        state = apply(state, RandomHero().choose(view(state, "hero"), rng))
    # A whole state: no guess is dealt, so the ranking is the one Normal sees.
    assert NormalGuardian().decide(state, rng).action == policy.ranked(state)[place].action


def test_the_hard_guardian_out_of_time_plays_the_rule_following_choice() -> None:
    """With no time left in its turn, Hard keeps the rule-following choice."""
    config = Config(guardian="raptra", foxen_deck="app")
    hard = play(HardGuardian(turn_budget=0.0), RandomHero(), config, seed=5, steps=200)[1]
    assert hard == play(RuleFollowing(), RandomHero(), config, seed=5, steps=200)[1]


def test_make_knows_the_levels_and_heroes() -> None:
    assert [make_guardian(level).level for level in ("easy", "normal", "hard")] == [
        "easy",
        "normal",
        "hard",
    ]
    assert make_hero("search").name == "search"
    with pytest.raises(ValueError, match="easy, normal, hard"):
        make_guardian("standard")
    with pytest.raises(ValueError, match="random, greedy, search"):
        make_hero("clever")


def test_a_guardian_refuses_the_heroes_turn() -> None:
    with pytest.raises(ValueError, match="not the guardian's turn"):
        NormalGuardian().decide(view(new_game(Config(), 0), "guardian"), random.Random(0))


def test_games_saved_before_the_levels_play_at_normal() -> None:
    data = Config().to_dict()
    data["level"] = "standard"
    assert Config.from_dict(data).level == "normal"


def test_hard_says_when_thinking_ahead_changed_its_mind() -> None:
    """Where Hard's look-ahead overrides the rule-following choice, the reason names the
    option it passed over."""
    state = new_game(Config(guardian="grak", foxen_deck="app"), 3)
    rng = random.Random(3)
    for step in range(300):
        if state.ended:
            break
        if state.asking != "guardian":
            state = apply(state, RandomHero().choose(view(state, "hero"), rng))
            continue
        seen = view(state, "guardian")
        hard = HardGuardian(turn_budget=100.0, max_guesses=2).decide(seen, random.Random(step))
        normal = policy.decide(seen, random.Random(step))
        if hard.action != normal.action:
            assert hard.reason.startswith("Grak ")
            assert "it prefers this to " in hard.reason
            return
        assert "prefers" not in hard.reason
        state = apply(state, normal.action)
    raise AssertionError("Hard never differed from Normal in this game")


def test_a_planning_normal_thinks_its_turn_through(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where its guardian plans, Normal plays what thinking the turn through picks, and
    that is not always the rule-following choice."""
    tune(monkeypatch, "apoda", normal_plans=1.0)
    state = new_game(Config(guardian="apoda", foxen_deck="app"), 2)
    rng = random.Random(2)
    overrides = 0
    for step in range(400):
        if state.ended:
            break
        if state.asking != "guardian":
            state = apply(state, RandomHero().choose(view(state, "hero"), rng))
            continue
        # Whole states: no guess is dealt, so both see the same cards.
        decision = NormalGuardian().decide(state, random.Random(step))
        planned = search(state, state, math.inf, random.Random(step), max_guesses=1)
        assert decision.action == planned.choice.action
        overrides += planned.choice != planned.first
        state = apply(state, decision.action)
    assert overrides > 0


def test_the_search_starts_no_guess_its_slowest_says_would_end_past_the_deadline(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a fake clock where each guess takes one second, a deadline 2.5 s away allows
    two guesses: a third would end at 3 s, past it."""
    state = new_game(Config(guardian="grak", foxen_deck="app"), 3)
    rng = random.Random(3)
    while state.asking != "guardian" or len(_candidates(state)) < 2:
        state = apply(state, RandomHero().choose(view(state, state.asking), rng))
    width = len(_candidates(state))
    clock = [100.0]
    played: list[float] = []

    def finish_turn(after: State) -> State:
        clock[0] += 1.0 / width
        played.append(clock[0])
        return after

    monkeypatch.setattr(searching, "time", SimpleNamespace(perf_counter=lambda: clock[0]))
    monkeypatch.setattr(searching, "finish_turn", finish_turn)
    search(state, state, 102.5, random.Random(0))
    assert len(played) == 2 * width
    assert clock[0] <= 102.5
    played.clear()
    clock[0] = 100.0
    search(state, state, 100.0, random.Random(0))  # no time at all: no guess
    assert not played


def _candidates(state: State) -> list[policy.Choice]:
    choices = policy.ranked(state)
    return [c for c in choices[: searching.WIDTH] if c.value >= choices[0].value - searching.MARGIN]
