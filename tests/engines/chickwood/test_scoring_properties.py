"""Property tests: scoring invariants over many generated tables."""

from dataclasses import replace
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.chickwood.loot import CHEST_TYPES, ENTERTAINERS, FAKE_BEARD, GOLDEN_ARROW, Collection
from engines.chickwood.scoring import (
    ChestChoice,
    Choices,
    FinalTable,
    PlayerFinal,
    VillageFinal,
    after_busts,
    final_scores,
    loot_lines,
    propose,
)
from engines.chickwood.village import CardProfile, Row, awards, unlocked_glory

NAMES = ("Red", "Blue")


@st.composite
def collections(draw: st.DrawFn, legendary: tuple[str, ...] = ()) -> Collection:
    return Collection(
        chests=tuple(draw(st.integers(0, 3)) for _ in range(4)),  # type: ignore[arg-type]
        garments=tuple(draw(st.integers(0, 1)) for _ in range(4)),  # type: ignore[arg-type]
        jewelry=(draw(st.integers(0, 2)), draw(st.integers(0, 1)), draw(st.integers(0, 1))),
        maids=draw(st.integers(0, 1)),
        henchmen=draw(st.integers(0, 4)),
        busts=draw(st.integers(0, 1)),
        legendary=legendary,
    )


profiles = st.builds(
    lambda rows: CardProfile("v", rows=tuple(Row(s, g) for s, g in rows)),
    st.lists(st.tuples(st.integers(1, 4), st.none() | st.integers(0, 12)), min_size=1, max_size=4),
)


@settings(max_examples=200, deadline=None, database=None)
@given(loot=collections(), data=st.data())
def test_the_choice_among_tied_chest_types_never_changes_the_points(
    loot: Collection, data: st.DataObject
) -> None:
    default = sum(line.points for line in loot_lines(loot))
    counts, discarded = after_busts(loot)
    chosen: list[str] = []
    working = list(loot.chests)
    for _ in discarded:
        most = max(working)
        ties = [n for n, k in zip(CHEST_TYPES, working, strict=True) if k == most]
        pick = data.draw(st.sampled_from(ties))
        chosen.append(pick)
        working[CHEST_TYPES.index(pick)] -= 1
    scored = None
    if sum(working):
        most = max(working)
        scored = data.draw(
            st.sampled_from([n for n, k in zip(CHEST_TYPES, working, strict=True) if k == most])
        )
    choice = ChestChoice("Red", tuple(chosen), scored)
    assert sum(line.points for line in loot_lines(loot, choice)) == default
    assert sum(working) == sum(counts)


@settings(max_examples=200, deadline=None, database=None)
@given(profile=profiles, data=st.data())
def test_village_glory_goes_in_rank_order_from_the_unlocked_rows(
    profile: CardProfile, data: st.DataObject
) -> None:
    owners = data.draw(st.lists(st.sampled_from("RBGY"), max_size=profile.capacity))
    result = awards(profile, owners)
    unlocked = unlocked_glory(profile, len(owners))
    assert [a.glory for a in result] == [
        unlocked[i] if i < len(unlocked) else 0 for i in range(len(result))
    ]
    assert [a.rank for a in result] == list(range(1, len(result) + 1))
    counts = [a.alms for a in result]
    assert counts == sorted(counts, reverse=True)
    assert sum(counts) == len(owners)
    for better, worse in pairwise(result):
        if better.alms == worse.alms:  # the tie went to whoever gave last
            last = {p: i for i, p in enumerate(owners)}
            assert last[better.player] > last[worse.player]


def merit(table: FinalTable, choices: Choices, holder: str) -> int:
    board = final_scores(table, choices)
    mine = board.player(holder).total
    return mine - max(s.total for s in board.players if s.name != holder)


@settings(max_examples=60, deadline=None, database=None)
@given(
    card=st.sampled_from([ENTERTAINERS, GOLDEN_ARROW, FAKE_BEARD]),
    red=collections(),
    blue=collections(),
    data=st.data(),
)
def test_a_proposed_legendary_choice_is_never_worse_than_declining(
    card: str, red: Collection, blue: Collection, data: st.DataObject
) -> None:
    red = replace(red, legendary=(card,))
    profile = CardProfile("v", rows=(Row(2, 3), Row(2, 6), Row(2, 9)))
    owners = tuple(data.draw(st.lists(st.sampled_from(NAMES), max_size=6)))
    table = FinalTable(
        (PlayerFinal("Red", red, (1, 4)), PlayerFinal("Blue", blue, (2, 3))),
        (VillageFinal(profile, owners),),
        legendary=True,
    )
    proposed = propose(table)
    assert merit(table, proposed, "Red") >= merit(table, Choices(), "Red")
