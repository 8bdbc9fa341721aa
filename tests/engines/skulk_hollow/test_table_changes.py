"""What the table must do to follow the app: table_places and table_changes.

Over seeded random games against each guardian, every difference between two states is
told exactly once (forwards and backwards, for consecutive states and for states far
apart), and every change of a component the table holds shows up in some place. Then
worked cases with the exact words.
"""

import random
from dataclasses import replace
from itertools import pairwise

import pytest

from engines import skulk_hollow
from engines.core.changes import check_changes, to_announce
from engines.skulk_hollow import board, rules, starting_hand, table_changes, table_places
from engines.skulk_hollow.actions import (
    ChooseAction,
    ChooseCard,
    ChooseLocation,
    ChooseSpace,
    ChooseUnit,
    EndTurn,
    Move,
    PlayCard,
    Prepare,
)
from engines.skulk_hollow.components import GUARDIANS
from engines.skulk_hollow.config import Config
from engines.skulk_hollow.geometry import Direction
from engines.skulk_hollow.state import State
from tests.engines.skulk_hollow.builders import (
    game,
    guardian_turn,
    hero_turn,
    leader,
    place,
    run,
    unit,
    with_hand,
    wounds,
)
from tests.engines.table_accounts import account_problems

GAMES_PER_SETTING = 6
STEPS = 400


def states_of_a_game(config: Config, seed: int) -> list[State]:
    """Every state of a seeded game played at random by both sides."""
    chooser = random.Random(seed)
    state = rules.new_game(config, seed)
    states = [state]
    while not state.ended and len(states) < STEPS:
        state = rules.apply(state, chooser.choice(rules.legal_actions(state)))
        states.append(state)
    return states


SETTINGS = [(guardian, deck) for guardian in GUARDIANS for deck in ("table", "app")]


@pytest.mark.parametrize(("guardian", "deck"), SETTINGS)
def test_every_difference_is_told_once_in_random_games(guardian: str, deck: str) -> None:
    far = random.Random(7)
    for seed in range(GAMES_PER_SETTING):
        states = states_of_a_game(Config(guardian=guardian, foxen_deck=deck), seed)  # type: ignore[arg-type]
        pairs = list(pairwise(states))
        pairs += [(far.choice(states), far.choice(states)) for _ in range(40)]
        for before, after in pairs:
            problems = account_problems(skulk_hollow, before, after)
            assert problems == [], (guardian, deck, seed, before.last, after.last)


def physical(state: State) -> tuple[object, ...]:
    """Everything the table holds, read straight from the state (not from the places)."""
    hero = state.hero_cards
    guardian = state.config.guardian
    return (
        state.guardian_space,
        state.airborne if guardian == "raptra" else None,
        state.guardian_wounds,
        state.guardian_power,
        state.guardian_pool,
        state.guardian_relics,
        state.guardian_cards.discard,
        tuple((u.id, u.space, u.location, u.wounds, u.power) for u in state.units),
        state.eliminated if guardian == "grak" else None,
        tuple(sorted(state.runes)),
        state.runes_collected,
        tuple(sorted(state.roots)),
        state.hero_pool,
        state.hero_relics,
        hero.hand if hero.known else hero.hand_count,
        hero.deck_count,
        hero.discard,
    )


@pytest.mark.parametrize(("guardian", "deck"), SETTINGS)
def test_the_places_see_every_component_the_table_holds(guardian: str, deck: str) -> None:
    for seed in range(3):
        states = states_of_a_game(Config(guardian=guardian, foxen_deck=deck), seed)  # type: ignore[arg-type]
        for before, after in pairwise(states):
            seen = table_places(before) != table_places(after)
            assert seen == (physical(before) != physical(after)), after.last


def told(before: State, after: State) -> list[str]:
    return [change.words for change in to_announce(table_changes(before, after))]


def test_a_guardian_card_is_shown_then_its_blow_is_told() -> None:
    state = place(game(), leader(), unit("knight_1", space="lair"))
    state = guardian_turn(state, hand=("lumber", "stride"))
    played = rules.apply(state, PlayCard("lumber"))
    assert told(state, played) == ["Show and discard Lumber."]
    chosen = rules.apply(played, ChooseAction("swing"))
    assert table_changes(played, chosen) == []  # a decision with nothing to do at the table
    hit = rules.apply(chosen, ChooseUnit("knight_1"))
    [change] = table_changes(chosen, hit)
    assert change.words == "Put 1 wound on Knight 1."
    assert (change.keys, change.target, change.chosen) == (
        ("wounds:knight_1",),
        "unit:knight_1",
        False,
    )


def test_grak_moves_and_the_map_marks_from_and_to() -> None:
    state = guardian_turn(game(), hand=("stride",))
    moving = run(state, PlayCard("stride"), ChooseAction("move"))
    moved = rules.apply(moving, Move(Direction.UP))
    [change] = table_changes(moving, moved)
    assert change.words == "Move Grak from LAIR to CLEARING."
    assert change.places == ("space:lair", "space:clearing")


