"""Round tracking: raids in turn order, the alms snake after each raid, the deal.

Each round every player, from the lowest castle up, raids one castle not raided yet this
round and lays the alms of the benefactors they took. When everyone has, new hands are
dealt; if the deck can't give every player a full hand, the game ends.
"""

from __future__ import annotations

from dataclasses import replace

from engines.chickwood.alms_snake import Cell, Grid, check_step, legal_steps
from engines.chickwood.config import Config
from engines.chickwood.loot import BENEFACTORS, SPY_GLASS, Collection, check_supply
from engines.chickwood.scoring import FinalTable, PlayerFinal, VillageFinal
from engines.chickwood.state import Placement, PlayerState, RaidRecord, Snake, State
from engines.core import Change, IllegalAction, Rng

QUICK = "This is a quick score: no rounds are tracked, enter the final collections."


def deal(config: Config, seed: int) -> tuple[tuple[str, ...], tuple[int, ...], Rng]:
    """The village layout and starting castles: the configured ones, else the app's deal."""
    rng = Rng(seed)
    layout = config.layout
    if layout is None:
        layout, rng = rng.shuffled([card.card for card in config.cards_in_play])
    castles = config.starting_castles
    if castles is None:
        values, rng = rng.shuffled(range(1, config.top_castle + 1))
        castles = values[: len(config.players)]
    return layout, castles, rng


def turn_order(players: tuple[PlayerState, ...]) -> tuple[int, ...]:
    """Seats from the lowest castle in front of them to the highest."""
    return tuple(sorted(range(len(players)), key=lambda seat: players[seat].castle))


def first_player(config: Config, seed: int) -> int | None:
    """The seat who raids first in the first round (the lowest starting castle); None in
    a quick score, whose rounds the app never saw."""
    if config.quick:
        return None
    _layout, castles, _rng = deal(config, seed)
    return min(range(len(castles)), key=lambda seat: castles[seat])


def start(config: Config, seed: int) -> State:
    layout, castles, rng = deal(config, seed)
    profiles = {card.card: card for card in config.cards}
    rows, cols = config.grid_shape
    grid = Grid(rows, cols, tuple(Cell(profiles[name]) for name in layout))
    players = tuple(
        PlayerState(name, (castle,)) for name, castle in zip(config.players, castles, strict=True)
    )
    dealt = len(players) * config.hand_size
    return State(
        config=config,
        rng=rng,
        grid=grid,
        players=players,
        deck=config.deck - dealt,
        order=turn_order(players),
        phase="entry" if config.quick else "raid",
    )


def _name(state: State, seat: int) -> str:
    return state.players[seat].name


def taken_so_far(state: State) -> tuple[Collection, dict[int, int]]:
    loot = Collection()
    for player in state.players:
        loot = loot.plus(player.loot)
    benefactors = dict.fromkeys(BENEFACTORS, 0)
    for raid in state.raids:
        for alms in raid.benefactors:
            benefactors[alms] += 1
    return loot, benefactors


def loot_refusal(
    state: State, castle: int | None, loot: Collection, benefactors: tuple[int, ...]
) -> str:
    """Why the cards of this round's raid cannot be what lies on the table, in a
    player's words ("" if they can be): more than the castle takes (once it is chosen),
    more than the round deals, more of a kind than the game holds. Asked as each card is
    entered, so a key the table cannot have is refused when it is pressed."""
    config = state.config
    for alms in benefactors:
        if alms not in BENEFACTORS:
            return "A benefactor card gives 1, 2 or 3 alms."
    cards = loot.cards + len(benefactors)
    limit = config.castle_limit(castle) if castle is not None else None
    if limit is not None and cards > limit:
        return f"At most {limit} cards can be played at castle {castle}."
    played = len(state.players) * config.hand_size
    if state.cards_raided + cards > played:
        return (
            f"Only {played} cards are played to the castles each round, and "
            f"{state.cards_raided} were already taken."
        )
    taken, used = taken_so_far(state)
    try:
        check_supply(taken.plus(loot), config.legendary)
    except ValueError as error:
        return str(error)
    for alms, most in BENEFACTORS.items():
        if used[alms] + benefactors.count(alms) > most:
            return f"The game has only {most} benefactors giving {alms} alms."
    return ""


def scouting(state: State) -> Change:
    """The round's first phase, which the app does not track: the players' hand cards
    played to the castles, one at a time in turn order, face up or down as each one's
    castle banner says; the Spy Glass's look comes just before the first raid."""
    names = [_name(state, seat) for seat in state.order]
    who = ", ".join(names[:-1]) + f", then {names[-1]}" if len(names) > 1 else names[0]
    words = (
        f"Scouting: {who}, each playing one hand card to a castle in turn, until all "
        f"{state.config.hand_size} are played. Face up or down as your castle's banner "
        "shows, left to right; at most 2 cards at castle 1, 3 at castle 2."
    )
    for player in state.players:
        if SPY_GLASS in player.loot.legendary:
            words += (
                f" {player.name} has the Spy Glass: before the first raid, look at the "
                "face-down cards of one castle."
            )
    return Change(words, (), phase="scouting")


