from fractions import Fraction

import pytest

from engines.skoventyr.deck import Deck
from tests.engines.skoventyr.builders import E, G, H, N, T


def test_odds_are_exact_fractions_of_the_unknown_part() -> None:
    deck = Deck.shuffled([G] * 13 + [E] * 5 + [H] * 4)
    assert deck.size == 22
    assert deck.odds()[G] == Fraction(13, 22)
    assert deck.odds()[H] == Fraction(2, 11)
    assert sum(deck.odds().values()) == 1


def test_a_known_top_card_is_certain() -> None:
    deck = Deck.shuffled([G, G, E]).put_on_top(T)
    assert deck.next_known() is T
    assert deck.odds() == {T: Fraction(1)}
    assert deck.possible_next() == (T,)
    assert deck.draw(T) == Deck.shuffled([G, G, E])


def test_bottom_cards_are_known_once_the_unknown_part_is_used_up() -> None:
    deck = Deck.shuffled([G]).put_under(N).put_under(E)
    assert deck.next_known() is None
    assert deck.odds() == {G: Fraction(1)}
    after = deck.draw(G)
    assert after.next_known() is N
    assert after.draw(N).next_known() is E
    assert after.draw(N).draw(E).empty


def test_a_card_that_cannot_come_up_is_refused() -> None:
    deck = Deck.shuffled([G, E])
    with pytest.raises(ValueError):
        deck.draw(T)
    with pytest.raises(ValueError):
        deck.put_on_top(H).draw(G)


def test_shuffle_forgets_the_order_but_keeps_the_counts() -> None:
    deck = Deck.shuffled([G, E]).put_on_top(H).put_under(T)
    shuffled = deck.shuffle()
    assert shuffled.top == () and shuffled.bottom == ()
    assert shuffled.counts() == deck.counts()
    assert shuffled.odds()[G] == Fraction(1, 4)


def test_an_empty_deck_has_no_odds() -> None:
    assert Deck().empty and Deck().odds() == {} and Deck().possible_next() == ()


def test_equal_contents_give_equal_decks() -> None:
    assert Deck.shuffled([G, E, G]) == Deck.shuffled([E, G, G])
    assert Deck.shuffled([E, G]).draw(E) == Deck.shuffled([G])


def test_taking_a_card_out_by_hand_prefers_the_unknown_part() -> None:
    deck = Deck.shuffled([G]).put_on_top(G).put_under(E)
    assert deck.take_out(G).top == (G,)
    assert deck.take_out(E).bottom == ()
    with pytest.raises(ValueError):
        deck.take_out(T)
