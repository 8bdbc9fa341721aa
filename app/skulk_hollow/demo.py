"""Representative Skulk Hollow games for the screenshots: (file name, config, advance)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from app.play.telling import Telling
from app.skulk_hollow import by_hand as by_hand_lists
from app.skulk_hollow.autoplay import SkulkHollowPlayer
from app.skulk_hollow.guardian_plan import think_through
from app.skulk_hollow.play_screen import SkulkHollowPlayScreen
from app.tools.sweep_plan import ControllerPlayer, SweepPlan
from engines import skulk_hollow as K
from engines.core import to_announce
from engines.skulk_hollow.bots import decide, make_guardian

Advance = Callable[[SkulkHollowPlayScreen], None]


def play_turns(hero_turns: int, seed: int = 5) -> Advance:
    """Seeded random hero moves and the guardian's own choices, for ``hero_turns`` turns."""

    def advance(screen: SkulkHollowPlayScreen) -> None:
        chooser = random.Random(seed)
        for _ in range(500):
            state: K.State = screen.play.state
            if state.ended or (state.turn > hero_turns and state.asking == "hero"):
                return
            if state.asking == "guardian":
                action = decide(K.view(state, "guardian"), chooser).action
            else:
                options = K.legal_actions(state)
                playing = [a for a in options if not isinstance(a, K.EndTurn)]
                action = chooser.choice(playing or options)
            screen.play.play(action)

    return advance


def told_nothing(screen: SkulkHollowPlayScreen) -> None:
    """The moves made behind the screen's back are done at the table: nothing to tell."""
    turn = screen.turn
    turn.keep(replace(turn.owed, telling=Telling()))


def as_set_up(screen: SkulkHollowPlayScreen) -> None:
    """The game as it starts."""


def guardian_mid_chain(screen: SkulkHollowPlayScreen) -> None:
    """The guardian's turn, its card's second instruction waiting for Done."""
    play_turns(2)(screen)
    screen.play.play(K.EndTurn())
    bot = make_guardian(screen.state.config.level)
    while screen.state.asking == "guardian":
        plan = think_through(bot, screen.state, screen.position, screen.play.session.seed)
        if len(to_announce(plan.changes)) >= 2:
            told_nothing(screen)
            screen.on_plan(plan)
            screen.instruction_done()
            return
        for step in plan.steps:
            screen.play.play(step.action)


def turn_begins(screen: SkulkHollowPlayScreen) -> None:
    """The hero's turn again after the guardian's: the prompt says the refill once."""
    play_turns(1)(screen)
    screen.take(K.EndTurn())
    told_nothing(screen)
    bot = make_guardian(screen.state.config.level)
    while screen.state.asking == "guardian":
        plan = think_through(bot, screen.state, screen.position, screen.play.session.seed)
        for step in plan.steps:
            screen.play.play(step.action)
    screen.refresh()


def played_until(seed: int, wanted: Callable[[SkulkHollowPlayScreen], bool]) -> Advance:
    """A seeded person and the guardian through the screen's controller (instructions
    told and done) until ``wanted`` holds, then shown."""

    def advance(screen: SkulkHollowPlayScreen) -> None:
        player = SkulkHollowPlayer(seed)
        for _ in range(5000):
            if wanted(screen) or not player.step(screen.turn):
                break
        screen.ended_at = len(screen.play.session.events)  # the screen under the popup
        screen.turn.card_choice_wanted()  # a card list the person's touches asked for
        screen.show()

    return advance


def hero_cleanup(screen: SkulkHollowPlayScreen) -> bool:
    """The hero's Cleanup being told, its refill next, before the guardian plays."""
    current = screen.turn.telling.current
    return current is not None and current.words.startswith("Refill your hand")


def tunnelling(screen: SkulkHollowPlayScreen) -> bool:
    """Tanthos's Deep Roots played for TUNNEL, being told (review 2026-12-06, P1)."""
    plan = screen.turn.plan
    return plan is not None and plan.told and K.ChooseAction("tunnel") in plan.actions()


def game_over(screen: SkulkHollowPlayScreen) -> bool:
    return bool(screen.state.ended)


def guardian_stuck(screen: SkulkHollowPlayScreen) -> None:
    """The guardian could not decide at any level: the person chooses its moves."""
    play_turns(2)(screen)
    screen.play.play(K.EndTurn())
    screen.on_stuck()


def preparing(screen: SkulkHollowPlayScreen) -> None:
    """PREPARE: which card does the hero discard?"""
    play_turns(2)(screen)
    told_nothing(screen)
    screen.refresh()
    screen.pick(("verb", "prepare"))


def card_list(screen: SkulkHollowPlayScreen) -> None:
    """Play a card touched: the cards it may be, on buttons of one size in a fixed grid."""
    screen.pick(("verb", "play"))


def moving(screen: SkulkHollowPlayScreen) -> None:
    """A MOVE: the spaces the hero may go to, lit and named on the map."""
    screen.take(K.PlayCard("scatter"))  # as if picked from the card list
    screen.pick(("unit", "sentinel"))


