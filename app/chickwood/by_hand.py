"""The corrections menu of a Chickwood Forest game: one player's entries, each with what
can be done to it ("Change", "Remove", "Move"), as rows for a ChoiceListPopup.

During the rounds a player's entries are their raids and alms; once the rounds are over,
the items of their final collection. A row's value is what to do when it is touched: an
engine correction to play, or a step on the play screen (loading a raid on the pad to
change it, waiting for the village an alms goes to). The engine checks everything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.kit.choice_list import ChoiceListPopup
from engines import chickwood as C
from engines.chickwood.corrections import final_items, item_count
from engines.chickwood.loot import describe, from_counts, kind_counts, kind_name
from engines.chickwood.table import village_name

Rows = list[tuple[str, object]]


@dataclass(frozen=True)
class ChangeRaid:
    """Load raid number ``raid`` on the pad, to be changed and saved."""

    raid: int


@dataclass(frozen=True)
class PlaceAlms:
    """Wait for the village touched next: alms number ``alms`` moves there, or (``alms``
    None) one more of ``player``'s alms is added there."""

    alms: int | None
    player: str = ""


@dataclass(frozen=True)
class SetItem:
    """Ask for the number of one item of a final collection."""

    player: str
    item: str
    count: int
    words: str  # the item in words, for the heading


def raid_words(state: C.State, number: int) -> str:
    raid = state.raids[number]
    words = f"Round {raid.round}, castle {raid.castle}: {describe(raid.loot)}"
    if raid.benefactors:
        words += f", benefactors ({' + '.join(map(str, raid.benefactors))} alms)"
    return words


def round_rows(state: C.State, seat: int) -> Rows:
    """One player's raids and alms, with what can be done to each."""
    name = state.players[seat].name
    rows: Rows = []
    for number, raid in enumerate(state.raids):
        if raid.seat != seat:
            continue
        words = raid_words(state, number)
        rows.append((f"Change: {words}", ChangeRaid(number)))
        counts = kind_counts(raid.loot)
        for key, count in counts.items():
            if count:
                loot = from_counts({**counts, key: count - 1})
                fix = C.FixRaid(number, raid.castle, loot, raid.benefactors)
                rows.append((f"Remove one {kind_name(key)} from round {raid.round}", fix))
    for number, placement in enumerate(state.placements):
        if placement.seat != seat:
            continue
        where = f"{village_name(state, placement.cell)} (round {placement.round})"
        rows.append((f"Move the alms on {where}", PlaceAlms(number)))
        rows.append((f"Remove the alms on {where}", C.FixAlms(number)))
    if state.players[seat].store:
        rows.append((f"Add an alms of {name} that was not entered", PlaceAlms(None, name)))
    return rows


def _item_words(state: C.State, item: str, count: int) -> str:
    kind, _, what = item.partition(":")
    if kind == "castle":
        return f"castle{'s' if count != 1 else ''} worth {what}"
    if kind == "village":
        at = next(i for i, c in enumerate(state.grid.cells) if c.profile.card == what)
        return f"alms on {village_name(state, at)}"
    return kind_name(item, count)


def final_rows(state: C.State, name: str) -> Rows:
    """The items of one player's final collection: held ones to remove one of or to
    change, the others to add."""
    table = C.final_table(state)
    held: Rows = []
    others: Rows = []
    for item in final_items(table):
        count = item_count(table, name, item)
        if count:
            words = _item_words(state, item, count)
            held.append((f"Remove one: {count} {words}", C.FixFinal(name, item, count - 1)))
            held.append((f"Change: {count} {words}", SetItem(name, item, count, words)))
        else:
            words = _item_words(state, item, 1)
            others.append((f"Add one {words}", C.FixFinal(name, item, 1)))
    return held + others


def show_rows(heading: str, rows: Rows, on_pick: Callable[[object], None]) -> None:
    """The rows in a one-column list: touching one picks it (the second touch)."""
    ChoiceListPopup(heading, {heading: rows}, on_pick, columns=1).open()
