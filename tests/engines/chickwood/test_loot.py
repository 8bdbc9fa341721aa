"""Loot collections and the game's supply of cards."""

import pytest

from engines.chickwood.loot import (
    FAKE_BEARD,
    KEY,
    LEGENDARY,
    Collection,
    check_supply,
    supply,
    treasure_name,
)


def test_the_loot_deck_holds_ninety_cards_with_benefactors() -> None:
    # 3 busts, 49 treasures, 3 Maid Marihens, 12 henchmen, plus 23 benefactors.
    box = supply()
    assert box.cards + 23 == 90
    assert sum(box.chests) + sum(box.garments) + sum(box.jewelry) == 49


def test_the_legendary_variant_swaps_four_cards_for_five() -> None:
    plain, variant = supply(), supply(legendary=True)
    assert variant.cards == plain.cards + 1
    assert variant.jewelry == (5, 3, 2) and variant.henchmen == 11
    assert variant.legendary == LEGENDARY


def test_collections_are_built_from_type_names() -> None:
    loot = Collection.of(chests={"gold": 2}, garments={"gown": 1}, jewelry={"ring": 3})
    assert loot.chests == (2, 0, 0, 0)
    assert loot.treasures() == ("chest:gold", "garment:gown", "jewelry:ring")
    assert loot.count("jewelry:ring") == 3
    assert loot.add_treasure("chest:gold", -1).chests == (1, 0, 0, 0)
    assert treasure_name("chest:gold") == "gold chest"
    assert treasure_name("jewelry:ring") == "ring"


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: Collection.of(chests={"diamond": 1}), "no chest called 'diamond'"),
        (lambda: Collection(henchmen=-1), "can't be negative"),
        (lambda: Collection(legendary=("crown",)), "no Legendary card"),
        (lambda: Collection(legendary=(KEY, KEY)), "only once"),
        (lambda: Collection.of(jewelry={"ring": 1}).add_treasure("jewelry:ring", -2), "no ring"),
        (lambda: Collection().count("chest:diamond"), "not a treasure"),
    ],
)
def test_impossible_collections_are_refused(build: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        build()  # type: ignore[operator]


def test_the_supply_check_names_the_card() -> None:
    check_supply(supply(), legendary=False)
    with pytest.raises(ValueError, match="only 3 Maid Marihen"):
        check_supply(Collection(maids=4), legendary=False)
    with pytest.raises(ValueError, match="Legendary variant"):
        check_supply(Collection(legendary=(FAKE_BEARD,)), legendary=False)