def by_hand(screen: SkulkHollowPlayScreen) -> None:
    """By hand, opened mid-game: the wounds first."""
    play_turns(2)(screen)
    told_nothing(screen)
    screen.refresh()
    screen.fix_by_hand()


def by_hand_figure(screen: SkulkHollowPlayScreen) -> None:
    """By hand, Figures, then a hero: where it goes (ground spaces and locations)."""
    by_hand(screen)
    rows = by_hand_lists.groups(screen.state, screen.correct)["Figures"]
    opener = next(value for words, value in rows if words == "Move the Sentinel")
    opener()


def crowded(*actions: K.SkulkAction) -> Advance:
    """Heroes, tokens and the guardian brought together on spaces (summons and corrections
    by hand): what a crowded space shows, at every size."""

    def advance(screen: SkulkHollowPlayScreen) -> None:
        told_nothing(screen)
        for action in actions:
            screen.play.play(action)
        told_nothing(screen)

    return advance


def summon_knight(space: str) -> tuple[K.SkulkAction, ...]:
    """Knight 1 played from the hand into KEEP, then moved by hand to ``space``."""
    moved = (K.EditMoveUnit("knight_1", space=space),) if space != "keep" else ()
    return (K.PlayCard("knight"), K.ChooseSpace("keep"), *moved)


#: Set-ups whose guide the screenshots show too: Raptra's, with its status card and cloud.
SETUP_CONFIGS = [("raptra", K.Config(guardian="raptra"))]

SCENES: list[tuple[str, K.Config, Advance]] = [
    ("play_skulk_hollow_start", K.Config(), as_set_up),
    ("play_skulk_hollow_move", K.Config(), moving),
    ("play_skulk_hollow_cards", K.Config(), card_list),
    ("play_skulk_hollow_cards_app", K.Config(foxen_deck="app"), card_list),
    ("play_skulk_hollow_midgame", K.Config(guardian="tanthos"), play_turns(3)),
    ("play_skulk_hollow_guardian_turn", K.Config(guardian="apoda"), guardian_mid_chain),
    ("play_skulk_hollow_turn_begins", K.Config(guardian="grak"), turn_begins),
    ("play_skulk_hollow_guardian_stuck", K.Config(guardian="grak"), guardian_stuck),
    (
        "play_skulk_hollow_hero_cleanup",
        K.Config(guardian="grak", foxen_deck="app"),
        played_until(2, hero_cleanup),
    ),
    (
        "play_skulk_hollow_easy_tunnel",
        K.Config(guardian="tanthos", level="easy", foxen_deck="app"),
        played_until(1, tunnelling),
    ),
    (
        "play_skulk_hollow_game_over",
        K.Config(guardian="tanthos", level="easy", hero_relics=1),
        played_until(3, game_over),
    ),
    ("play_skulk_hollow_prepare", K.Config(guardian="raptra"), preparing),
    ("play_skulk_hollow_by_hand", K.Config(guardian="tanthos"), by_hand),
    ("play_skulk_hollow_by_hand_figure", K.Config(guardian="apoda"), by_hand_figure),
    # Crowded spaces, one scene per guardian (the review's D1).
    (
        "play_skulk_hollow_crowded_grak",
        K.Config(guardian="grak"),
        crowded(
            *summon_knight("keep"),
            K.EditMoveGuardian("keep"),
        ),
    ),
    ("play_skulk_hollow_crowded_apoda", K.Config(guardian="apoda"), as_set_up),
    (
        "play_skulk_hollow_crowded_tanthos",
        K.Config(guardian="tanthos", leader="princess_of_tactics"),
        crowded(
            *summon_knight("clearing"),
            K.EditRoot("clearing", add=True),
            K.EditMoveUnit("sentinel", space="town_mill"),
            K.EditRoot("town_mill", add=True),
        ),
    ),
    (
        "play_skulk_hollow_crowded_raptra",
        K.Config(guardian="raptra", leader="queen_of_blessing"),
        crowded(
            *summon_knight("clearing"),
            K.EditMoveGuardian("clearing"),
            K.EditMoveUnit("sentinel", space="clearing"),
            K.EditMoveUnit("queen_of_blessing", space="clearing"),
        ),
    ),
]


#: The legibility sweep's games (app.tools.sweep): each guardian, set-ups that crowd the map.
SWEEP = SweepPlan(
    configs=[
        (K.Config(guardian="tanthos", leader="queen_of_blessing", hero_relics=2), ["Ana"]),
        (K.Config(guardian="apoda", leader="prince_of_guile", foxen_deck="app"), ["Ana"]),
        (K.Config(guardian="grak", level="easy"), ["Ana"]),
        (K.Config(guardian="raptra", leader="princess_of_tactics", guardian_relics=1), ["Ana"]),
    ],
    player=lambda seed: ControllerPlayer(SkulkHollowPlayer(seed)),
    reopen=True,
)
