"""The corrections menus of a Chickwood Forest game, as rows for a ChoiceListPopup.

During the rounds a player's entries are their raids and alms, each with what can be
done to it ("Change", "Remove", "Move"). Once the rounds are over, their final collection
in a few short groups: each item held with Remove, Add and Change into another (a gown
that was a cloak: the name, "Change a gown into...", "Cloak"), then what they could add.
A row's value is what to do when it is touched: an engine correction to play, or a step
on the play screen (loading a raid on the pad to change it, waiting for the village an
alms goes to, choosing what an item really was). The engine checks everything.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.chickwood import loot_entry
from engines import chickwood as C
from engines.chickwood import (
    benefactor_alms,
    describe,
    final_items,
    from_counts,
    item_count,
    item_sort,
    kind_counts,
    kind_name,
    one,
    village_name,
)

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
class ChangeItem:
    """Ask what one of ``player``'s ``item`` really was (a gown that was a cloak)."""

    player: str
    item: str


def raid_words(state: C.State, number: int) -> str:
    raid = state.raids[number]
    words = f"Round {raid.round}, castle {raid.castle}: {describe(raid.loot)}"
    if raid.benefactors:
        words += f", benefactors ({benefactor_alms(raid.benefactors)})"
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
                # "Remove the Spy Glass", "Remove one gold chest" (review P11).
                card = kind_name(key)
                which = card if card.startswith("the ") else f"one {card}"
                rows.append((f"Remove {which} from round {raid.round}", fix))
    for number, placement in enumerate(state.placements):
        if placement.seat != seat:
            continue
        where = f"{village_name(state, placement.cell)} (round {placement.round})"
        rows.append((f"Move the alms on {where}", PlaceAlms(number)))
        rows.append((f"Remove the alms on {where}", C.FixAlms(number)))
    if state.players[seat].store:
        rows.append((f"Add an alms of {name} that was not entered", PlaceAlms(None, name)))
    return rows


def one_item(state: C.State, item: str) -> str:
    """One of an item of a final collection, naming the village: "a gown", "the Key",
    "a castle worth 4", "an alms on the top left village"."""
    kind, _, what = item.partition(":")
    if kind != "village":
        return one(item)
    at = next(i for i, c in enumerate(state.grid.cells) if c.profile.card == what)
    if state.config.quick:  # the app does not know where it lies: by its glory
        return f"an alms on {village_name(state, at)}"
    return f"an alms on the {state.grid.where(at)} village"  # short enough for a button


def _item_button(state: C.State, item: str) -> str:
    """An item on a button of the "changed into" grid, as the pad writes it."""
    kind, _, what = item.partition(":")
    if kind == "castle":
        return f"Castle {what}"
    if kind == "village":
        return one_item(state, item).removeprefix("an alms on ").capitalize()
    words = dict(loot_entry.kinds(state.config.legendary, benefactors=False))
    return words[item]


def final_groups(state: C.State, name: str) -> dict[str, Rows]:
    """One player's final collection to correct, in short groups: their cards, castles
    and alms, each held item with one fewer, one more or changed into another (three
    buttons to a line), then the castles and alms they could add; the cards they could
    add; their score lines. Only what this game can hold is offered (no Legendary card
    without the variant)."""
    table = C.final_table(state)
    held: dict[str, Rows] = {sort: [] for sort in ("card", "castle", "village")}
    others: dict[str, Rows] = {sort: [] for sort in ("card", "castle", "village")}
    for item in final_items(state):
        count = item_count(table, name, item)
        words = one_item(state, item)
        add = (f"Add {words}", C.FixFinal(name, item, count + 1))
        if count:
            held[item_sort(item)] += [
                (f"Remove {words} ({count} held)", C.FixFinal(name, item, count - 1)),
                add,
                (f"Change {words} into...", ChangeItem(name, item)),
            ]
        else:
            others[item_sort(item)].append(add)
    # The score lines a touch away once the game is scored, their total on the group's
    # button, beside the cards (which open first: a correction stays two or three
    # touches; review N23). A line touched shows them all in a notice.
    board = C.scoreboard(state)
    score = board.player(name) if board is not None else None
    lines: dict[str, Rows] = {}
    if score is not None:
        lines[f"{name}'s score: {score.total}"] = [
            (f"{line.category}: {line.detail} ({line.points:+d})", score) for line in score.lines
        ]
    return {
        f"{name}'s cards": held["card"],
        **lines,
        f"{name}'s castles": held["castle"] + others["castle"],
        f"{name}'s alms": held["village"] + others["village"],
        "Add a card": others["card"],
    }


def change_rows(state: C.State, change: ChangeItem) -> Rows:
    """What ``change.item`` may have really been: the other items of its sort."""
    return [
        (_item_button(state, item), C.ChangeFinal(change.player, change.item, item))
        for item in final_items(state)
        if item != change.item and item_sort(item) == item_sort(change.item)
    ]
