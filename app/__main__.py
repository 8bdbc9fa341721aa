"""``python -m app`` starts Tableside; ``--screenshots DIR`` renders every screen to PNGs;
``--sweep`` plays seeded whole games by bot and checks every state they reach."""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

from app.kivy_setup import REFERENCE_SIZE, configure


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 800x480") from None
    return width, height


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m app", description=__doc__)
    parser.add_argument(
        "--screenshots",
        metavar="DIR",
        type=Path,
        help="write a PNG of every screen (with demonstration data) to DIR and exit; with "
        "--sweep, a PNG of each problem where it is first seen",
    )
    parser.add_argument(
        "--size",
        type=parse_size,
        help="window size, default 800x480 (the official 7-inch panel), or full screen "
        "where the Pi's installation says so",
    )
    parser.add_argument(
        "--only",
        default="",
        metavar="WORDS",
        help="with --screenshots: only the scenes whose names contain WORDS",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="with --screenshots: list what is too small, cut off or overlapping "
        "(exit status 1 if anything is)",
    )
    parser.add_argument(
        "--sweep",
        action="store_true",
        help="play seeded whole games of every game by bot and check that every state "
        "they reach is readable and touchable (exit status 1 if any is not)",
    )
    parser.add_argument(
        "--games",
        default="",
        help="with --sweep: the games, comma-separated (default: every game with a plan)",
    )
    parser.add_argument(
        "--seeds", type=int, default=3, help="with --sweep: seeded games of each set-up"
    )
    parser.add_argument(
        "--steps", type=int, default=10_000, help="with --sweep: at most this many steps a game"
    )
    parser.add_argument(
        "--every", type=int, default=1, help="with --sweep: check every Nth state only"
    )
    parser.add_argument(
        "--db", type=Path, help="saved-games database (default: $TABLESIDE_DB or the user data dir)"
    )
    args = parser.parse_args(argv)
    by_hand = bool(args.screenshots or args.sweep)  # frames run by the tool, not the clock
    configure(args.size or (REFERENCE_SIZE if by_hand else None), by_hand)

    if args.sweep:
        from kivy.core.window import Window

        from app.tools.sweep import run_sweep, swept_games

        games = args.games.split(",") if args.games else swept_games()
        found = run_sweep(games, args.seeds, args.steps, args.every, args.screenshots)
        print(found.report(f"{Window.width}x{Window.height}"))
        sys.exit(1 if found.problems else 0)
    if args.screenshots:
        from app.tools.screenshots import ScreenshotApp

        shots = ScreenshotApp(args.screenshots, only=args.only, check=args.check)
        shots.render()
        if args.check and any(shots.problems.values()):
            sys.exit(1)
    else:
        from app.application import TablesideApp

        app = TablesideApp(db_path=args.db)
        # Set before the window opens, so that SDL leaves it in place (it installs its
        # own only where none is).
        signal.signal(signal.SIGTERM, app.stopped_by_the_system)
        app.run()


if __name__ == "__main__":
    main()
