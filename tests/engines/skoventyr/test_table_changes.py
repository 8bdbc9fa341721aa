"""What the table must do to follow the app: table_places and table_changes."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engines import skoventyr
from engines.core import Change, made, plain_places
from engines.skoventyr import (
    Call,
    Config,
    DamageTree,
    Gambit,
    Mission,
    Position,
    PutUnder,
    Reveal,
    State,
    StopPutting,
    Wrath,
    apply,
    manual_edits,
    new_game,
    own_part,
    table_changes,
    table_places,
)
from engines.skoventyr.deck import Deck
from engines.skoventyr.forest import Tree
from engines.skoventyr.state import Hostage
from tests.engines.skoventyr.builders import E, F, G, H, N, T, forest, make, play
from tests.engines.skoventyr.play import MODULE_CONFIGS, random_game, random_profile
from tests.engines.table_accounts import account_problems

TABLE = Config(deck_mode="table")
BOTH_MODES = tuple(
    replace(config, deck_mode=mode) for config in MODULE_CONFIGS for mode in ("app", "table")
)
#: What the last resort of table_changes says for a difference nothing else explained.
UNEXPLAINED = "on the table match the app"


def told(changes: list[Change]) -> list[str]:
    """The instructions the screen announces: all but the people's own move."""
    return [change.words for change in changes if not change.chosen]


def own(changes: list[Change]) -> list[str]:
    return [change.words for change in changes if change.chosen]


def check_both_ways(before: State, after: State) -> None:
    assert account_problems(skoventyr, before, after) == []
    for start, end in ((before, after), (after, before)):
        assert not [c.words for c in table_changes(start, end) if UNEXPLAINED in c.words]


# -- every difference told once, in random games -----------------------------------------


@pytest.mark.parametrize("config", BOTH_MODES, ids=repr)
def test_random_games_tell_every_difference_once_both_ways(config: Config) -> None:
    for seed in range(3):
        for purposeful in (False, True):
            for before, _action, after in random_game(config, seed, purposeful):
                check_both_ways(before, after)


@pytest.mark.parametrize("mode", ["app", "table"])
def test_games_with_an_owners_card_powers_tell_every_difference_both_ways(mode: str) -> None:
    for seed in range(4):
        profile = random_profile(random.Random(seed))
        config = Config(players=2, lygtemands=True, rescue=True, deck_mode=mode, profile=profile)
        for before, _action, after in random_game(config, seed, purposeful=True):
            check_both_ways(before, after)


@pytest.mark.parametrize("mode", ["app", "table"])
def test_corrections_by_hand_are_told_both_ways_and_are_the_peoples_own(mode: str) -> None:
    config = Config(players=2, lygtemands=True, rescue=True, deck_mode=mode)
    chooser = random.Random(5)
    for seed in range(4):
        for _before, _action, state in random_game(config, seed, purposeful=True):
            if state.ended is not None or chooser.random() > 0.4:
                continue
            edited = apply(state, chooser.choice(manual_edits(state)))
            check_both_ways(state, edited)
            assert all(change.chosen for change in table_changes(state, edited))


def test_app_deck_mode_never_asks_for_a_shuffle_of_real_cards() -> None:
    for config in (Config(), Config(lygtemands=True, rescue=True)):
        for seed in range(6):
            for before, _action, after in random_game(config, seed, purposeful=True):
                for start, end in ((before, after), (after, before)):
                    words = [change.words for change in table_changes(start, end)]
                    assert not [w for w in words if w.startswith("Shuffle")], words


# -- the places see everything the table holds -------------------------------------------


