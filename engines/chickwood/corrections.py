"""Corrections by hand: one entry put right without undoing the ones after it.

A raid (its castle, loot and benefactor cards), an alms (moved to another village or
taken off), an alms given at the table but never entered, and one item of a final
collection (a kind of loot card, castles of one value, a player's alms on one village).
``apply`` accepts them as actions, so they are logged, undoable and replayed; they are
never in ``legal_actions`` (random play and bots never use them); ``manual_edits`` lists
the ones that make sense now, for tests and menus.

What happened at the table stands: a corrected raid does not change the turn order the
table already played, and the alms snake's rules are not asked of an alms put right. The
supply of cards, a castle's card limit, the cards of a round, village spaces and the 15
alms of each player still hold. Correcting a confirmed game reopens its scores: it is
unfinished until they are confirmed again.
"""

from __future__ import annotations

from dataclasses import replace

from engines.chickwood.actions import (
    AddAlms,
    ChangeFinal,
    ChickwoodAction,
    FixAlms,
    FixFinal,
    FixRaid,
    Reopen,
    SetDeckCount,
    item_words,
)
from engines.chickwood.alms_snake import Grid
from engines.chickwood.loot import BENEFACTORS, Collection, check_supply, from_counts, kind_counts
from engines.chickwood.rounds import QUICK, final_table
from engines.chickwood.scoring import FinalTable, PlayerFinal, VillageFinal
from engines.chickwood.state import Placement, State
from engines.core import IllegalAction

CORRECTIONS = (FixRaid, FixAlms, AddAlms, FixFinal, ChangeFinal, Reopen)


def reopen(state: State) -> State:
    """Confirmed scores back to be checked: the Legendary swaps and choices are undone."""
    if state.phase != "over":
        raise IllegalAction("The scores are not confirmed yet: nothing to reopen.")
    return replace(state, phase="scoring", choices=None)


def apply_correction(state: State, action: ChickwoodAction) -> State:
    """Carry out a correction (``state`` untouched; IllegalAction if it can't be)."""
    if isinstance(action, Reopen):
        return reopen(state)
    if isinstance(action, FixFinal):
        return fix_final(state, action.player, action.item, action.count)
    if isinstance(action, ChangeFinal):
        return change_final(state, action)
    if state.config.quick:
        raise IllegalAction(QUICK)
    if state.final is not None:
        raise IllegalAction(
            "The final collections were corrected item by item: correct them there."
        )
    if state.phase == "over":
        state = reopen(state)
    if isinstance(action, FixRaid):
        return fix_raid(state, action)
    if isinstance(action, FixAlms):
        return fix_alms(state, action)
    if isinstance(action, AddAlms):
        return add_alms(state, action)
    raise IllegalAction(f"{action.label} is not a correction by hand.")  # pragma: no cover


# --- raids -------------------------------------------------------------------------------


def _raid_index(state: State, number: int) -> int:
    if not 0 <= number < len(state.raids):
        raise IllegalAction(f"There is no raid {number + 1}: {len(state.raids)} were entered.")
    return number


def fix_raid(state: State, action: FixRaid) -> State:
    index = _raid_index(state, action.raid)
    old = state.raids[index]
    config = state.config
    name = state.players[old.seat].name
    if not 1 <= action.castle <= config.top_castle:
        raise IllegalAction(f"This game uses castles 1 to {config.top_castle}.")
    same_round = [r for i, r in enumerate(state.raids) if r.round == old.round and i != index]
    if any(r.castle == action.castle for r in same_round):
        raise IllegalAction(f"Castle {action.castle} was raided by someone else that round.")
    for alms in action.benefactors:
        if alms not in BENEFACTORS:
            raise IllegalAction("A benefactor card gives 1, 2 or 3 alms.")
    in_progress = state.phase == "alms" and index == len(state.raids) - 1
    if in_progress and tuple(action.benefactors) != old.benefactors:
        raise IllegalAction(
            f"{name} is giving the alms of this raid now: finish, or use Undo to change "
            "its benefactor cards."
        )
    cards = action.loot.cards + len(action.benefactors)
    limit = config.castle_limit(action.castle)
    if limit is not None and cards > limit:
        raise IllegalAction(f"At most {limit} cards can be played at castle {action.castle}.")
    played = len(state.players) * config.hand_size
    round_cards = sum(r.loot.cards + len(r.benefactors) for r in same_round) + cards
    if round_cards > played:
        raise IllegalAction(f"Only {played} cards are played to the castles each round.")
    others = [r for i, r in enumerate(state.raids) if i != index]
    try:  # a card taken twice is refused by the collection, the rest by the supply
        taken = action.loot
        for record in others:
            taken = taken.plus(record.loot)
        check_supply(taken, config.legendary)
    except ValueError as error:
        raise IllegalAction(str(error)) from None
    for alms, most in BENEFACTORS.items():
        used = sum(r.benefactors.count(alms) for r in others) + action.benefactors.count(alms)
        if used > most:
            raise IllegalAction(f"The game has only {most} benefactors giving {alms} alms.")

    record = replace(
        old, castle=action.castle, loot=action.loot, benefactors=tuple(action.benefactors)
    )
    raids = (*state.raids[:index], record, *state.raids[index + 1 :])
    me = state.players[old.seat]
    # The player's pile: the starting castle, then one castle per raid of theirs in order.
    mine = [i for i, r in enumerate(state.raids) if r.seat == old.seat]
    castles = list(me.castles)
    castles[1 + mine.index(index)] = action.castle
    loot = Collection()
    for raid in raids:
        if raid.seat == old.seat:
            loot = loot.plus(raid.loot)
    players = list(state.players)
    players[old.seat] = replace(me, castles=tuple(castles), loot=loot)
    state = replace(state, players=tuple(players), raids=raids)
    if old.round == state.round and state.phase in ("raid", "alms"):
        this_round = [r for r in raids if r.round == state.round]
        state = replace(
            state,
            raided=tuple(r.castle for r in this_round),
            cards_raided=sum(r.loot.cards + len(r.benefactors) for r in this_round),
        )
    return state


