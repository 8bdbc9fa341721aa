"""The rulebook's worked scoring examples, and the choices the rules leave open."""

import pytest

from engines.chickwood.loot import ENTERTAINERS, FAKE_BEARD, GOLDEN_ARROW, Collection
from engines.chickwood.scoring import (
    CATEGORIES,
    AlmsSwap,
    ChestChoice,
    Choices,
    FinalTable,
    PlayerFinal,
    TreasureSwap,
    VillageFinal,
    after_busts,
    castle_line,
    final_scores,
    loot_lines,
    propose,
    quick_score,
    totals,
)
from engines.chickwood.village import CardProfile, Row
from engines.core import IllegalAction


def points(loot: Collection, category: str, choice: ChestChoice | None = None) -> int:
    return sum(line.points for line in loot_lines(loot, choice) if line.category == category)


# --- Busts -----------------------------------------------------------------------------


def test_one_bust_discards_a_chest_of_the_type_held_most() -> None:
    loot = Collection.of(chests={"emerald": 3, "gold": 1, "silver": 1}, busts=1)
    counts, discarded = after_busts(loot)
    assert discarded == ("emerald",)
    assert counts == (1, 1, 2, 0)


def test_two_busts_recheck_the_majority_after_each_discard() -> None:
    # Four emeralds, three silver: the first bust takes an emerald, then it is 3 and 3.
    loot = Collection.of(chests={"emerald": 4, "silver": 3}, busts=2)
    counts, discarded = after_busts(loot)
    assert discarded[0] == "emerald"
    assert discarded[1] in ("emerald", "silver")
    for second in ("emerald", "silver"):
        counts, discarded = after_busts(loot, ChestChoice("Red", discards=("emerald", second)))
        assert discarded == ("emerald", second)
        assert sorted(counts) == [0, 0, 2, 3]


def test_a_bust_cannot_discard_a_type_that_is_not_held_most() -> None:
    loot = Collection.of(chests={"emerald": 4, "silver": 3}, busts=2)
    with pytest.raises(IllegalAction, match="bust must discard a chest of the type held most"):
        after_busts(loot, ChestChoice("Red", discards=("silver",)))


def test_a_bust_without_chests_does_nothing() -> None:
    loot = Collection.of(busts=2, garments={"gown": 1})
    assert after_busts(loot) == ((0, 0, 0, 0), ())
    assert points(loot, "Busts") == 0
    assert points(loot, "Garments") == 5


# --- Chests ----------------------------------------------------------------------------


def test_chests_majority_squared_minus_one_per_other_chest() -> None:
    loot = Collection.of(chests={"gold": 4, "silver": 3, "emerald": 1})
    assert points(loot, "Chests") == 12  # 4 x 4 = 16, minus 4


def test_tied_chest_types_score_the_same_whichever_is_chosen() -> None:
    loot = Collection.of(chests={"gold": 2, "emerald": 2})
    assert points(loot, "Chests", ChestChoice("Red", scored="gold")) == 2
    assert points(loot, "Chests", ChestChoice("Red", scored="emerald")) == 2
    with pytest.raises(IllegalAction, match="gold or emerald"):
        points(loot, "Chests", ChestChoice("Red", scored="silver"))


def test_busts_are_resolved_before_the_chests_are_scored() -> None:
    loot = Collection.of(chests={"gold": 4, "silver": 3, "emerald": 1}, busts=1)
    assert points(loot, "Chests") == 9 - 4  # gold 3 x 3, minus 3 silver and 1 emerald


# --- Garments, jewelry, Maid Marihen, henchmen, castles ---------------------------------


def test_garments_score_five_for_each_type_held_once() -> None:
    loot = Collection.of(garments={"armor": 1, "jerkin": 1, "gown": 2})
    assert points(loot, "Garments") == 10


def test_jewelry_scores_its_value() -> None:
    loot = Collection.of(jewelry={"ring": 2, "pendant": 3, "bracelet": 1})
    assert points(loot, "Jewelry") == 19


