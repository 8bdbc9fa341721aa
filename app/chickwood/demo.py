"""Representative Chickwood Forest games for the screenshots: (file name, config, how far
to play). Raids take a few loot cards and benefactors; snakes follow the first legal
step each time."""

from __future__ import annotations

from collections.abc import Callable

from app.chickwood.autoplay import ChickwoodPlayer
from app.chickwood.by_hand import ChangeRaid
from app.chickwood.play_screen import ChickwoodPlayScreen
from app.kit.score_table import show_details
from app.tools.sweep_plan import ControllerPlayer, SweepPlan
from engines import chickwood as C

Advance = Callable[[ChickwoodPlayScreen], None]

#: Loot for the raids, in turn: (loot cards, benefactors).
Raids = list[tuple[C.Collection, tuple[int, ...]]]
RAIDS: Raids = [
    (C.Collection.of(chests={"gold": 1}), (2,)),
    (C.Collection.of(jewelry={"ring": 1}), (1, 1)),
    (C.Collection.of(chests={"silver": 1}, garments={"gown": 1}), (3,)),
    (C.Collection(henchmen=1), (2,)),
    (C.Collection.of(chests={"gold": 1}), ()),
]
LEGENDARY_RAIDS: Raids = [
    (C.Collection(legendary=("golden_arrow",)), (2,)),
    (C.Collection.of(chests={"gold": 2}), (1,)),
    (C.Collection(henchmen=1, legendary=("fake_beard",)), (3,)),
    (C.Collection.of(jewelry={"ring": 1}, chests={"silver": 1}), (2,)),
    (C.Collection.of(chests={"silver": 1}, garments={"gown": 1}), (1,)),
    (C.Collection(henchmen=1), ()),
]


def play_raids(count: int, snake_steps: int = 99, raids: Raids = RAIDS) -> Advance:
    """``count`` raids, each followed by its alms snake; the last snake stops after
    ``snake_steps`` alms (to show a snake being laid)."""

    def advance(screen: ChickwoodPlayScreen) -> None:
        while screen.instructions.active:  # the first round's scouting, done
            screen.instruction_done()
        play = screen.play
        for number in range(count):
            state: C.State = play.state
            if state.phase != "raid":
                return
            seat = state.order[state.turn]
            castle = next(c for c in range(state.config.top_castle, 0, -1) if c not in state.raided)
            loot, benefactors = raids[len(state.raids) % len(raids)]
            play.play(C.Raid(state.players[seat].name, castle, loot, benefactors))
            steps = snake_steps if number == count - 1 else 99
            while play.state.phase == "alms" and steps:
                play.play(C.legal_actions(play.state)[-1])
                steps -= 1

    return advance


def to_scoring(screen: ChickwoodPlayScreen) -> None:
    """Raids with Legendary cards until the deck runs out: final scoring, with the
    proposed choices."""
    while screen.play.state.phase in ("raid", "alms"):
        play_raids(1, raids=LEGENDARY_RAIDS)(screen)


def refused_step(screen: ChickwoodPlayScreen) -> None:
    """A snake's second alms touched on a village that is not next to the first."""
    play_raids(2, snake_steps=1)(screen)
    state: C.State = screen.play.state
    if state.snake is None:
        return
    last = state.snake.visited[-1]
    far = next(
        i
        for i, cell in enumerate(state.grid.cells)
        if not cell.forest and not state.grid.adjacent(last, i) and i != last
    )
    screen.refresh()  # the screen learns of the moves played behind its back
    screen.touch_village(far)


def raid_without_castle(screen: ChickwoodPlayScreen) -> None:
    """Raid touched before a castle, loot counted: refused beside the button, the pad
    where it was."""
    play_raids(2)(screen)
    screen.refresh()
    screen.add_loot("chest:gold")
    screen.primary()


def key_refused(screen: ChickwoodPlayScreen) -> None:
    """A third card keyed for castle 1, which takes two: refused on the key, with all
    the Legendary cards' keys in sight."""
    play_raids(1)(screen)
    screen.refresh()
    screen.choose_castle("1")
    for key in ("chest:gold", "legendary:golden_arrow", "jewelry:ring"):
        screen.add_loot(key)


def scouting(screen: ChickwoodPlayScreen) -> None:
    """A new game opens on the first round's scouting, told before the first raid."""
    screen.refresh()


def quick_entry(screen: ChickwoodPlayScreen) -> None:
    """A quick score part entered: a few cards, castles and alms for the first player."""
    screen.refresh()
    for key in ("chest:gold", "chest:gold", "jewelry:ring", "henchmen"):
        screen.add_loot(key)
    for value in ("3", "5"):
        screen.choose_castle(value)
    for index in (0, 1, 4):
        if not screen.state.grid.cells[index].forest:
            screen.touch_village(index)