# --- alms --------------------------------------------------------------------------------


def _alms_index(state: State, number: int) -> int:
    if not 0 <= number < len(state.placements):
        raise IllegalAction(f"There is no alms {number + 1}: {len(state.placements)} were given.")
    snake = state.snake
    if state.phase == "alms" and snake is not None:
        first_of_snake = len(state.placements) - len(snake.visited)
        if number >= first_of_snake:
            raise IllegalAction(
                "This alms is being given now: use Undo to take it back, or finish the snake."
            )
    return number


def _village(state: State, row: int, col: int) -> int:
    index = state.grid.index(row, col)
    cell = state.grid.cells[index]
    where = state.grid.name(index)
    if cell.forest:
        raise IllegalAction(f"{where.capitalize()} takes no alms.")
    if cell.full:
        raise IllegalAction(f"{where.capitalize()} has no free space left.")
    return index


def _without(grid: Grid, cell: int, space: int) -> Grid:
    owners = grid.cells[cell].owners
    cells = list(grid.cells)
    cells[cell] = replace(cells[cell], owners=owners[:space] + owners[space + 1 :])
    return replace(grid, cells=tuple(cells))


def _given(state: State, seat: int, delta: int) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], alms_given=players[seat].alms_given + delta)
    return replace(state, players=tuple(players))


def fix_alms(state: State, action: FixAlms) -> State:
    """Take an alms off its village (the ones after it on that village move up a space),
    then, when a village is named, put it in that village's first free space."""
    index = _alms_index(state, action.alms)
    moved = state.placements[index]
    target = None
    if action.row is not None or action.col is not None:
        if action.row is None or action.col is None:
            raise IllegalAction("Name both the row and the column of the village.")
        if state.grid.index(action.row, action.col) == moved.cell:
            raise IllegalAction("The alms is already on that village.")
        target = _village(state, action.row, action.col)
    grid = _without(state.grid, moved.cell, moved.space)
    placements = [
        replace(p, space=p.space - 1) if p.cell == moved.cell and p.space > moved.space else p
        for p in state.placements
    ]
    if target is None:
        del placements[index]
        return _given(replace(state, grid=grid, placements=tuple(placements)), moved.seat, -1)
    placements[index] = replace(moved, cell=target, space=len(grid.cells[target].owners))
    grid = grid.place(target, moved.seat)
    return replace(state, grid=grid, placements=tuple(placements))


def add_alms(state: State, action: AddAlms) -> State:
    if action.player not in state.names:
        raise IllegalAction(f"{action.player} isn't playing.")
    seat = state.names.index(action.player)
    if state.players[seat].store < 1:
        raise IllegalAction(f"{action.player} has no alms left in their store.")
    index = _village(state, action.row, action.col)
    space = len(state.grid.cells[index].owners)
    placement = Placement(state.round, seat, index, space)
    state = replace(
        state,
        grid=state.grid.place(index, seat),
        placements=(*state.placements, placement),
    )
    return _given(state, seat, 1)


# --- final collections -------------------------------------------------------------------


def item_count(table: FinalTable, player: str, item: str) -> int:
    """How many of ``item`` (see FixFinal) ``player`` holds in the final collection."""
    kind, _, what = item.partition(":")
    mine = table.player(player)
    if kind == "castle":
        return mine.castles.count(int(what)) if what.isdigit() else 0
    if kind == "village":
        village = next((v for v in table.villages if v.profile.card == what), None)
        return village.owners.count(player) if village else 0
    return kind_counts(mine.loot).get(item, 0)


def _set_count(values: tuple[str, ...], value: str, count: int) -> tuple[str, ...]:
    """``values`` with ``count`` of ``value``: the last ones taken off, new ones added last."""
    result = list(values)
    while result.count(value) > count:
        del result[len(result) - 1 - result[::-1].index(value)]
    return tuple(result) + (value,) * (count - result.count(value))


def _check_final_phase(state: State) -> None:
    if state.phase == "entry":
        raise IllegalAction("Enter the final collections first.")
    if state.phase in ("raid", "alms"):
        raise IllegalAction(
            "Final collections are corrected once the rounds are over: "
            "correct a raid or an alms now."
        )


