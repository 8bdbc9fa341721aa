"""Representative Skoventyr games for the screenshots (and the legibility walk).

Each scene is (file name, config, how far to play). The play is seeded and naive, but
it prefers placing Allies and paying costs over Risky Draws, and never makes a move
that loses at once; it stops when the Forest holds ``allies`` Allies. Touches that
the screen's refresh would forget (a card chosen, a greyed button touched) are made on
the next frame, after it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from kivy.app import App
from kivy.clock import Clock

from app.skoventyr import advisor
from app.skoventyr.autoplay import SkoventyrPlayer
from app.skoventyr.play_screen import SkoventyrPlayScreen
from app.tools.sweep_plan import ControllerPlayer, SweepPlan
from engines import skoventyr as S

Advance = Callable[[SkoventyrPlayScreen], None]


def play_until_allies(allies: int, seed: int = 7) -> Advance:
    def advance(screen: SkoventyrPlayScreen) -> None:
        play_on(screen, lambda state: len(state.forest.allies()) >= allies, seed)

    return advance


def play_on(
    screen: SkoventyrPlayScreen, done: Callable[[S.State], bool], seed: int = 7, naive: bool = True
) -> bool:
    """Play naively (else at random) until ``done`` says so (True) or nothing safe is
    left (False)."""
    dealt(screen)
    play = screen.play
    chooser = random.Random(seed)
    for _ in range(400):
        state: S.State = play.state
        if done(state) and not state.tasks:
            return True
        safe = [a for a in S.legal_actions(state) if not S.immediate_loss(state, a)]
        if not safe:
            return False
        best = max(_preference(a) for a in safe) if naive else 0
        play.play(chooser.choice([a for a in safe if not naive or _preference(a) == best]))
    return False


def dealt(screen: SkoventyrPlayScreen) -> None:
    """The app's deal taken from the pile: its instructions done."""
    while screen.turn.telling.active:
        screen.turn.done()


def _preference(action: S.SkoventyrAction) -> int:
    if isinstance(action, S.Position):
        return 3
    if isinstance(action, S.Call) and not action.risky:
        return 2
    if isinstance(action, (S.Call, S.Gambit)):
        return 0
    return 1


def _risky_gamle_erik(state: S.State) -> S.Call | None:
    """A Risky Draw that turns up a Gamle Erik now, if there is one (app deck)."""
    for action in S.legal_actions(state):
        if isinstance(action, S.Call) and action.risky and not S.immediate_loss(state, action):
            after = S.apply(state, action)
            if after.drawn[:1] == (S.Card.GAMLE_ERIK,) and after.ended is None:
                return action
    return None


def a_risky_draw_told(dones: int) -> Advance:
    """A Risky Draw turns up a Gamle Erik; the table is told the changes, ``dones`` of
    them already made."""

    def advance(screen: SkoventyrPlayScreen) -> None:
        play_on(screen, lambda state: _risky_gamle_erik(state) is not None, naive=False)
        action = _risky_gamle_erik(screen.state)
        assert action is not None, "the demonstration game offers no such draw"
        screen.take(action)
        for _ in range(dones):
            screen.instruction_done()

    return advance


def an_undone_risky_draw(screen: SkoventyrPlayScreen) -> None:
    """The Risky Draw above, taken back: the table is told what to put back."""
    a_risky_draw_told(3)(screen)
    screen.undo()


def table_deck_gamle_erik(screen: SkoventyrPlayScreen) -> None:
    """Real cards: the people said a Gamle Erik came up for a Risky Draw."""
    play_on(screen, lambda state: not S.awaiting_reveal(state) and state.turn >= 1)
    state = screen.state
    call = next(a for a in S.legal_actions(state) if isinstance(a, S.Call) and a.risky)
    screen.take(call)
    screen.instruction_done()  # the Future slid left
    screen.take(S.Reveal(S.Card.GAMLE_ERIK))


def a_hint(screen: SkoventyrPlayScreen) -> None:
    """The Hint, thought out with a fixed number of simulated games."""
    dealt(screen)
    screen.show_hint(advisor.advise(screen.state, seed=3, rollouts=24))


def a_cost_that_cannot_be_paid(screen: SkoventyrPlayScreen) -> None:
    """A Future card chosen whose cost cannot be paid: only the Risky Draw is offered."""
    dealt(screen)

    def choose(_dt: float) -> None:
        state = screen.state
        for slot in range(len(state.future)):
            if S.refusal(state, S.Call(slot)) and not S.refusal(state, S.Call(slot, True)):
                screen.pick(("verb", "call"))
                screen.pick(("future", slot))
                return

    Clock.schedule_once(choose, 0)


def a_greyed_button_touched(screen: SkoventyrPlayScreen) -> None:
    """Wrath touched while it cannot be chosen: the prompt says why."""
    dealt(screen)
    Clock.schedule_once(lambda _dt: screen.pick(("verb", "wrath")), 0)


def as_set_up(screen: SkoventyrPlayScreen) -> None:
    """The game as it starts: nothing played yet."""