def test_maid_marihen_adds_one_per_treasure_type() -> None:
    loot = Collection.of(
        chests={"gold": 1, "silver": 2, "emerald": 1},
        garments={"armor": 1, "jerkin": 2, "gown": 1},
        jewelry={"ring": 1, "pendant": 1, "bracelet": 2},
        maids=1,
    )
    assert points(loot, "Maid Marihen") == 9


def test_a_second_maid_marihen_adds_nothing() -> None:
    one = Collection.of(chests={"gold": 1}, jewelry={"ring": 1}, maids=1)
    two = Collection.of(chests={"gold": 1}, jewelry={"ring": 1}, maids=2)
    assert points(one, "Maid Marihen") == points(two, "Maid Marihen") == 2


def test_henchmen_cost_three_each() -> None:
    assert points(Collection.of(henchmen=2), "Henchmen") == -6


def test_castles_sum_every_castle_raided_with_the_starting_one() -> None:
    assert castle_line((2, 5, 5, 2, 1, 5)).points == 20


def test_every_player_gets_every_category_in_the_printed_order() -> None:
    board = quick_score([PlayerFinal("Red"), PlayerFinal("Blue", castles=(3,))])
    for score in board.players:
        assert tuple(line.category for line in score.lines) == CATEGORIES
    assert board.player("Blue").total == 3
    assert board.winners == ("Blue",)


# --- Villages --------------------------------------------------------------------------


def village(rows: list[tuple[int, int | None]], owners: tuple[str, ...]) -> VillageFinal:
    profile = CardProfile("v", rows=tuple(Row(s, g) for s, g in rows))
    return VillageFinal(profile, owners)


def village_points(v: VillageFinal, names: tuple[str, ...]) -> dict[str, int]:
    board = quick_score([PlayerFinal(n) for n in names], [v])
    return {s.name: s.points("Villages") for s in board.players}


def test_an_empty_row_keeps_its_glory_locked() -> None:
    # Blue and Yellow unlock the first row, Red the second; the 8 of the third stays locked.
    v = village([(2, 2), (2, 5), (2, 8)], ("Blue", "Yellow", "Red"))
    got = village_points(v, ("Blue", "Yellow", "Red"))
    assert 8 not in got.values()
    assert sorted(got.values()) == [0, 2, 5]


def test_a_tie_goes_to_the_later_alms_and_locked_glory_is_not_earned() -> None:
    v = village([(2, 3), (2, 6)], ("Red", "Yellow"))
    assert village_points(v, ("Red", "Yellow")) == {"Red": 0, "Yellow": 3}


def test_nobody_in_third_place_leaves_the_third_glory_unearned() -> None:
    v = village([(1, 2), (2, 5), (2, 9)], ("Red", "Yellow", "Red", "Red"))
    assert village_points(v, ("Red", "Yellow")) == {"Red": 9, "Yellow": 5}


def test_two_ties_broken_by_who_gave_last() -> None:
    v = village([(2, 2), (2, 4), (3, 8)], ("Blue", "Yellow", "Green", "Blue", "Red", "Red"))
    got = village_points(v, ("Red", "Blue", "Green", "Yellow"))
    assert got == {"Red": 8, "Blue": 4, "Green": 2, "Yellow": 0}


def test_alms_only_in_a_row_without_glory_earn_nothing() -> None:
    v = village([(3, None), (3, 6), (3, 10)], ("Red", "Red"))
    assert village_points(v, ("Red", "Blue")) == {"Red": 0, "Blue": 0}


# --- whole tables, and checks on what is entered -----------------------------------------


