"""Representative Skogen games for the screenshots: (file name, config, how far to play)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from app.skogen.autoplay import SkogenPlayer
from app.skogen.controller import KeyKind
from app.skogen.play_screen import SkogenPlayScreen
from app.tools.sweep_plan import ControllerPlayer, SweepPlan
from engines import skogen as G

Advance = Callable[[SkogenPlayScreen], None]

#: A few turns: (species points, element tiles, life cards), or None to take two elements.
TURNS: list[tuple[tuple[int, ...], int, tuple[str, ...]] | None] = [
    ((3,), 1, ()),
    ((6,), 1, ("B",)),
    None,
    ((2, 5), 1, ("F",)),
    ((9,), 0, ()),
    ((1,), 1, ("P",)),
]


def play_turns(count: int, then: tuple[str, ...] = ()) -> Advance:
    """Play ``count`` turns from TURNS, settling any die roll, then build a turn on the
    keypad from ``then`` (keys like "species:6", "element", "life:B")."""

    def advance(screen: SkogenPlayScreen) -> None:
        play = screen.play
        for number in range(count):
            state: G.State = play.state
            while state.phase in ("roll", "element"):
                play.play(G.legal_actions(state)[0])
                state = play.state
            turn = TURNS[number % len(TURNS)]
            name = state.player.name
            if turn is None:
                play.play(G.TakeTwo(name))
            else:
                play.play(G.PlaceTiles(name, *turn))
        for key in then:
            kind, _, value = key.partition(":")
            screen.add(cast(KeyKind, kind), int(value) if kind == "species" else value or 1)

    return advance


def to_the_end(screen: SkogenPlayScreen) -> None:
    """Everyone takes two elements for two rounds: the game ends, bonuses are added."""
    play_turns(8)(screen)
    while screen.play.state.phase != "over":
        state: G.State = screen.play.state
        play_action = G.legal_actions(state)[0]
        screen.play.play(play_action)


def land_on_green(screen: SkogenPlayScreen) -> None:
    """The first player scores 10, lands on a green square and rolls the die."""
    state: G.State = screen.play.state
    screen.play.play(G.PlaceTiles(state.player.name, (8,), 1))
    if state.config.die == "app":
        screen.play.play(G.RollDie(state.player.name))


def die_told(screen: SkogenPlayScreen) -> None:
    """The first player's turn lands on a green square, entered on the screen: the app
    rolls its die at once and tells the table what the face offers."""
    screen.take(G.PlaceTiles(screen.state.player.name, (8,), 1))


def second_roll_told(screen: SkogenPlayScreen) -> None:
    """Katastrof played and a green square in one turn: the app's second roll told, with
    its count and its own reason (review P10)."""
    control = screen.controller
    control.take(G.PlaceTiles(control.state.player.name, (8,), 1, (), ("katastrof",)))
    control.done()
    offered = next(a for a in G.legal_actions(control.state) if isinstance(a, G.TakeElement))
    control.choose_element(offered.element)
    screen.refresh()


def turn_undone(screen: SkogenPlayScreen) -> None:
    """Two turns, then Undo: the table is told what to put back."""
    play_turns(2)(screen)
    screen.undo()


def ledger_menu(screen: SkogenPlayScreen) -> None:
    """A player's row touched: their token and turns to correct."""
    play_turns(5)(screen)
    screen.refresh()
    screen.correct(screen.state.players[0].name)


def pending_after_undo(screen: SkogenPlayScreen) -> None:
    """A turn built with life cards and an action card, its species tile taken back by
    Undo: the cards still pending show on their keys and in the words."""
    play_turns(3, ("life:F", "life:B", "card:katastrof", "life:F", "species:9"))(screen)
    screen.undo()


def turn_changed(screen: SkogenPlayScreen) -> None:
    """An old turn loaded on the keypad to be changed, one more tile drawn."""
    play_turns(5)(screen)
    screen.refresh()
    screen.corrected(screen.state.ledger[1])
    screen.change_drawn(1)


FOUR = G.Config(players=("Ana", "Bo", "Camille", "Dag"))
SCENES: list[tuple[str, G.Config, Advance]] = [
    ("play_skogen_turn", FOUR, play_turns(5, ("species:6", "element", "life:M"))),
    ("play_skogen_die_told", G.Config(players=("Ana", "Bo")), die_told),
    ("play_skogen_element", G.Config(players=("Ana", "Bo")), land_on_green),
    ("play_skogen_second_roll", G.Config(players=("Ana", "Bo")), second_roll_told),
    ("play_skogen_undo", FOUR, turn_undone),
    ("play_skogen_pending", FOUR, pending_after_undo),
    ("play_skogen_ledger_menu", FOUR, ledger_menu),
    ("play_skogen_turn_changed", FOUR, turn_changed),
    ("play_skogen_table_die", G.Config(players=("Ana", "Bo"), die="table"), land_on_green),
    ("play_skogen_end", G.Config(players=("Ana", "Bo", "Camille")), to_the_end),
]


#: The legibility sweep's games (app.tools.sweep): two players, and four rolling the die
#: themselves, played touch by touch through the controller (app.skogen.autoplay).
SWEEP = SweepPlan(
    configs=[
        (G.Config(players=("Ana", "Bo")), ["Ana", "Bo"]),
        (
            G.Config(players=("Ana", "Bo", "Camille", "Dag"), die="table"),
            ["Ana", "Bo", "Camille", "Dag"],
        ),
    ],
    player=lambda seed: ControllerPlayer(SkogenPlayer(seed)),
    reopen=True,
)
