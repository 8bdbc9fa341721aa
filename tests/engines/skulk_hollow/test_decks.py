from engines.core import Rng
from engines.skulk_hollow import decks
from engines.skulk_hollow.state import Cards


def test_drawing_from_a_known_deck_takes_the_top_card() -> None:
    cards = Cards(known=True, deck=("a", "b", "c"), deck_count=3)
    cards, _, drawn = decks.draw(cards, Rng(0), 2)
    assert drawn == 2 and cards.hand == ("a", "b") and cards.deck == ("c",)


def test_an_empty_deck_is_reshuffled_from_the_discard_pile() -> None:
    cards = Cards(known=True, deck=("a",), deck_count=1, discard=("b", "c", "d"))
    cards, _, drawn = decks.draw(cards, Rng(1), 3)
    assert drawn == 3 and cards.discard == () and len(cards.deck) == cards.deck_count == 1
    assert sorted(cards.hand + cards.deck) == ["a", "b", "c", "d"]


def test_nothing_to_draw_draws_nothing() -> None:
    cards, _, drawn = decks.draw(Cards(known=False, hand_count=2), Rng(0), 3)
    assert drawn == 0 and cards.hand_count == 2
    assert not decks.can_draw(cards)


def test_table_decks_keep_counts_only() -> None:
    cards = Cards(known=False, hand_count=1, deck_count=0, discard=("x", "y"))
    cards, _, drawn = decks.refill(cards, 4, Rng(0))
    assert drawn == 2 and cards.hand_count == 3 and cards.deck_count == 0
    assert cards.discard == ()


def test_refill_draws_one_when_the_hand_is_full() -> None:
    cards = Cards(known=False, hand_count=4, deck_count=9)
    assert decks.refill(cards, 4, Rng(0))[2] == 1
    assert decks.refill(Cards(known=False, hand_count=1, deck_count=9), 4, Rng(0))[2] == 3


def test_recall_takes_a_card_back_and_hidden_blanks_what_is_secret() -> None:
    cards = Cards(
        known=True, hand=("a",), hand_count=1, deck=("q",), deck_count=1, discard=("b", "c")
    )
    cards = decks.take_from_discard(cards, "b")
    assert cards.hand == ("a", "b") and cards.discard == ("c",) and cards.hand_count == 2
    seen = decks.hidden(cards, show_hand=False)
    assert seen.hand == () and seen.deck == () and seen.hand_count == 2 and seen.deck_count == 1