def test_a_full_quick_score_adds_every_category() -> None:
    red = PlayerFinal(
        "Red",
        Collection.of(
            chests={"gold": 4, "silver": 3, "emerald": 1},
            garments={"armor": 1, "jerkin": 1, "gown": 2},
            jewelry={"ring": 2, "pendant": 3, "bracelet": 1},
            henchmen=2,
        ),
        (2, 5, 5, 2, 1, 5),
    )
    yellow = PlayerFinal("Yellow", castles=(1, 3))
    v = village([(2, 3), (2, 6)], ("Red", "Yellow"))
    board = quick_score([red, yellow], [v])
    assert board.player("Red").total == 12 + 10 + 19 - 6 + 20 + 0
    assert board.player("Yellow").total == 4 + 3
    assert board.winners == ("Red",)
    assert board.outcome().winners == ("Red",)
    assert dict(board.outcome().scores) == totals(board.table)


def test_equal_glory_is_a_shared_win() -> None:
    board = quick_score([PlayerFinal("Red", castles=(4,)), PlayerFinal("Blue", castles=(1, 3))])
    assert board.winners == ("Red", "Blue")
    assert board.outcome().cause == "shared_win"


def test_more_cards_than_the_game_has_are_refused() -> None:
    with pytest.raises(ValueError, match="only 7 gold chest"):
        FinalTable(
            (
                PlayerFinal("Red", Collection.of(chests={"gold": 5})),
                PlayerFinal("Blue", Collection.of(chests={"gold": 3})),
            )
        )


def test_more_than_fifteen_alms_are_refused() -> None:
    big = CardProfile("big", rows=(Row(20, 5),))
    with pytest.raises(ValueError, match="only 15 alms"):
        FinalTable((PlayerFinal("Red"), PlayerFinal("Blue")), (VillageFinal(big, ("Red",) * 16),))


def test_legendary_cards_need_the_variant() -> None:
    with pytest.raises(ValueError, match="Legendary variant"):
        FinalTable(
            (PlayerFinal("Red", Collection.of(legendary=(FAKE_BEARD,))), PlayerFinal("Blue"))
        )


# --- Legendary cards -------------------------------------------------------------------


def test_fake_beard_gives_a_henchman_to_the_strongest_opponent() -> None:
    table = FinalTable(
        (
            PlayerFinal("Red", Collection.of(henchmen=1, legendary=(FAKE_BEARD,)), (3,)),
            PlayerFinal("Blue", castles=(5,)),
            PlayerFinal("Green", castles=(2,)),
        ),
        legendary=True,
    )
    choices = propose(table)
    assert choices.fake_beard == "Blue"
    board = final_scores(table)
    assert board.player("Red").total == 3
    assert board.player("Blue").total == 5 - 3
    # The table may choose another opponent instead.
    other = final_scores(table, Choices(fake_beard="Green"))
    assert other.player("Green").total == 2 - 3
    assert other.player("Blue").total == 5


def test_fake_beard_refuses_to_give_to_its_holder_or_without_henchmen() -> None:
    table = FinalTable(
        (PlayerFinal("Red", Collection.of(legendary=(FAKE_BEARD,))), PlayerFinal("Blue")),
        legendary=True,
    )
    assert propose(table).fake_beard is None
    with pytest.raises(IllegalAction, match="no henchman"):
        final_scores(table, Choices(fake_beard="Blue"))
    with pytest.raises(IllegalAction, match="opponent"):
        final_scores(table, Choices(fake_beard="Red"))


def test_golden_arrow_takes_the_swap_best_for_its_holder() -> None:
    table = FinalTable(
        (
            PlayerFinal(
                "Red", Collection.of(chests={"gold": 3, "silver": 1}, legendary=(GOLDEN_ARROW,))
            ),
            PlayerFinal("Blue", Collection.of(chests={"gold": 1}, jewelry={"ring": 1})),
        ),
        legendary=True,
    )
    before = totals(table)
    choices = propose(table)
    assert choices.golden_arrow is not None
    board = final_scores(table, choices)
    after = {s.name: s.total for s in board.players}
    # Silver for Blue's ring: Red 9 + 4 = 13 (was 8), Blue 1 - 1 = 0 (was 5): a lead of 13,
    # better than silver for gold (16 against 4).
    assert choices.golden_arrow == TreasureSwap("Blue", "chest:silver", "jewelry:ring")
    assert after == {"Red": 13, "Blue": 0}
    assert after["Red"] - after["Blue"] > before["Red"] - before["Blue"]
    # No other single swap does better for Red.
    for give in ("chest:gold", "chest:silver"):
        for take in ("chest:gold", "jewelry:ring"):
            if give != take:
                trial = final_scores(table, Choices(golden_arrow=TreasureSwap("Blue", give, take)))
                scores = {s.name: s.total for s in trial.players}
                assert scores["Red"] - scores["Blue"] <= after["Red"] - after["Blue"]