def test_a_thrown_hero_is_knocked_off_the_guardian() -> None:
    state = place(game(), leader(), unit("archer_1", location="gaze"))
    state = guardian_turn(state, hand=("toss",))
    picking = run(state, PlayCard("toss"), ChooseAction("throw"), ChooseUnit("archer_1"))
    thrown = rules.apply(picking, ChooseSpace("mine"))
    [change] = table_changes(picking, thrown)
    assert change.words == "Knock Archer 1 off Grak's Head: put it in MINE."
    assert change.places == ("location:gaze", "space:mine")


def test_an_eliminated_hero_goes_in_one_instruction_and_the_tribute_in_the_next() -> None:
    state = place(game(), leader(), unit("knight_1", space="lair", wounds=1))
    state = guardian_turn(state, hand=("lumber",))
    aiming = run(state, PlayCard("lumber"), ChooseAction("swing"))
    hit = rules.apply(aiming, ChooseUnit("knight_1"))
    [change, tribute] = table_changes(aiming, hit)
    assert change.words == (
        "Knight 1 takes its last wound and is eliminated: return the figure and the "
        "tokens on its card to the supply, and put the Knight card on your discard pile."
    )
    assert set(change.keys) == {
        "unit:knight_1",
        "wounds:knight_1",
        "power:knight_1",
        "hero:discard",
    }
    # One table change a step (review N6: the two together overflowed the panel).
    assert tribute.words == "Move the tribute token to 1."
    assert tribute.keys == ("tribute",)
    [back, tribute_back] = table_changes(hit, aiming)
    assert back.words == (
        "Bring Knight 1 back: stand it in LAIR with 1 wound, and take the Knight card "
        "back from your discard pile."
    )
    assert tribute_back.words == "Move the tribute token to 0."


def test_the_heros_own_moves_are_chosen_and_their_draws_are_told() -> None:
    state = hero_turn(place(game(foxen_deck="table"), leader(), unit("sentinel")))
    state = replace(state, units=(leader(), unit("sentinel", space="keep")))
    playing = rules.apply(state, PlayCard("advance"))
    moving = run(playing, ChooseAction("move"), ChooseUnit("king_of_war"))
    moved = rules.apply(moving, Move(Direction.UP))
    changes = table_changes(state, playing) + table_changes(moving, moved)
    assert [c.words for c in changes] == [
        "Put Advance on your discard pile.",
        "Move the King of War from KEEP to CLEARING.",
    ]
    assert all(change.chosen for change in changes)
    preparing = rules.apply(moved, Prepare())
    prepared = rules.apply(preparing, ChooseCard("strike"))
    changes = table_changes(preparing, prepared)
    assert [(c.words, c.chosen) for c in changes] == [
        ("Put Strike on your discard pile.", True),
        ("Draw 2 cards from your deck.", False),
    ]


def test_the_end_of_the_heros_turn_reminds_the_refill() -> None:
    state = hero_turn(place(game(foxen_deck="table"), leader(power=3), unit("sentinel", "keep")))
    state = replace(state, hero_cards=replace(state.hero_cards, hand_count=3), hero_pool=2)
    ended = rules.apply(state, EndTurn())
    assert told(state, ended) == [
        "Move the cubes from your pool: 1 power cube on the Sentinel and 1 power cube back "
        "to the supply.",
        "Refill your hand: draw 2 cards from your deck.",
    ]


def test_the_app_names_the_foxen_cards_it_deals() -> None:
    state = hero_turn(game(foxen_deck="app", seed=2))
    state = with_hand(state, "hero", ("rally", "strike"))
    deck = state.hero_cards.deck
    ended = rules.apply(state, EndTurn())
    names = [state.foxen.card(card).name for card in deck[:3]]
    assert told(state, ended) == [
        f"Refill your hand: take {names[0]}, {names[1]} and {names[2]} from the sorted "
        "Foxen cards into your hand."
    ]


def test_a_hero_attack_wounds_the_guardian_and_may_disable_a_location() -> None:
    state = hero_turn(place(wounds(game(), gaze=2), leader(), unit("sentinel", location="gaze")))
    state = replace(state, hero_cards=replace(state.hero_cards, hand_count=5))
    aiming = run(state, PlayCard("strike"), ChooseAction("melee"), ChooseUnit("sentinel"))
    struck = rules.apply(aiming, ChooseLocation("gaze"))
    [change] = table_changes(aiming, struck)
    assert change.words == "Put 1 wound on Grak's Head (GAZE): it is full, so GAZE is disabled."
    assert change.chosen


def test_undo_tells_what_to_put_back() -> None:
    state = guardian_turn(game(), hand=("stride",))
    moving = run(state, PlayCard("stride"), ChooseAction("move"))
    moved = rules.apply(moving, Move(Direction.UP))
    assert [c.words for c in table_changes(moved, state)] == [
        "Take Stride back off Grak's discard pile.",
        "Move Grak from CLEARING to LAIR.",
    ]


