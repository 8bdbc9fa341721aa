"""What lies on the Chickwood Forest table, and the changes that keep it in step with the
app (see engines/core/changes.py).

The places of a game whose rounds are tracked: the alms on each village, space by space
("village:<grid index>"), each player's alms store, castle pile, loot and set-aside
benefactor cards, and the loot deck. The people make almost every change themselves as
they enter it (a raid, an alms): those are ``chosen``. The app announces what the rules
decide: the new hands dealt when a round ends.

A quick score tracks nothing through the game: its count describes the table as it lies
at the end, so entering it (or taking it back) changes nothing there. In both kinds of
game, final scoring may use Legendary cards ("legendary:<card>"), whose swaps the table
makes as it confirms them.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import TypeVar

from engines.chickwood.alms_snake import benefactor_alms
from engines.chickwood.loot import (
    ENTERTAINERS,
    FAKE_BEARD,
    GOLDEN_ARROW,
    LEGENDARY_NAMES,
    Collection,
    describe_counts,
    kind_counts,
    treasure_name,
)
from engines.chickwood.rounds import final_table, scouting
from engines.chickwood.scoring import ALMS_PER_PLAYER, AlmsSwap, TreasureSwap
from engines.chickwood.state import State
from engines.core import Change, Places, TurnOrder, differences, settle

T = TypeVar("T")

#: The rulebook's order of a round ("Sequence of Play" 1-3, "End of Round / Beginning of
#: Round", "End of Game" and "Final Scoring"; the text copy of the rulebook prints no page
#: numbers), as each ``Change`` names its ``phase``. The end of a round is the beginning
#: of the next: its deal (loot left at the castles set aside, new hands dealt) belongs to
#: the round it opens, which ``progress`` counts from then on, so it comes first in a
#: round, before that round's scouting. Round 1's deal is the set-up's. The Legendary
#: cards' swaps come "right before the Final Scoring", told as part of it, as are the
#: corrections of a final count.
TURN_ORDER = TurnOrder(
    source=(
        "Chickwood Forest rulebook: Sequence of Play 1. Scout the Castles, 2. Steal the "
        "Loot, 3. Give Alms; End of Round / Beginning of Round; End of Game; Final Scoring "
        "(the text copy prints no page numbers)"
    ),
    phases=("end_of_round", "scouting", "raid", "alms", "final_scoring"),
    opening=("end_of_round",),  # the end of a round is told as the next begins
)
_PHASE_RANK = {"entry": 0, "raid": 0, "alms": 0, "scoring": 1, "over": 2}
_LEGENDARY = (ENTERTAINERS, GOLDEN_ARROW, FAKE_BEARD)


def table_places(state: State) -> dict[str, Hashable]:
    """Place key -> what lies there (see the module's docstring for the keys)."""
    places: dict[str, Hashable] = {}
    if not state.config.quick:
        places.update(_tracked_places(state))
    if state.config.legendary:
        choices = state.choices
        used = {
            ENTERTAINERS: choices.entertainers if choices else None,
            GOLDEN_ARROW: choices.golden_arrow if choices else None,
            FAKE_BEARD: choices.fake_beard if choices else None,
        }
        places.update({f"legendary:{card}": used[card] for card in _LEGENDARY})
    return places


def _tracked_places(state: State) -> Places:
    table = final_table(state)
    at = _grid_index(state)
    places: dict[str, Hashable] = {}
    given = dict.fromkeys(table.names, 0)
    for village in table.villages:
        places[f"village:{at[village.profile.card]}"] = village.owners
        for owner in village.owners:
            given[owner] += 1
    benefactors: dict[str, tuple[int, ...]] = {name: () for name in table.names}
    for raid in state.raids:
        name = state.players[raid.seat].name
        benefactors[name] += raid.benefactors
    for player in table.players:
        places[f"store:{player.name}"] = ALMS_PER_PLAYER - given[player.name]
        places[f"castles:{player.name}"] = player.castles
        places[f"loot:{player.name}"] = player.loot
        places[f"benefactors:{player.name}"] = benefactors[player.name]
    places["deck"] = state.deck
    return places


def _grid_index(state: State) -> dict[str, int]:
    return {cell.profile.card: index for index, cell in enumerate(state.grid.cells)}


def village_name(state: State, index: int) -> str:
    """A village as a person finds it: by its place in the grid and its glory, or, for a
    quick score (where the app does not know the layout), by its glory alone."""
    if state.config.quick:
        return state.grid.cells[index].profile.label
    return state.grid.name(index)


def table_changes(before: State, after: State) -> list[Change]:
    """The changes that take the table from ``before`` to ``after``, in the order they
    happen (undone changes in reverse), each covering the places it changes."""
    old, new = table_places(before), table_places(after)
    differing = differences(old, new)
    changes: list[Change] = []
    for name in after.config.players:
        change = _collection_change(name, differing)
        if change is not None:
            changes.append(change)
    stores = {key for key in differing if key.startswith("store:")}
    for index in range(len(after.grid.cells)):
        key = f"village:{index}"
        if key in differing:
            was, now = differing[key]
            assert isinstance(was, tuple) and isinstance(now, tuple)
            change = _village_change(after, index, was, now, stores)
            stores -= set(change.keys)
            changes.append(change)
    if "deck" in differing:
        changes.append(_deck_change(before, after))
    for card in _LEGENDARY:
        key = f"legendary:{card}"
        if key in differing:
            changes.append(_legendary_change(after, card, *differing[key]))
    backwards = _progress(after) < _progress(before)
    if (after if backwards else before).phase in ("entry", "scoring", "over"):
        # A final count entered or corrected: part of final scoring.
        changes = [replace(change, phase="final_scoring") for change in changes]
    return settle(changes[::-1] if backwards else changes, new)


def told_changes(before: State, after: State) -> list[Change]:
    """What the table is told once a move took the game from ``before`` to ``after``:
    ``table_changes``, and when the move ended a round, after its deal (the new round's
    first step, see ``TURN_ORDER``) the new round's scouting. One chain: the round is
    over, the next begins."""
    changes = table_changes(before, after)
    if after.round > before.round and after.phase == "raid":
        changes.append(scouting(after))
    return changes


def _progress(state: State) -> tuple[int, int]:
    return len(state.raids) + len(state.placements), _PHASE_RANK[state.phase]


def _listed(values: Sequence[object]) -> str:
    words = [str(value) for value in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _grown(was: tuple[T, ...], now: tuple[T, ...]) -> tuple[tuple[T, ...], tuple[T, ...]]:
    """(what was taken off the end of ``was``, what was put on) after their common start."""
    same = 0
    while same < min(len(was), len(now)) and was[same] == now[same]:
        same += 1
    return was[same:], now[same:]


def _collection_change(name: str, differing: dict[str, tuple[Hashable, Hashable]]) -> Change | None:
    """One player's castle pile, loot and set-aside benefactors: a raid, or a raid undone
    (the castle goes back in the row with its cards in front of it)."""
    castles_key, loot_key, benefactors_key = (
        f"{kind}:{name}" for kind in ("castles", "loot", "benefactors")
    )
    keys = tuple(key for key in (castles_key, loot_key, benefactors_key) if key in differing)
    if not keys:
        return None
    off: tuple[int, ...] = ()
    on: tuple[int, ...] = ()
    if castles_key in differing:
        off, on = _grown(*_pair(differing[castles_key]))
    lost = won = back = aside = ""
    if loot_key in differing:
        was, now = differing[loot_key]
        assert isinstance(was, Collection) and isinstance(now, Collection)
        old, new = kind_counts(was), kind_counts(now)
        lost_cards = {k: old[k] - new[k] for k in old if old[k] > new[k]}
        won_cards = {k: new[k] - old[k] for k in old if new[k] > old[k]}
        lost = describe_counts(lost_cards) if lost_cards else ""
        won = describe_counts(won_cards) if won_cards else ""
    if benefactors_key in differing:
        returned, set_aside = _grown(*_pair(differing[benefactors_key]))
        back = f"the benefactor cards ({benefactor_alms(returned)})" if returned else ""
        aside = f"the benefactor cards ({benefactor_alms(set_aside)})" if set_aside else ""
    parts = []
    if off:
        castles = ("castle " if len(off) == 1 else "castles ") + _listed(off)
        parts.append(f"put {castles} from your pile back in the row of castles")
        if lost:
            parts[-1] += f", with {lost} in front"
        if back:
            parts.append(f"put {back} back there too")
    else:
        if lost:
            parts.append(f"take {lost} out of your loot")
        if back:
            parts.append(f"take back {back}")
    if on:
        parts.append(f"put castle {_listed(on)} on your pile")
    if won:
        parts.append(f"add {won} to your loot, face up")
    if aside:
        parts.append(f"set aside {aside}")
    return Change(f"{name}: " + "; ".join(parts), keys, chosen=True, phase="raid")


def _pair(values: tuple[Hashable, Hashable]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    was, now = values
    assert isinstance(was, tuple) and isinstance(now, tuple)
    return was, now


def _village_change(
    state: State, index: int, was: tuple[str, ...], now: tuple[str, ...], stores: set[str]
) -> Change:
    """The alms on one village: laid, taken back, or swapped (Travelling Entertainers)."""
    key = f"village:{index}"
    village = village_name(state, index)
    if len(was) == len(now):
        swaps = [
            f"space {space + 1} {new}'s alms instead of {old}'s"
            for space, (old, new) in enumerate(zip(was, now, strict=True))
            if old != new
        ]
        words = f"On {village}, put in " + "; in ".join(swaps)
        moved = set(was) | set(now)
        return Change(words, (key, *_stores(moved, stores)), key, key, chosen=True, phase="alms")
    off, on = _grown(was, now)
    parts = []
    if off:
        owners = _owners(off)
        back = "their stores" if len(set(off)) > 1 else f"{off[0]}'s store"
        parts.append(f"Take {owners} off {village}, back to {back}")
    if on:
        verb = "then put" if off else "Put"
        parts.append(f"{verb} {_owners(on)} on {village}")
    words = "; ".join(parts)
    source, target = (key, "") if off and not on else ("", key)
    keys = (key, *_stores(set(off) | set(on), stores))
    return Change(words, keys, source, target, chosen=True, phase="alms")


def _owners(owners: Sequence[str]) -> str:
    """Alms by whose they are: "Ana's alms", "2 alms (Bo's, then Ana's)"."""
    if len(owners) == 1:
        return f"{owners[0]}'s alms"
    if len(set(owners)) == 1:
        return f"{len(owners)} of {owners[0]}'s alms"
    whose = ", then ".join(f"{owner}'s" for owner in owners)
    return f"{len(owners)} alms ({whose})"


def _stores(players: set[str], stores: set[str]) -> tuple[str, ...]:
    """The changed stores of these players not yet covered by another change."""
    return tuple(sorted(key for key in stores if key.partition(":")[2] in players))


def _deck_change(before: State, after: State) -> Change:
    """New hands dealt at the end of a round (the rules', so announced), taken back, or
    the deck's count corrected by the table."""
    if after.round > before.round:
        hand = after.config.hand_size
        words = (
            f"Round {after.round}: set aside any loot left at the castles and deal "
            f"{hand} loot cards to each player; {after.deck} stay in the deck"
        )
        return Change(words, ("deck",), phase="end_of_round")
    if after.round < before.round:
        returned = after.deck - before.deck
        words = (
            f"Back to round {after.round}: take back the new hands and put the {returned} "
            f"cards on the loot deck ({after.deck} cards)"
        )
        return Change(words, ("deck",), phase="end_of_round")
    phase = "alms" if after.phase == "alms" else "raid"  # corrected during a turn
    return Change(f"The loot deck holds {after.deck} cards", ("deck",), chosen=True, phase=phase)


def _legendary_change(state: State, card: str, was: Hashable, now: Hashable) -> Change:
    """A Legendary card used at final scoring (or its use taken back): the table makes
    the swap as it confirms the scores."""
    table = final_table(state)  # before the Legendary cards
    used = now if now is not None else was
    name = LEGENDARY_NAMES[card]
    holder = table.holder(card) or "its holder"
    if isinstance(used, AlmsSwap):
        spaces = ((used.first_village, used.first_space), (used.second_village, used.second_space))
        at = _grid_index(state)
        owners = {v.profile.card: v.owners for v in table.villages}
        parts = [
            f"{owners[village][space]}'s alms in space {space + 1} of "
            f"{village_name(state, at[village])}"
            for village, space in spaces
        ]
        what = f"swap {parts[0]} with {parts[1]}"
    elif isinstance(used, TreasureSwap):
        what = (
            f"{holder} gives {used.opponent} a {treasure_name(used.give)} and takes "
            f"{used.opponent}'s {treasure_name(used.take)}"
        )
    else:
        what = f"{holder} gives {used} a henchman"
    key = f"legendary:{card}"
    if now is None:
        return Change(f"{name} taken back: undo the swap ({what})", (key,), phase="final_scoring")
    return Change(f"{name}: {what}", (key,), chosen=True, phase="final_scoring")
