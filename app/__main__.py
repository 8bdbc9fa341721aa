"""``python -m app`` starts Tableside; ``--screenshots DIR`` renders every screen to PNGs."""

from __future__ import annotations

import argparse
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
        help="write a PNG of every screen (with demonstration data) to DIR and exit",
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
        "--db", type=Path, help="saved-games database (default: $TABLESIDE_DB or the user data dir)"
    )
    args = parser.parse_args(argv)
    configure(args.size or (REFERENCE_SIZE if args.screenshots else None))

    if args.screenshots:
        from app.screenshots import ScreenshotApp

        shots = ScreenshotApp(args.screenshots, only=args.only, check=args.check)
        shots.run()
        if args.check and any(shots.problems.values()):
            sys.exit(1)
    else:
        from app.application import TablesideApp

        TablesideApp(db_path=args.db).run()


if __name__ == "__main__":
    main()