def show_the_deck(screen: SkoventyrPlayScreen) -> None:
    play_until_allies(1)(screen)
    screen.show_deck()


def open_by_hand(screen: SkoventyrPlayScreen) -> None:
    screen.fix_by_hand()


def open_by_hand_cards(screen: SkoventyrPlayScreen) -> None:
    """By hand, Cards, then one card: where from (groups) and where to (rows)."""
    play_until_allies(1)(screen)
    groups = screen.by_hand_groups()
    groups["Cards"][0][1]()


def trold_power(screen: SkoventyrPlayScreen) -> None:
    """The Trold's power: how many steps back Gamle Erik goes, four one-line answers
    under the question (seeded random play, the first time it comes up)."""
    dealt(screen)
    play = screen.play
    chooser = random.Random(1)
    while play.state.asking != "move_ge_up_to" and play.state.ended is None:
        state: S.State = play.state
        safe = [a for a in S.legal_actions(state) if not S.immediate_loss(state, a)]
        if not safe:
            break
        play.play(chooser.choice(safe))
    screen.refresh()


def card_powers(steps: int) -> Advance:
    """The Card powers screen (from New game) with the Huldre's boxes open; ``steps``
    further: 1, the kinds of effect to add to its power; 2, the healing ones."""

    def advance(_screen: SkoventyrPlayScreen) -> None:
        from app.skoventyr.profile_screen import CardPowersPopup, CardPowersScreen

        app = App.get_running_app()
        app.go("app.skoventyr.profile_screen:CardPowersScreen")
        powers = app.root.current_screen
        assert isinstance(powers, CardPowersScreen)
        popup = CardPowersPopup(powers, S.Card.HULDRE)
        popup.open()
        if steps == 1:
            popup.choose_kind("power")
        elif steps == 2:
            popup.choose_effect("power", "heal_tree")

    return advance


#: Set-ups whose guide the screenshots show too: the harder game with both modules, for
#: two (so the guide asks who starts, review P9).
SETUP_CONFIGS = [
    ("harder_modules", S.Config(players=2, damaged_trees=1, lygtemands=True, rescue=True))
]

SCENES: list[tuple[str, S.Config, Advance]] = [
    ("play_skoventyr_deal", S.Config(players=2), as_set_up),
    ("play_skoventyr_start", S.Config(), play_until_allies(0)),
    (
        "play_skoventyr_midgame",
        S.Config(players=3, lygtemands=True, rescue=True),
        play_until_allies(3),
    ),
    ("play_skoventyr_told_1", S.Config(), a_risky_draw_told(0)),
    ("play_skoventyr_told_2", S.Config(), a_risky_draw_told(1)),
    ("play_skoventyr_undo", S.Config(), an_undone_risky_draw),
    ("play_skoventyr_table_told", S.Config(deck_mode="table"), table_deck_gamle_erik),
    ("play_skoventyr_hint", S.Config(), a_hint),
    ("play_skoventyr_cost", S.Config(), a_cost_that_cannot_be_paid),
    ("play_skoventyr_trold", S.Config(), trold_power),
    ("play_skoventyr_why_not", S.Config(), a_greyed_button_touched),
    (
        "play_skoventyr_table_deck",
        S.Config(deck_mode="table", damaged_trees=1),
        play_until_allies(0),
    ),
    ("play_skoventyr_table_reveal", S.Config(deck_mode="table"), as_set_up),
    ("play_skoventyr_eight_trees", S.Config(extra_healthy_trees=2), play_until_allies(2)),
    ("play_skoventyr_deck", S.Config(), show_the_deck),
    ("play_skoventyr_by_hand", S.Config(players=2), open_by_hand),
    ("play_skoventyr_by_hand_cards", S.Config(players=2), open_by_hand_cards),
    ("skoventyr_card_powers_huldre", S.Config(), card_powers(0)),
    ("skoventyr_card_powers_kinds", S.Config(), card_powers(1)),
    ("skoventyr_card_powers_effects", S.Config(), card_powers(2)),
]


#: The simulated games a Hint in the legibility sweep rests on: few, since its words, not
#: its judgement, are what the sweep checks.
SWEEP_HINT_GAMES = 16


def show_a_hint(screen: SkoventyrPlayScreen) -> bool:
    """The Hint on the board, as asked for; whether one could be asked for."""
    control = screen.turn
    if control.why_no_hint():
        return False
    moment = len(screen.play.session.events)
    control.show_hint(advisor.advise(control.state, moment, rollouts=SWEEP_HINT_GAMES))
    return True


#: The legibility sweep's games (app.tools.sweep): the modules, and a table of three.
SWEEP = SweepPlan(
    configs=[
        (S.Config(damaged_trees=1, rescue=True), ["Ana"]),
        (
            S.Config(players=3, lygtemands=True, rescue=True, deck_mode="table"),
            ["Ana", "Bo", "Camille"],
        ),
    ],
    player=lambda seed: ControllerPlayer(SkoventyrPlayer(seed, one_touch=False)),
    reopen=True,
    hint=show_a_hint,
)