def test_every_component_on_the_table_has_a_place() -> None:
    base = make(
        Config(lygtemands=True, rescue=True, deck_mode="table"),
        woods=forest(allies={3: T}, discarded=[5]),
        hand=(N,),
        discard=(E,),
        top=(H,),
        bottom=(F,),
    )
    base = replace(base, taken=T, revealed=(G,), rallied=("nisse",), acorns=(2,))
    deck = base.deck
    counts = deck.counts()
    changed = {
        "Vogter": replace(base, forest=replace(base.forest, vogter=4)),
        "Gamle Erik": replace(base, forest=replace(base.forest, gamle_erik=1)),
        "a Tree's side": replace(base, forest=base.forest.with_tree(Tree(1, damaged=True))),
        "a revealed Ally": replace(
            base, forest=base.forest.with_tree(Tree(3, ally=T, revealed=True))
        ),
        "an Ally's type": replace(base, forest=base.forest.with_tree(Tree(3, ally=N))),
        "a discarded Tree": replace(base, forest=replace(base.forest, discarded=())),
        "the Trees' order": replace(
            base, forest=replace(base.forest, trees=base.forest.trees[::-1])
        ),
        "the Future": replace(base, future=base.future[::-1]),
        "a hand": replace(base, hands=((N, T),)),
        "the card taken": replace(base, taken=None),
        "the cards set aside": replace(base, revealed=()),
        "the discard pile": replace(base, discard=(E, E)),
        "the known top": replace(base, deck=replace(deck, top=(N,))),
        "the known bottom": replace(base, deck=replace(deck, bottom=(F, G))),
        "a shuffle": replace(base, deck=replace(deck, shuffles=1)),
        "the deck's size": replace(base, deck=replace(deck, unknown=deck.unknown[1:])),
        "a Minion": replace(base, minions=base.minions[1:], defeated=base.minions[:1]),
        "a Lygtemand": replace(
            base, minions=(replace(base.minions[0], lygtemand=None), *base.minions[1:])
        ),
        "an Acorn on a Minion": replace(
            base, minions=(replace(base.minions[0], acorn=None), *base.minions[1:])
        ),
        "the Rallied Lygtemands": replace(base, rallied=()),
        "the Lygtemands out": replace(base, lygtemands_removed=("trold",)),
        "the Acorns in the centre": replace(base, acorns=()),
        "the Acorns spent": replace(base, acorns_spent=(1, 1)),
        "a Hostage": replace(base, hostages=base.hostages[1:]),
        "the x2 Hostage token": replace(
            base, hostages=tuple(Hostage(h.card, double=not h.double) for h in base.hostages)
        ),
    }
    places = table_places(base)
    for what, state in changed.items():
        assert table_places(state) != places, f"{what} has no place on the table"
    # In app-deck mode the pile is sorted face up: each kind of card is counted.
    app = replace(base, config=replace(base.config, deck_mode="app"))
    fewer = replace(app, deck=Deck.shuffled([*counts.elements()][1:]))
    assert table_places(fewer) != table_places(app)


def test_turn_and_prompt_are_not_on_the_table() -> None:
    state = new_game(Config(), seed=1)
    later = replace(state, turn=state.turn + 1, player=0, prompt="Anything")
    assert table_changes(state, later) == []


# -- worked cases, word for word ------------------------------------------------------------


def test_a_risky_draw_that_turns_up_gamle_erik_app_deck() -> None:
    state = new_game(Config(), seed=0)  # Future: Trold, Trold, Huldre; the draw is a G.E.
    after = apply(state, Call(0, risky=True))
    assert after.drawn == (G, N)
    changes = table_changes(state, after)
    assert own(changes) == ["Take the Trold from the first place of the Future into your hand"]
    # The Gamle Erik card goes under the deck, but the pile is sorted and the app keeps
    # the deck's order: nothing to do on the table for it (no step, no Done).
    assert told(changes) == [
        "Move Gamle Erik 2 Trees clockwise, to Tree 3",
        "Slide the Future's cards left: the Trold to the first place and the Huldre to the "
        "second place, then take a Nisse from the pile and put it in the third place of the "
        "Future",
    ]
    move = next(c for c in changes if c.words.startswith("Move"))
    assert (move.source, move.target, move.keys) == ("tree:1", "tree:3", ("pawn:gamle_erik",))


def test_a_risky_draw_that_turns_up_gamle_erik_table_deck() -> None:
    state = make(TABLE, future=(T, E, H), woods=forest(ge=0, vogter=4))
    called = apply(state, Call(0, risky=True))
    changes = table_changes(state, called)
    assert own(changes) == ["Take the Trold from the first place of the Future"]
    assert told(changes) == [
        "Slide the Future's cards left: the Ellefolk to the first place and the Huldre to "
        "the second place"
    ]
    drawn = apply(called, Reveal(G))  # the people turned over a Gamle Erik
    changes = table_changes(called, drawn)
    assert told(changes) == [
        "Move Gamle Erik 2 Trees clockwise, to Tree 2",
        "Put the Gamle Erik card under the deck",
    ]
    assert own(changes) == ["Put the Trold you took into your hand"]
    assert drawn.prompt == "Refill the Future: which card came up?"  # asked after the chain
    refilled = apply(drawn, Reveal(N))
    assert told(table_changes(drawn, refilled)) == []  # they laid the Nisse out themselves
    assert own(table_changes(drawn, refilled)) == [
        "Turn over the top card of the deck, a Nisse, and put it in the third place of the Future"
    ]