def test_apoda_collects_a_rune_then_burrows() -> None:
    state = guardian_turn(replace(game("apoda"), guardian_space="farm"), hand=("delve",))
    burrowing = run(state, PlayCard("delve"))
    burrowed = rules.apply(burrowing, ChooseAction("burrow"))
    assert told(burrowing, burrowed) == [
        "Take 1 rune token from FARM; put it on Apoda's rune track (1 of 4).",
        "Move Apoda from FARM to LAIR.",
    ]


def test_tanthos_tunnels_and_moves_its_roots() -> None:
    state = guardian_turn(game("tanthos"))
    tunnelled = replace(state, roots=("farm", "lair"))
    assert told(state, tunnelled) == ["Put 1 root token from Tanthos's player mat in FARM."]
    moved = replace(state, roots=("clearing",))
    assert told(state, moved) == ["Move a root token from LAIR to CLEARING."]


def test_raptra_takes_to_the_air() -> None:
    state = guardian_turn(game("raptra"))
    assert told(state, replace(state, airborne=True)) == [
        "Flip Raptra's status card to the air side and put the cloud token under Raptra."
    ]


def test_heroes_falling_together_each_get_their_own_instruction() -> None:
    state = place(
        game("raptra"),
        leader(),
        unit("archer_1", space="lair"),
        unit("archer_2", space="lair"),
    )
    state = guardian_turn(state, hand=("dive",))
    clawing = rules.apply(state, PlayCard("dive"))
    clawed = rules.apply(clawing, ChooseAction("claw"))
    changes = table_changes(clawing, clawed)
    assert [c.words for c in changes] == [
        f"Archer {n} takes its last wound and is eliminated: return the figure and the "
        "tokens on its card to the supply, and put the Archer card on your discard pile."
        for n in (1, 2)
    ]
    assert check_changes(changes, table_places(clawing), table_places(clawed)) == []


def test_a_deck_that_runs_out_is_shuffled_between_the_draws() -> None:
    state = hero_turn(game(foxen_deck="table"))
    cards = replace(state.hero_cards, hand_count=3, deck_count=1, discard=("strike", "rally"))
    state = replace(state, hero_cards=cards)
    ended = rules.apply(state, EndTurn())
    assert told(state, ended) == [
        "Draw 1 card; your deck is then empty: shuffle your discard pile into a new deck "
        "and draw 1 more."
    ]


def test_the_app_deals_the_starting_hand_by_name() -> None:
    state = game(foxen_deck="app", seed=4)
    names = [state.foxen.card(card).name for card in state.hero_cards.hand]
    [deal] = starting_hand(state)
    assert deal.words == (
        f"Take your starting hand from the sorted Foxen cards: {', '.join(names[:-1])} "
        f"and {names[-1]}."
    )
    assert starting_hand(game(foxen_deck="table")) == []


def test_grounding_raptra_by_the_heros_own_move_says_to_flip_its_status_card() -> None:
    """Review D16: the guardian's LAUNCH said it, the hero's GROUND RAPTRA did not."""
    airborne = skulk_hollow.apply(
        skulk_hollow.new_game(Config(guardian="raptra")), skulk_hollow.EditRaptraStatus(True)
    )
    grounding = skulk_hollow.apply(airborne, skulk_hollow.GroundRaptra())
    grounded = skulk_hollow.apply(grounding, ChooseCard("knight"))  # the card discarded
    told = [change.words for change in to_announce(table_changes(airborne, grounded))]
    assert "Flip Raptra's status card to the ground side and take the cloud token away." in told


def test_a_numbered_figure_is_named_without_an_article() -> None:
    state = skulk_hollow.apply(skulk_hollow.new_game(), PlayCard("archer"))
    state = skulk_hollow.apply(state, ChooseSpace("keep"))
    assert board.the_unit(state, "archer_1") == "Archer 1"
    assert board.the_unit(state, "sentinel") == "the Sentinel"


def test_a_root_the_hero_destroys_is_told_where_it_goes() -> None:
    """Review N21: the attack is the hero's, but the root's way back to Tanthos's mat is
    the rules'; the question names the root it may hit."""
    start = with_hand(game("tanthos", foxen_deck="app"), "hero", ("strike",))
    state = run(replace(start, roots=("keep",)), PlayCard("strike"), ChooseAction("melee"))
    state = run(state, ChooseUnit("king_of_war"))
    assert state.prompt == "King of War: attack which location, or the root in a lit space?"
    after = run(state, ChooseSpace("keep"))
    assert after.roots == ()
    assert [(c.words, c.chosen) for c in table_changes(state, after)] == [
        ("Take 1 root token from KEEP back to Tanthos's player mat.", False)
    ]
