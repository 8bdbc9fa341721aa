"""``python -m app.tools.ui_bench``: how long the UI thread is kept busy, in the real window at
800x480, on a table with thousands of saved games. Figures, not a test: the test suite
only checks that it runs.

Two parts:

- **Frame gaps.** With ``--games`` finished games saved (default 4,000, built as
  ``python -m app.exchange.bench`` builds them), each thing a person does in History and
  Statistics (opening them, a game filter, a player filter, every game again, a page of
  Statistics, opening the longest game to step through, and steps through it): the
  longest single frame from the touch until the screen shows what it waited for. A
  frame over 0.2 s is a stall a person sees.
- **The roster.** With ``--rosters`` players on the roster (default 2,000, then 6,000),
  each place that lists them all: Statistics' players page, Settings, New game and its
  More players.
- **Moves.** ``--moves`` moves of a seeded game of each game, played as the legibility
  sweep plays them (app.tools.sweep): the screen's update for each (its ``draw`` and the
  frame's layout), and for the games a person scores by touch (whose moves are played
  on the UI thread through the screen's ``take``) the whole move.

Frames are run by hand (app.kit.frames), so a frame's time is the UI thread's own work,
including what a reading thread costs it through Python's interpreter lock. Ends with
one line of key=value pairs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from app.kivy_setup import REFERENCE_SIZE, configure
from app.tools.bench import percentile

#: A frame longer than this is a stall a person sees (issue 45).
STALL = 0.2
#: Frames run after the screen has what it waited for: its layout settling.
SETTLING_FRAMES = 3


def longest_frame(action: Callable[[], Any]) -> float:
    """The longest the UI thread is busy in one frame, from ``action`` (a touch's
    handler, run in the frame of the touch) until the screen shows what it waits for
    to be read, and ``SETTLING_FRAMES`` after."""
    from kivy.app import App

    from app.kit.background import Background
    from app.kit.frames import tick

    App.get_running_app().collector.active()  # as a touch would
    began = time.perf_counter()
    action()
    tick()
    longest = time.perf_counter() - began
    settling = SETTLING_FRAMES
    while settling:
        if Background.screens_waiting():
            time.sleep(1 / 60)  # a frame's wait at 60 a second: the reader goes on
        else:
            settling -= 1
        began = time.perf_counter()
        tick()
        longest = max(longest, time.perf_counter() - began)
    return longest


def frame_gaps(app: Any) -> dict[str, float]:
    """The longest frame of each thing a person does in History and Statistics."""
    from app.games import BY_KEY, GAMES
    from app.kit.frames import tick, until_read

    found: dict[str, float] = {}
    found["History opens"] = longest_frame(partial(app.go, "history"))
    history = app.root.get_screen("history")
    for game in GAMES:
        choose = partial(setattr, history, "game_filter", game.key)
        found[f"History: {game.title}"] = longest_frame(choose)
    found["History: All games"] = longest_frame(partial(setattr, history, "game_filter", ""))
    found["History: played by Ana"] = longest_frame(
        partial(setattr, history, "player_filter", "Ana")
    )
    found["History: played by anyone"] = longest_frame(
        partial(setattr, history, "player_filter", "")
    )
    app.home()
    found["Statistics opens"] = longest_frame(partial(app.go, "statistics"))
    statistics_screen = app.root.get_screen("statistics")
    first = statistics_screen.page  # shown as it opens: chosen last
    for page in [*(game.key for game in GAMES if game.key != first), "players", first]:
        choose = partial(setattr, statistics_screen, "page", page)
        found[f"Statistics: {page}"] = longest_frame(choose)
    app.home()
    app.go("history")
    longest = max(app.store.sessions(), key=lambda saved: saved.event_count)
    game = BY_KEY[longest.game]
    which = f"{game.title}, {longest.event_count} moves"
    for when in ("the first time (its screen built)", "again"):
        opening = partial(app.replay_game, game, longest.id)
        found[f"Step-through opens ({which}), {when}"] = longest_frame(opening)
        app.back()
        tick()
    app.replay_game(game, longest.id)
    until_read()
    screen = app.current_screen
    steps = [round(longest.event_count * i / 20) for i in range(20, -1, -1)]
    found["Step-through: a step (the longest of 21)"] = max(
        longest_frame(partial(screen.show_step, step)) for step in steps
    )
    app.home()
    return found


def roster_gaps(app: Any, players: int) -> dict[str, float]:
    """The longest frame of each place that lists the whole roster, with ``players`` on
    it (made up to that many here)."""
    from app.games import GAMES
    from app.kit.frames import tick
    from app.tools.sweep import close_popups

    known = {player.name.casefold() for player in app.store.players()}
    for number in range(len(known), players):
        known.add(app.store.add_player(f"Friend {number:05}", known=known).name.casefold())
    found: dict[str, float] = {}
    app.home()
    app.go("statistics")
    statistics_screen = app.root.get_screen("statistics")
    statistics_screen.page = GAMES[0].key
    found["Statistics: players"] = longest_frame(
        partial(setattr, statistics_screen, "page", "players")
    )
    app.home()
    found["Settings opens"] = longest_frame(partial(app.go, "settings"))
    app.home()
    game = next(game for game in GAMES if game.key == "skogen")
    found["New game opens"] = longest_frame(partial(app.go, "new_game", game=game))
    found["New game: More players"] = longest_frame(app.current_screen.choose_more)
    close_popups()
    tick()
    app.home()
    return found


def move_times(app: Any, moves: int) -> dict[str, dict[str, list[float]]]:
    """Per game: the screen's update for each move ("update") and, where moves are
    played through the screen on the UI thread, the whole move ("move")."""
    from app.games import BY_KEY
    from app.kit.frames import tick
    from app.tools.sweep import close_popups, sweep_plan, swept_games
    from app.tools.sweep_plan import EnginePlayer

    found: dict[str, dict[str, list[float]]] = {}
    for key in swept_games():
        game = BY_KEY[key]
        plan = sweep_plan(game)
        config, names = plan.configs[0]
        app.home()
        app.start_game(game, config, names, seed=1)
        close_popups()
        screen = app.current_screen
        player = plan.player(1)
        times: dict[str, list[float]] = {"update": [], "move": []}
        for _ in range(moves):
            app.collector.active()  # as the touch that makes the move would
            began = time.perf_counter()
            going_on = player.step(screen)
            if isinstance(player, EnginePlayer):  # the move itself is the UI thread's
                tick()
                times["move"].append(time.perf_counter() - began)
            close_popups()
            if not going_on:
                break
            began = time.perf_counter()
            screen.draw()
            tick()
            times["update"].append(time.perf_counter() - began)
        found[key] = times
    app.home()
    return found


def _print_gaps(gaps: dict[str, float]) -> None:
    for what, seconds in gaps.items():
        flag = "  STALL" if seconds > STALL else ""
        print(f"  {what:<62} {seconds * 1000:5.0f} ms{flag}")


def _summary(values: list[float]) -> str:
    return (
        f"median {statistics.median(values) * 1000:.0f} ms, "
        f"p95 {percentile(values, 0.95) * 1000:.0f} ms, "
        f"longest {max(values) * 1000:.0f} ms ({len(values)})"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4000, help="finished games saved")
    parser.add_argument("--moves", type=int, default=150, help="moves a game")
    parser.add_argument(
        "--rosters",
        type=lambda text: [int(n) for n in text.split(",")],
        default=[2000, 6000],
        help="players on the roster, comma-separated, measured in turn",
    )
    args = parser.parse_args(argv)
    configure(REFERENCE_SIZE)
    from kivy.config import Config

    # No frame waits for the next at the usual 60 a second: a frame's time is its work.
    Config.set("graphics", "maxfps", "0")

    from app.exchange.bench import build
    from app.tools.sweep import SweepApp, started

    app = SweepApp()
    assert app.saved_games.db_path is not None
    began = time.perf_counter()
    events = build(app.saved_games.db_path, args.games)
    took = time.perf_counter() - began
    print(f"{args.games:,} finished games ({events:,} moves) saved in {took:.1f} s")
    pairs: dict[str, str] = {}
    with started(app):
        gaps = frame_gaps(app)
        print(f"\nThe longest frame of each, at {args.games:,} games (a stall is over {STALL} s):")
        _print_gaps(gaps)
        pairs["longest_frame_ms"] = f"{max(gaps.values()) * 1000:.0f}"
        pairs["stalls"] = str(sum(seconds > STALL for seconds in gaps.values()))
        for players in args.rosters:
            gaps = roster_gaps(app, players)
            print(f"\nThe longest frame of each, with {players:,} players on the roster:")
            _print_gaps(gaps)
            pairs[f"roster_{players}_longest_frame_ms"] = f"{max(gaps.values()) * 1000:.0f}"
        print(f"\nA move in each game ({args.moves} moves, played as the sweep plays them):")
        for key, times in move_times(app, args.moves).items():
            print(f"  {key}: the screen's update: {_summary(times['update'])}")
            if times["move"]:
                print(f"  {key}: the whole move (take): {_summary(times['move'])}")
            pairs[f"{key}_update_p95_ms"] = f"{percentile(times['update'], 0.95) * 1000:.0f}"
    print("\n" + " ".join(f"{key}={value}" for key, value in pairs.items()))


if __name__ == "__main__":
    main()