def test_undoing_a_risky_draw_says_what_to_put_back() -> None:
    state = make(TABLE, future=(T, E, H), woods=forest(ge=0, vogter=4))
    called = apply(state, Call(0, risky=True))
    drawn = apply(called, Reveal(G))
    changes = table_changes(drawn, called)
    assert not own(changes)
    assert told(changes) == [
        "Take the Trold from your hand and hold it beside the Future",
        "Take the Gamle Erik from under the deck and put it back on top of the deck",
        "Move Gamle Erik 2 Trees counter-clockwise, to Tree 0",
    ]


def test_a_revealed_ally_that_gamle_erik_reaches_is_discarded_with_the_reason() -> None:
    woods = forest(ge=0, vogter=4, allies={1: N}, revealed=[1])
    state = make(TABLE, future=(T, E, H), woods=woods, top=(G,))
    after = apply(state, Call(0, risky=True))  # the top card is known: no question
    assert told(table_changes(state, after))[:3] == [
        "Turn over the top card of the deck, a Gamle Erik, and put it under the deck",
        "Move Gamle Erik 2 Trees clockwise, to Tree 2",
        "Discard the revealed Nisse from Tree 1: Gamle Erik reached its Tree",
    ]


def test_wrath_shuffles_the_real_deck_only_in_table_deck_mode() -> None:
    woods = forest(ge=0, vogter=3, allies={2: T, 3: T})
    for mode in ("table", "app"):
        state = make(Config(deck_mode=mode), woods=woods, bottom=(G,))
        after = apply(state, Wrath(5))  # a Genganger (2)
        changes = table_changes(state, after)
        assert "Remove the second Genganger (2) from the game" in own(changes)
        if mode == "table":
            assert told(changes) == ["Shuffle the deck"]
        else:
            assert told(changes) == []  # the app shuffles its own order; the pile stays
        back = table_changes(after, state)
        assert told(back)[0] == "Put the second Genganger (2) back in the row of Minions"
        if mode == "table":
            assert told(back)[1] == (
                "Find a Gamle Erik in the deck and put them under it, in the order Gamle "
                "Erik (the last at the very bottom)"
            )


def test_the_future_refill_names_each_place() -> None:
    state = make(future=(T, E, H), woods=forest(ge=0, vogter=4))
    state = play(state, Gambit(), DamageTree(1), PutUnder(2), PutUnder(0))
    after = apply(state, StopPutting())
    assert after.future[0] is E
    assert told(table_changes(state, after)) == [
        f"Take {after.future[1].with_article} from the pile and put it in the second place "
        "of the Future",
        f"Take {after.future[2].with_article} from the pile and put it in the third place "
        "of the Future",
    ]


def test_the_peoples_own_move_is_marked_and_the_rest_is_told() -> None:
    state = make(hand=(T,), future=(E, H, N), woods=forest(ge=0, vogter=3))
    placed = table_changes(state, apply(state, Position(T, 3)))
    assert [(c.words, c.chosen) for c in placed] == [
        ("Put the Trold from your hand on Tree 3, hidden (along the Tree)", True)
    ]
    gambit = apply(state, Gambit())
    damaged = table_changes(gambit, apply(gambit, DamageTree(4)))
    assert [(c.words, c.chosen) for c in damaged] == [("Flip Tree 4 to its Damaged side", True)]
    # A Damaged Tree damaged again leaves the Forest: the rules' doing, told (review N21).
    again = apply(play(apply(state, Gambit()), DamageTree(4), StopPutting()), Gambit())
    gone = table_changes(again, apply(again, DamageTree(4)))
    assert [(c.words, c.chosen) for c in gone] == [
        ("Discard Tree 4: take it out of the ring of Trees", False)
    ]


