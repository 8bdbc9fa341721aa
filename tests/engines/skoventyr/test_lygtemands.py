from dataclasses import replace

import pytest

from engines.core import IllegalAction
from engines.skoventyr import (
    Config,
    Involve,
    Position,
    PutRevealedOnTop,
    PutRevealedUnder,
    Rally,
    Reveal,
    State,
    Wrath,
    legal_actions,
)
from engines.skoventyr.state import Hostage, Minion
from tests.engines.skoventyr.builders import E, F, G, H, N, T, forest, make, play

LYG = Config(lygtemands=True, deck_mode="table")
COVER = ("trold", "huldre", "nisse", "ellefolk", "formskifter", "any")


def covered() -> tuple[Minion, ...]:
    values = (4, 4, 3, 3, 2, 2)
    names = ("lindorm", "lindorm", "mare", "mare", "genganger", "genganger")
    minions = [Minion(i, names[i], values[i], lygtemand=COVER[i]) for i in range(6)]
    return tuple(minions)


def rallies(state: State) -> list[Rally]:
    return [a for a in legal_actions(state) if isinstance(a, Rally)]


def test_rally_needs_a_matching_ally_or_any_ally_for_the_question_mark() -> None:
    state = make(LYG, hand=(T, E), minions=covered())
    assert rallies(state) == [Rally(0, T), Rally(3, E), Rally(5, E), Rally(5, T)]
    with pytest.raises(IllegalAction, match="rallied with a Huldre"):
        play(state, Rally(1, T))


def test_rally_uncovers_the_minion_and_puts_the_ally_under_the_deck() -> None:
    state = play(make(LYG, hand=(T, E), minions=covered()), Rally(5, T))
    assert state.minions[5].lygtemand is None
    assert state.rallied == ("any",)
    assert state.deck.bottom == (T,) and state.hand == (E,)


def test_rally_only_while_every_minion_in_play_is_covered() -> None:
    minions = covered()
    partly = replace(minions[4], lygtemand=None)
    state = make(LYG, hand=(T, E), minions=(*minions[:4], partly, minions[5]))
    assert rallies(state) == []
    with pytest.raises(IllegalAction, match="every Minion in play has a Lygtemand"):
        play(state, Rally(0, T))
    # A defeated Minion no longer counts.
    gone = make(LYG, hand=(T,), minions=(*minions[:4], minions[5]))
    assert Rally(0, T) in legal_actions(gone)


def test_only_a_vulnerable_minion_can_be_targeted_by_wrath() -> None:
    minions = covered()
    woods = forest(allies={3: T, 4: T})
    state = make(LYG, woods=woods, minions=minions)
    assert [a for a in legal_actions(state) if isinstance(a, Wrath)] == []
    with pytest.raises(IllegalAction, match="not vulnerable"):
        play(state, Wrath(4))
    open_minion = (*minions[:4], replace(minions[4], lygtemand=None), minions[5])
    assert Wrath(4) in legal_actions(make(LYG, woods=woods, minions=open_minion))


def test_hostages_do_not_block_rally() -> None:
    config = Config(lygtemands=True, rescue=True)
    hostages = tuple(Hostage(card, card is T) for card in (E, F, H, N, T))
    state = make(config, hand=(T,), minions=covered(), hostages=hostages)
    assert Rally(0, T) in legal_actions(state)
    assert Position(T, 3) not in legal_actions(state)


def test_involve_one_finds_an_ally_for_the_top_of_the_deck() -> None:
    state = make(LYG, minions=covered(), rallied=("trold",))
    assert Involve(1) in legal_actions(state) and Involve(2) not in legal_actions(state)
    state = play(state, Involve(1))
    assert state.rallied == () and state.lygtemands_removed == ("trold",)
    assert state.prompt == "Involve: which card came up?"
    state = play(state, Reveal(G), Reveal(G), Reveal(N))
    assert state.deck.top == (N,)
    assert state.deck.bottom == (G, G)


def test_involve_two_keeps_two_allies_on_top_and_discards_an_adversary() -> None:
    state = make(LYG, minions=covered(), rallied=("trold", "any"), future=(E, G, H))
    state = play(state, Involve(2), Reveal(E), Reveal(H), Reveal(T), Reveal(N), Reveal(G))
    assert state.revealed == (E, H, T, N, G)
    assert legal_actions(state) == [
        PutRevealedOnTop(E),
        PutRevealedOnTop(H),
        PutRevealedOnTop(N),
        PutRevealedOnTop(T),
    ]
    state = play(state, PutRevealedOnTop(T), PutRevealedOnTop(E))
    assert state.deck.top == (T, E)
    assert G in state.discard and G not in state.revealed
    assert legal_actions(state) == [PutRevealedUnder(H), PutRevealedUnder(N)]
    state = play(state, PutRevealedUnder(N))
    assert state.deck.bottom == (N, H)
    assert state.prompt == "Player 1: choose an action."  # Future was full: no refill


def test_involve_needs_rallied_lygtemands() -> None:
    with pytest.raises(IllegalAction, match="needs 2 Rallied Lygtemand"):
        play(make(LYG, rallied=("trold",)), Involve(2))
    with pytest.raises(IllegalAction, match="module is not in this game"):
        play(make(), Involve(1))
