import pytest

from engines.skoventyr.cards import (
    ALLIES,
    CARDS,
    DATA_FILE,
    Card,
    CardDataError,
    Effect,
    parse_card_table,
)


def test_the_shipped_table_has_the_38_cards_of_ruling_s1() -> None:
    assert CARDS.total == 38
    assert [CARDS.count(card) for card in ALLIES] == [5, 5, 5, 5, 5]
    assert CARDS.count(Card.GAMLE_ERIK) == 13
    assert sorted((m.name, m.value, m.count) for m in CARDS.minions) == [
        ("genganger", 2, 2),
        ("lindorm", 4, 2),
        ("mare", 3, 2),
    ]


def test_printed_costs_and_powers_follow_ruling_s2() -> None:
    assert CARDS.rule(Card.TROLD).cost == (Effect("reveal_allies", count=2),)
    trold_power = CARDS.rule(Card.TROLD).power[0]
    assert (trold_power.effect, trold_power.count, trold_power.up_to) == ("move_ge", 3, True)
    assert trold_power.direction == "counterclockwise"
    assert CARDS.rule(Card.NISSE).cost[0].onto_hidden_ally
    nisse_power = CARDS.rule(Card.NISSE).power[0]
    assert nisse_power.distinct and nisse_power.exclude == (Card.NISSE,)
    assert CARDS.rule(Card.HULDRE).cost == (Effect("damage_tree"),)
    assert not CARDS.rule(Card.FORMSKIFTER).mission
    assert CARDS.rule(Card.FORMSKIFTER).mixes_with_any_type
    assert CARDS.rule(Card.GAMLE_ERIK).leaves_hand_at_once


def test_only_the_unprinted_powers_are_flagged_assumed() -> None:
    assert CARDS.assumed() == (
        "Ellefolk power: put an Adversary from the Future under the deck",
        "Huldre power: heal a Tree",
    )
    assert CARDS.rule(Card.HULDRE).power[0].status == "assumed"
    assert CARDS.rule(Card.HULDRE).cost[0].status == "printed"


def _broken(old: str, new: str) -> str:
    text = DATA_FILE.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('effect = "damage_tree"', 'effect = "fly_away"', "expected one of damage_tree"),
        ('name = "huldre"', 'name = "troll"', "card #3 name"),
        ("count = 13", "count = -1", "at least 1"),
        ("count = 13", 'count = "many"', "whole number"),
        ('status = "assumed"', 'status = "guessed"', "status"),
        (
            'which = "ally", status',
            'which = "ally", colour = "red", status',
            "does not take colour",
        ),
        ('kind = "adversary"', 'kind = "ally"', "Gamle Erik cannot be an ally"),
        ("[[card]]", "[[card]", "damaged"),
    ],
)
def test_a_malformed_table_is_refused_with_a_clear_error(old: str, new: str, message: str) -> None:
    with pytest.raises(CardDataError, match=message):
        parse_card_table(_broken(old, new))


def test_a_missing_or_doubled_card_is_refused() -> None:
    text = DATA_FILE.read_text(encoding="utf-8")
    with pytest.raises(CardDataError, match="lists trold more than once"):
        parse_card_table(text.replace('name = "huldre"', 'name = "trold"'))
    start = text.index("[[card]]")
    end = text.index("[[card]]", start + 1)
    with pytest.raises(CardDataError, match="missing the card\\(s\\) ellefolk"):
        parse_card_table(text[:start] + text[end:])
    with pytest.raises(CardDataError, match="no \\[\\[minion\\]\\]"):
        parse_card_table(text[: text.index("[[minion]]")])


def test_a_corrected_table_is_read_as_given() -> None:
    table = parse_card_table(
        _broken(
            'power = [{ effect = "heal_tree", count = 1, status = "assumed" }]',
            'power = [{ effect = "move_ge", count = 1, direction = "counterclockwise", '
            'status = "printed" }]',
        )
    )
    assert table.rule(Card.HULDRE).power == (Effect("move_ge", direction="counterclockwise"),)
    assert "Huldre power: heal a Tree" not in table.assumed()


def test_effects_read_in_player_words() -> None:
    assert Effect("damage_tree").text == "damage a Tree"
    assert CARDS.rule(Card.TROLD).power[0].text == "move Gamle Erik up to 3 times counter-clockwise"
    assert Card.GAMLE_ERIK.label == "Gamle Erik"