def test_a_gamle_erik_taken_with_call_goes_under_the_deck_as_the_rules_say() -> None:
    state = make(future=(G, E, H), woods=forest(ge=0, vogter=4))
    after = apply(state, Call(0))
    assert told(table_changes(state, after)) == [
        "Move Gamle Erik 1 Tree clockwise, to Tree 1",
        "Put the Gamle Erik you took back on the sorted pile, with the Gamle Eriks (the app "
        "keeps it under the deck)",
        "Slide the Future's cards left: the Ellefolk to the first place and the Huldre to the "
        f"second place, then take {after.future[2].with_article} from the pile and put it in "
        "the third place of the Future",
    ]


def test_a_risky_draw_of_an_ally_with_the_app_dealing_asks_nothing_for_the_deck() -> None:
    state = make(future=(T, E, H), woods=forest(ge=0, vogter=4), top=(N,))
    after = apply(state, Call(0, risky=True))
    assert after.deck.bottom == (N,)  # the Nisse is under the deck, in the app's mind
    assert [w for w in told(table_changes(state, after)) if "deck" in w] == []
    assert [w for w in told(table_changes(after, state)) if "deck" in w] == []


def test_cards_the_people_put_under_the_deck_go_back_on_the_sorted_pile() -> None:
    """Gambit, the Ellefolk's cost and the Nisse's power: the prompt says where the cards
    go with the app dealing, and a card's own words say it too."""
    woods = forest(ge=0, vogter=4, allies={2: T})
    state = make(future=(T, E, H), hand=(E, N), discard=(T, H, F), woods=woods)
    gambit = play(state, Gambit(), DamageTree(1))
    assert gambit.prompt.endswith("goes back on the sorted pile, with its kind.")
    under = apply(gambit, PutUnder(0))
    assert own(table_changes(gambit, under)) == [
        "Put the Trold from the first place of the Future back on the sorted pile, with the "
        "Trolds (the app keeps it under the deck)"
    ]
    ellefolk = apply(state, Call(1))  # its cost puts an Ally from the Future under the deck
    assert ellefolk.asking == "future_to_bottom"
    assert ellefolk.prompt.endswith("goes back on the sorted pile, with its kind.")
    nisse = apply(state, Mission(N))
    assert nisse.asking == "discard_to_bottom"
    assert nisse.prompt.endswith("goes back on the sorted pile, with its kind.")
    real = make(TABLE, future=(T, E, H), woods=woods)
    assert "sorted pile" not in play(real, Gambit(), DamageTree(1)).prompt


def test_a_run_of_cards_put_under_the_deck_slides_the_rest_once() -> None:
    """Gambit: two cards put under one at a time, then the rest kept: one slide, from the
    places the cards lay in at the start (two Trolds: the right one is told to slide)."""
    state = play(
        make(TABLE, future=(T, H, T), woods=forest(ge=0, vogter=4)), Gambit(), DamageTree(1)
    )
    first = apply(state, PutUnder(0))  # the first Trold
    second = apply(first, PutUnder(1))  # then the other Trold (second place by now)
    kept = apply(second, StopPutting())
    changes = table_changes(state, kept, run=(0, 2))
    assert told(changes) == [
        "Slide the Huldre from the second place of the Future to the first place"
    ]
    assert len(own(changes)) == 2
    assert account_problems(skoventyr, state, kept) == []


@pytest.mark.parametrize("mode", ["app", "table"])
def test_the_peoples_own_part_of_a_cost_is_of_the_row_as_it_lay_at_the_call(mode: str) -> None:
    """An Ellefolk called and paid for with the Huldre put under the deck, the row then
    refilled with a Huldre and a Gamle Erik: the people put the Huldre under from the
    table's third place (the engine's second, the Ellefolk taken, where a like Huldre
    lies at the end) and touch nothing else. The Ellefolk lies in its place until told
    taken, and the Gamle Erik stays where it was."""
    state = make(Config(deck_mode=mode), future=(E, G, H), top=(H, G), woods=forest(ge=0, vogter=4))
    called = apply(state, Call(0))
    assert called.asking == "future_to_bottom" and called.future == (G, H)
    paid = apply(called, PutUnder(1))
    assert paid.future == (G, H, G)
    own = own_part([state, called, paid], [Call(0), PutUnder(1)])
    table = made(plain_places(table_places(state)), own)
    assert [table.get(f"future:{place}") for place in (1, 2, 3)] == ["ellefolk", "gamle_erik", None]