def test_golden_arrow_refuses_a_treasure_not_held() -> None:
    table = FinalTable(
        (
            PlayerFinal("Red", Collection.of(chests={"gold": 1}, legendary=(GOLDEN_ARROW,))),
            PlayerFinal("Blue", Collection.of(jewelry={"ring": 1})),
        ),
        legendary=True,
    )
    with pytest.raises(IllegalAction, match="Blue has no silver chest"):
        final_scores(
            table, Choices(golden_arrow=TreasureSwap("Blue", "chest:gold", "chest:silver"))
        )


def test_travelling_entertainers_swap_two_alms_to_win_a_village() -> None:
    v1 = village([(2, 3), (2, 6)], ("Red", "Blue", "Blue"))
    v2 = VillageFinal(CardProfile("w", rows=(Row(2, 1), Row(2, 2))), ("Red",))
    table = FinalTable(
        (
            PlayerFinal("Red", Collection.of(legendary=(ENTERTAINERS,))),
            PlayerFinal("Blue"),
        ),
        (v1, v2),
        legendary=True,
    )
    assert totals(table) == {"Red": 3 + 1, "Blue": 6}
    choices = propose(table)
    assert choices.entertainers is not None
    board = final_scores(table, choices)
    red, blue = board.player("Red").total, board.player("Blue").total
    assert red - blue > 4 - 6
    # Check by brute force that no swap beats the proposal.
    best = max(
        (
            final_scores(table, Choices(entertainers=AlmsSwap(a, i, b, j)))
            for a, na in (("v", 3), ("w", 1))
            for b, nb in (("v", 3), ("w", 1))
            for i in range(na)
            for j in range(nb)
        ),
        key=lambda s: s.player("Red").total - s.player("Blue").total,
    )
    assert best.player("Red").total - best.player("Blue").total == red - blue


def test_a_swap_of_an_empty_space_is_refused() -> None:
    v1 = village([(2, 3), (2, 6)], ("Red",))
    table = FinalTable(
        (PlayerFinal("Red", Collection.of(legendary=(ENTERTAINERS,))), PlayerFinal("Blue")),
        (v1,),
        legendary=True,
    )
    with pytest.raises(IllegalAction, match="no alms in space 2"):
        final_scores(table, Choices(entertainers=AlmsSwap("v", 0, "v", 1)))


def test_a_card_nobody_holds_cannot_be_used() -> None:
    table = FinalTable((PlayerFinal("Red"), PlayerFinal("Blue", Collection.of(henchmen=1))))
    with pytest.raises(IllegalAction, match="Nobody holds the Fake Beard"):
        final_scores(table, Choices(fake_beard="Blue"))


def test_the_scoreboard_round_trips_as_json() -> None:
    import json

    from engines.chickwood.scoring import Scoreboard

    table = FinalTable(
        (
            PlayerFinal("Red", Collection.of(henchmen=1, legendary=(FAKE_BEARD,)), (3,)),
            PlayerFinal("Blue", Collection.of(chests={"gold": 2}), (5,)),
        ),
        (village([(2, 3)], ("Red", "Blue")),),
        legendary=True,
    )
    board = final_scores(table)
    assert Scoreboard.from_dict(json.loads(json.dumps(board.to_dict()))) == board