def round_over(screen: ChickwoodPlayScreen) -> None:
    """The last raid of the first round, entered on the screen: the table is told to deal
    the new hands."""
    play_raids(3)(screen)
    state: C.State = screen.play.state
    seat = state.order[state.turn]
    castle = next(c for c in range(1, state.config.top_castle + 1) if c not in state.raided)
    screen.refresh()
    screen.take(C.Raid(state.players[seat].name, castle, C.Collection(henchmen=1)))


def raid_undone(screen: ChickwoodPlayScreen) -> None:
    """Two raids, then Undo: the table is told what to put back."""
    play_raids(2)(screen)
    screen.refresh()
    screen.undo()


def confirm_question(screen: ChickwoodPlayScreen) -> None:
    """Final scoring confirmed: the one question before the scores are final."""
    to_scoring(screen)
    screen.refresh()
    screen.primary()


def breakdown(screen: ChickwoodPlayScreen) -> None:
    """A player's name touched on the final scores: every line, with its arithmetic."""
    to_scoring(screen)
    screen.refresh()
    board = C.final_scores(C.final_table(screen.play.state), screen.turn.final_choices())
    show_details(board.players[0])


def entries_menu(screen: ChickwoodPlayScreen) -> None:
    """A player's chip touched: their raids and alms, each to change, remove or move."""
    play_raids(5)(screen)
    screen.refresh()
    screen.touch_player(screen.state.raids[0].seat)


def raid_changed(screen: ChickwoodPlayScreen) -> None:
    """An old raid loaded on the pad to be changed."""
    play_raids(5)(screen)
    screen.correct(ChangeRaid(0))


def legendary_raid_changed(screen: ChickwoodPlayScreen) -> None:
    """An old raid changed with the Legendary cards' keys: all 22 keys in sight, no
    scrolling, and Cancel beside Undo (review P11)."""
    play_raids(2, raids=LEGENDARY_RAIDS)(screen)
    screen.correct(ChangeRaid(0))


def legendary_entries_menu(screen: ChickwoodPlayScreen) -> None:
    """A player's entries with a Legendary card: "Remove the Golden Arrow" (P11)."""
    play_raids(2, raids=LEGENDARY_RAIDS)(screen)
    screen.refresh()
    screen.touch_player(screen.state.raids[0].seat)


def final_items_menu(screen: ChickwoodPlayScreen) -> None:
    """A name touched on the final scores: the items of their final count to correct."""
    to_scoring(screen)
    screen.refresh()
    screen.correct_final(screen.state.players[0].name)


FOUR = C.Config(players=("Ana", "Bo", "Camille", "Dag"), deck_size=30)
LEGENDARY = C.Config(players=("Ana", "Bo", "Camille"), legendary=True, deck_size=20)
QUICK = C.Config(players=("Ana", "Bo", "Camille"), quick=True)
#: Players left unnamed: every name starts with "P", so the alms carry seat numbers.
UNNAMED = C.Config(players=("Player 1", "Player 2", "Player 3"), quick=True, legendary=True)
SCENES: list[tuple[str, C.Config, Advance]] = [
    ("play_chickwood_scouting", LEGENDARY, scouting),
    ("play_chickwood_raid", FOUR, play_raids(3)),
    ("play_chickwood_snake", FOUR, play_raids(3, snake_steps=1)),
    ("play_chickwood_refused", FOUR, refused_step),
    ("play_chickwood_raid_refused", FOUR, raid_without_castle),
    ("play_chickwood_key_refused", LEGENDARY, key_refused),
    ("play_chickwood_round_over", FOUR, round_over),
    ("play_chickwood_undo", FOUR, raid_undone),
    ("play_chickwood_scoring", LEGENDARY, to_scoring),
    ("play_chickwood_breakdown", LEGENDARY, breakdown),
    ("play_chickwood_confirm", LEGENDARY, confirm_question),
    ("play_chickwood_entries", FOUR, entries_menu),
    ("play_chickwood_raid_changed", FOUR, raid_changed),
    ("play_chickwood_raid_changed_legendary", LEGENDARY, legendary_raid_changed),
    ("play_chickwood_entries_legendary", LEGENDARY, legendary_entries_menu),
    ("play_chickwood_final_items", LEGENDARY, final_items_menu),
    ("play_chickwood_quick", QUICK, quick_entry),
    ("play_chickwood_quick_unnamed", UNNAMED, quick_entry),
]


def _player(seed: int) -> ControllerPlayer:
    return ControllerPlayer(ChickwoodPlayer(seed))


#: The legibility sweep's games (app.tools.sweep): three players with the Legendary cards,
#: keyed touch by touch through the controller as the screen does (app.chickwood.autoplay),
#: and opened again now and then, when it must read the same.
SWEEP = SweepPlan(
    configs=[
        (C.Config(players=("Ana", "Bo", "Camille"), legendary=True), ["Ana", "Bo", "Camille"]),
    ],
    player=_player,
    reopen=True,
)