def fix_final(state: State, player: str, item: str, count: int) -> State:
    _check_final_phase(state)
    if count < 0:
        raise IllegalAction("A count can't be negative.")
    table = final_table(state)
    mine = table.player(player)
    kind, _, what = item.partition(":")
    try:
        if kind == "castle":
            if not what.isdigit():
                raise ValueError(f"{what!r} is not a castle's value.")
            castles = _set_count(tuple(map(str, mine.castles)), what, count)
            table = table.with_players(PlayerFinal(player, mine.loot, tuple(map(int, castles))))
        elif kind == "village":
            villages = list(table.villages)
            at = next((i for i, v in enumerate(villages) if v.profile.card == what), None)
            if at is None:
                raise ValueError("That village is not in this game.")
            owners = _set_count(villages[at].owners, player, count)
            villages[at] = VillageFinal(villages[at].profile, owners)
            table = replace(table, villages=tuple(villages))
        else:
            counts = kind_counts(mine.loot)
            if item not in counts:
                raise ValueError(f"There is no kind of loot card called {item!r}.")
            loot = from_counts({**counts, item: count})
            table = table.with_players(PlayerFinal(player, loot, mine.castles))
    except ValueError as error:  # the table's own checks, in a player's words
        raise IllegalAction(str(error)) from None
    return replace(state, phase="scoring", choices=None, final=table)


def change_final(state: State, action: ChangeFinal) -> State:
    """One item turned into another of the same sort, as one correction."""
    if item_sort(action.item) != item_sort(action.into):
        raise IllegalAction(
            "A card changes into a card, a castle into a castle, an alms "
            "into an alms on another village."
        )
    if action.item == action.into:
        raise IllegalAction("Choose something else to change it into.")
    _check_final_phase(state)
    held = item_count(final_table(state), action.player, action.item)
    if held < 1:
        raise IllegalAction(f"{action.player} holds no {item_words(action.item)} to change.")
    state = fix_final(state, action.player, action.item, held - 1)
    more = item_count(final_table(state), action.player, action.into) + 1
    return fix_final(state, action.player, action.into, more)


def item_sort(item: str) -> str:
    """What sort of thing an item is: "castle", "village", or "card"."""
    kind = item.partition(":")[0]
    return kind if kind in ("castle", "village") else "card"


# --- the menu ----------------------------------------------------------------------------


def final_items(state: State) -> list[str]:
    """Every item a final collection of this game can hold, in the scoring sheet's order:
    the Legendary cards only with the variant, the castles in play (a quick score's
    table may hold any of the six), the villages."""
    config = state.config
    items = [
        key
        for key in kind_counts(Collection())
        if config.legendary or not key.startswith("legendary:")
    ]
    top = 6 if config.quick else config.top_castle
    items += [f"castle:{value}" for value in range(1, top + 1)]
    items += [f"village:{v.profile.card}" for v in final_table(state).villages]
    return items


def candidates(state: State) -> list[ChickwoodAction]:
    """The corrections to try now (``rules.manual_edits`` keeps those ``apply`` takes):
    one card fewer or one more of each kind, a raid on another castle, an alms moved,
    taken off or added; once the rounds are over, one fewer or one more of each final
    item."""
    edits: list[ChickwoodAction] = []
    if state.phase == "over":
        edits.append(Reopen())
    if state.phase in ("scoring", "over"):
        table = final_table(state)
        items = final_items(state)
        for name in table.names:
            for item in items:
                held = item_count(table, name, item)
                edits += [FixFinal(name, item, n) for n in (held - 1, held + 1) if n >= 0]
                into = next(i for i in items if i != item and item_sort(i) == item_sort(item))
                edits += [ChangeFinal(name, item, into)] if held else []
    if state.config.quick or state.final is not None or state.phase == "entry":
        return edits
    if state.phase in ("raid", "alms"):
        edits += [SetDeckCount(n) for n in (state.deck - 1, state.deck + 1) if n >= 0]
    for number, raid in enumerate(state.raids):
        counts = kind_counts(raid.loot)
        for key, held in counts.items():
            most = 1 if key.startswith("legendary:") else held + 1
            for n in range(max(0, held - 1), min(most, held + 1) + 1):
                if n != held:
                    loot = from_counts({**counts, key: n})
                    edits.append(FixRaid(number, raid.castle, loot, raid.benefactors))
        for castle in range(1, state.config.top_castle + 1):
            if castle != raid.castle:
                edits.append(FixRaid(number, castle, raid.loot, raid.benefactors))
        if raid.benefactors:
            edits.append(FixRaid(number, raid.castle, raid.loot, raid.benefactors[:-1]))
        edits.append(FixRaid(number, raid.castle, raid.loot, (*raid.benefactors, 1)))
    villages = [i for i, cell in enumerate(state.grid.cells) if not cell.forest]
    for number, placement in enumerate(state.placements):
        edits.append(FixAlms(number))
        edits += [FixAlms(number, *state.grid.position(i)) for i in villages if i != placement.cell]
    for name in state.names:
        edits += [AddAlms(name, *state.grid.position(i)) for i in villages]
    return edits