def raid(
    state: State, player: str, castle: int, loot: Collection, benefactors: tuple[int, ...]
) -> State:
    config = state.config
    if state.phase == "alms":
        raise IllegalAction(f"{_name(state, state.seat or 0)} must finish giving alms first.")
    if state.phase == "entry":
        raise IllegalAction(QUICK)
    if state.phase != "raid":
        raise IllegalAction("The rounds are over: no more raids.")
    seat = state.order[state.turn]
    if player != _name(state, seat):
        raise IllegalAction(
            f"It is {_name(state, seat)}'s turn to raid: castles are raided from the lowest "
            "castle in front of a player to the highest."
        )
    if not 1 <= castle <= config.top_castle:
        raise IllegalAction(f"This game uses castles 1 to {config.top_castle}.")
    if castle in state.raided:
        who = next(r.seat for r in state.raids if r.round == state.round and r.castle == castle)
        raise IllegalAction(
            f"Castle {castle} was already raided this round by {_name(state, who)}."
        )
    refusal = loot_refusal(state, castle, loot, benefactors)
    if refusal:
        raise IllegalAction(refusal)

    me = state.players[seat]
    players = list(state.players)
    players[seat] = replace(me, castles=(*me.castles, castle), loot=me.loot.plus(loot))
    record = RaidRecord(state.round, seat, castle, loot, tuple(benefactors))
    state = replace(
        state,
        players=tuple(players),
        raided=(*state.raided, castle),
        cards_raided=state.cards_raided + loot.cards + len(benefactors),
        raids=(*state.raids, record),
    )
    to_give = min(sum(benefactors), me.store)
    if to_give and legal_steps(state.grid, ()):
        return replace(state, phase="alms", snake=Snake(seat, to_give))
    return _next_turn(state)


def give_alms(state: State, player: str, row: int, col: int) -> State:
    snake = state.snake
    if state.phase != "alms" or snake is None:
        raise IllegalAction("No one is giving alms now: alms are given right after a raid.")
    if player != _name(state, snake.seat):
        raise IllegalAction(f"{_name(state, snake.seat)} is giving alms now, not {player}.")
    index = state.grid.index(row, col)
    check_step(state.grid, snake.visited, index)
    grid = state.grid.place(index, snake.seat)
    space = len(state.grid.cells[index].owners)
    players = list(state.players)
    me = players[snake.seat]
    players[snake.seat] = replace(me, alms_given=me.alms_given + 1)
    snake = replace(snake, to_give=snake.to_give - 1, visited=(*snake.visited, index))
    state = replace(
        state,
        grid=grid,
        players=tuple(players),
        snake=snake,
        placements=(*state.placements, Placement(state.round, snake.seat, index, space)),
    )
    if snake.to_give and legal_steps(grid, snake.visited):
        return state
    return _next_turn(state)


def _next_turn(state: State) -> State:
    state = replace(state, phase="raid", snake=None, turn=state.turn + 1)
    if state.turn < len(state.order):
        return state
    need = len(state.players) * state.config.hand_size
    if state.deck < need:
        return replace(state, phase="scoring", turn=0)
    return replace(
        state,
        deck=state.deck - need,
        round=state.round + 1,
        order=turn_order(state.players),
        turn=0,
        raided=(),
        cards_raided=0,
    )


def set_deck(state: State, count: int) -> State:
    if state.phase == "entry":
        raise IllegalAction(QUICK)
    if state.phase not in ("raid", "alms"):
        raise IllegalAction("The rounds are over: the deck no longer matters.")
    if count < 0:
        raise IllegalAction("The deck can't hold a negative number of cards.")
    return replace(state, deck=count)


def final_table(state: State) -> FinalTable:
    """The collections, castles and villages as they stand, for final scoring."""
    if state.final is not None:
        return state.final
    players = tuple(PlayerFinal(p.name, p.loot, p.castles) for p in state.players)
    villages = tuple(
        VillageFinal(cell.profile, tuple(state.players[seat].name for seat in cell.owners))
        for cell in state.grid.cells
        if not cell.forest
    )
    return FinalTable(players, villages, state.config.legendary)


def blank_table(state: State) -> FinalTable:
    """Every player with nothing yet and every village empty: a form to fill in."""
    players = tuple(PlayerFinal(name) for name in state.config.players)
    villages = tuple(VillageFinal(c) for c in state.config.cards_in_play if not c.forest)
    return FinalTable(players, villages, state.config.legendary)


def enter_final(state: State, table: FinalTable) -> State:
    """Take the final collections from the table (quick score, or a correction)."""
    if state.phase not in ("entry", "scoring"):
        raise IllegalAction(
            "Final collections are entered for a quick score, or once the rounds are over."
        )
    if table.names != state.config.players:
        raise IllegalAction(f"Enter the players of this game: {', '.join(state.config.players)}.")
    if table.legendary != state.config.legendary:
        variant = "with" if state.config.legendary else "without"
        raise IllegalAction(f"This game is played {variant} the Legendary variant.")
    cards = {card.card: card for card in state.config.cards_in_play}
    for village in table.villages:
        if cards.get(village.profile.card) != village.profile:
            raise IllegalAction(
                f"{village.profile.label.capitalize()} is not one of this game's villages."
            )
    return replace(state, phase="scoring", final=table)
