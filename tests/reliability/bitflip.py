"""``python -m tests.reliability.bitflip [--flips N] [--seed S]``: single-bit flips in
copies of a populated database, each read the way the app reads its saved games.

A database of games of all four kinds is built once (``tests.reliability.saved_games``).
For each flip, a copy gets one random bit flipped and goes through what the app does with
it, without a window: open it (``Store.open``), Home's resume buttons and the start-up
setting, the lists (games, players, settings, component profiles), resume every
unfinished game, every History row and its replay, every Statistics page, and the three
exports. Each step's failure is caught and put down to that step. A flip is then

- "crash at start": opening, or what Home shows after its first frame, raised;
- "uncaught": a later step raised something other than a refusal its screen words and
  shows (a ``StorageFault``; a ``ValueError``, ``DamagedData`` and ``IllegalAction``
  included, where the screen catches one: see ``WORDED_STEPS``);
- "caught": the app noticed (a start-up notice, the file set aside, a damaged session, a
  refusal); "explained" when every message it gave is in a player's words;
- "silent-harmless" when nothing was noticed and everything read equals what the
  unflipped copy reads; "silent-changed" when something read differs.

Prints the counts, the uncaught errors grouped by step and kind, the messages that were
not in words, and the time taken; exits with status 1 on any uncaught error or crash at
start. The issue's target: none of either.
"""

from __future__ import annotations

import os

# Kivy takes its sizes (dp) from these instead of asking a window: the screens' modules
# whose plain functions are run here (History's rows, Home's words, Replay) can then be
# imported without opening one.
for _name, _value in (
    ("KIVY_METRICS_DENSITY", "1"),
    ("KIVY_DPI", "96"),
    ("KIVY_METRICS_FONTSCALE", "1"),
    ("KIVY_NO_ARGS", "1"),
    ("KIVY_NO_CONSOLELOG", "1"),
    ("KIVY_NO_FILELOG", "1"),
):
    os.environ.setdefault(_name, _value)

import argparse  # noqa: E402
import logging  # noqa: E402
import random  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from functools import partial  # noqa: E402
from pathlib import Path  # noqa: E402
from types import SimpleNamespace  # noqa: E402
from typing import Any, TypeVar  # noqa: E402

from kivy.app import App  # noqa: E402

from app import stats  # noqa: E402
from app.chickwood.profile import village_cards  # noqa: E402
from app.exchange.export import export_all  # noqa: E402
from app.games import BY_KEY, GAMES  # noqa: E402
from app.play.play_session import PlaySession  # noqa: E402
from app.play.replay import Replay  # noqa: E402
from app.screens.history import describe  # noqa: E402
from app.screens.home import describe_unfinished, people  # noqa: E402
from app.screens.statistics import PLAYERS  # noqa: E402
from app.screens.when import when  # noqa: E402
from app.skulk_hollow.options import owner_profile  # noqa: E402
from app.storage.faults import StorageFault  # noqa: E402
from app.storage.location import DB_FILENAME  # noqa: E402
from app.storage.sessions import SavedSession  # noqa: E402
from app.storage.store import Store  # noqa: E402
from engines import skulk_hollow  # noqa: E402
from tests.reliability import saved_games  # noqa: E402

T = TypeVar("T")

#: Steps whose screen shows a ValueError (DamagedData and IllegalAction are ValueErrors)
#: as a refusal in words: Resume and a History replay (which read the events), New game
#: (which reads the profiles). Elsewhere (Home, History's list, Statistics, Export) the
#: screens catch no ValueError: one raised there closes the app. A StorageFault is a
#: refusal anywhere.
WORDED_STEPS = frozenset({"events", "resume", "replay", "profiles"})
#: Steps the app takes before a person can do anything: a failure there is met again at
#: every start.
START_STEPS = frozenset({"open", "home", "start setting", "start check"})
VERDICTS = ("caught", "silent-harmless", "silent-changed", "uncaught", "crash at start")
#: Signs of Python's own words in a message meant for a player.
RAW_PYTHON = re.compile(
    r"Traceback|Error\b|Exception\b|NoneType|object has no attribute|not subscriptable"
    r"|expected \w+, got|Expecting (value|property)|line \d+ column \d+|codec|decode byte"
    r"|invalid literal|out of range|unhashable|[{\[]['\"]|<\w+ object"
)


def in_words(message: str) -> bool:
    """Roughly: a message a player can read, not Python's text."""
    return bool(message.strip()) and RAW_PYTHON.search(message) is None


@dataclass(frozen=True)
class Problem:
    """A step that raised: ``refused`` when the app words it, else it closes the app."""

    step: str
    refused: bool
    kind: str
    message: str


def _what(key: Any) -> str:
    return str(key[0] if isinstance(key, tuple) else key)


def closes_the_app(problem: Problem) -> bool:
    return problem.step in START_STEPS or not problem.refused


@dataclass
class Reading:
    """What one pass over a database read, step by step, and what the app said."""

    seen: dict[Any, Any] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    #: The app's own messages: start-up notices and damaged sessions' descriptions.
    messages: list[str] = field(default_factory=list)
    set_aside: bool = False

    def attempt(self, step: str, action: Callable[[], T]) -> T | None:
        """Run one step; what it raises is put down to it and the run goes on."""
        try:
            return action()
        except Exception as error:  # the campaign counts whatever escapes
            refused = isinstance(error, StorageFault) or (
                isinstance(error, ValueError) and step in WORDED_STEPS
            )
            self.problems.append(Problem(step, refused, type(error).__name__, str(error)))
        return None

    def verdict(self, original: Reading) -> str:
        if any(p.step in START_STEPS for p in self.problems):
            return "crash at start"
        if any(closes_the_app(p) for p in self.problems):
            return "uncaught"
        if self.messages or self.set_aside or self.problems:
            return "caught"
        return "silent-changed" if self.differences(original) else "silent-harmless"

    def differences(self, original: Reading) -> tuple[str, ...]:
        """What was read differently ("sessions", "events", "replay"...), once each."""
        keys = self.seen.keys() | original.seen.keys()
        differ = {_what(key) for key in keys if self.seen.get(key) != original.seen.get(key)}
        return tuple(sorted(differ))

    @property
    def explained(self) -> bool:
        said = self.messages + [p.message for p in self.problems]
        return all(in_words(message) for message in said)


# -- what the app does with its saved games, step by step --------------------------------


def read(path: Path, scratch: Path) -> Reading:
    """Everything the app reads from the database at ``path``; exports go to ``scratch``."""
    reading = Reading()
    # As the app opens it: the file's check comes after Home's first frame.
    store = reading.attempt("open", partial(Store.open, path, check=False))
    if store is None:
        return reading
    try:
        read_start(store, reading)
        read_lists(store, reading)
        read_profiles(store, reading)
        read_resumes(store, reading)
        read_history(store, reading)
        reading.attempt("statistics", partial(read_statistics, store, reading))
        read_exports(store, reading, scratch)
    finally:
        reading.attempt("close", store.close)
    reading.messages += store.notices  # from opening, and values read in place of damaged ones
    reading.set_aside = any(".unreadable-" in p.name for p in path.parent.iterdir())
    return reading


def read_start(store: Store, reading: Reading) -> None:
    """What the app does after Home's first frame: each playable game's unfinished games
    in the words of its tile, the buzzer setting for the buttons, then the file's
    integrity_check, after which a damaged file is mended (Home is shown again)."""

    def home() -> None:
        for game in GAMES:
            if game.playable:
                unfinished = store.unfinished_sessions(game.key)
                if unfinished:  # the tile names the latest one's players and time
                    words = (people(unfinished[0]), when(unfinished[0].updated))
                    reading.seen["home", game.key] = (len(unfinished), words)

    reading.attempt("home", home)
    reading.seen["buzzer"] = reading.attempt(
        "start setting", partial(store.setting, "buzzer_muted", False)
    )
    whole = reading.attempt("start check", store.check_whole)
    if whole is False:

        def mend() -> None:  # as the app does, though here on this thread
            store.report_damage("the file is damaged")
            store.mend()

        reading.attempt("start check", mend)
        reading.attempt("home", home)


def read_lists(store: Store, reading: Reading) -> None:
    reading.seen["players"] = reading.attempt("players", store.players)
    sessions = reading.attempt("sessions", store.sessions)
    reading.seen["sessions"] = sessions
    for session in sessions or ():
        if session.damage:
            reading.messages.append(session.damage)
        reading.seen["events", session.id] = reading.attempt(
            "events", partial(store.events, session.id)
        )


@contextmanager
def running_app(store: Store) -> Iterator[None]:
    """The profile code reads the store through the running app: a stand-in gives it."""
    running, App._running_app = App._running_app, SimpleNamespace(store=store)
    try:
        yield
    finally:
        App._running_app = running


def read_profiles(store: Store, reading: Reading) -> None:
    """What New game reads: the village cards, and the Skulk Hollow corrections made
    into a game's options."""
    with running_app(store):
        reading.seen["village"] = reading.attempt("profiles", village_cards)
        reading.seen["corrections"] = reading.attempt(
            "profiles", lambda: skulk_hollow.Config(profile=owner_profile()).profile
        )


def read_resumes(store: Store, reading: Reading) -> None:
    """Resume on Home: the chooser's words for each unfinished game, then the game."""
    unfinished = reading.attempt("home", store.unfinished_sessions) or []
    for session in unfinished:
        game = BY_KEY.get(session.game)
        if game is None or not game.playable:
            continue  # Home has no tile to resume it from
        reading.seen["chooser", session.id] = reading.attempt(
            "resume", partial(describe_unfinished, store, session)
        )
        play = reading.attempt(
            "resume", partial(PlaySession.resume, store, game.rules(), session.id)
        )
        reading.seen["resumed", session.id] = None if play is None else play.state


def read_history(store: Store, reading: Reading) -> None:
    """Every row of History, and each game stepped through as touching its row does:
    opened at its end, then back to the set-up."""
    sessions = reading.attempt("history", store.sessions) or []
    reading.seen["history"] = [reading.attempt("history", partial(describe, s)) for s in sessions]
    for session in sessions:
        game = BY_KEY.get(session.game)
        if (session.external_id and not session.event_count) or game is None:
            continue  # History says only the result is known, or the game is not here

        def step_through(s: SavedSession = session, rules: Any = game.rules) -> Any:
            replay = Replay(store, rules(), s.id)
            end = (replay.steps, replay.state, replay.describe_step())
            replay.go_to(0)
            return end, replay.describe_step()

        reading.seen["replay", session.id] = reading.attempt("replay", step_through)


def read_statistics(store: Store, reading: Reading) -> None:
    """Every page of Statistics, computed as its screen does."""
    sessions = store.sessions()
    pages: dict[str, Any] = {"finished": len(stats.finished(sessions))}
    for game in GAMES:
        ours = [s for s in sessions if s.game == game.key]

        def options(session: SavedSession, game: Any = game) -> str:
            return game.summary(session.config) or "standard"

        if game.cooperative:
            pages[game.key] = (
                stats.win_rates(ours, options),
                stats.loss_causes(ours, game.key),
                stats.suggest_difficulty(ours, game.key, options),
            )
        else:
            pages[game.key] = stats.histogram(stats.scores(sessions, game.key))
    pages[PLAYERS] = [stats.player_record(sessions, p.name) for p in store.players()]
    reading.seen["statistics"] = pages


def read_exports(store: Store, reading: Reading, folder: Path) -> None:
    """History's Export (Tableside JSON, CSV and a BG Stats file), and what it says it
    left out."""
    report = reading.attempt("export", partial(export_all, store, folder))
    if report is not None:
        reading.messages += report.skipped


# -- the campaign ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Flip:
    offset: int
    bit: int
    verdict: str
    explained: bool
    problems: tuple[Problem, ...]
    unworded: tuple[str, ...]  # messages the app gave that were not in a player's words
    changed: tuple[str, ...]  # for a silent change: what was read differently


@dataclass
class Campaign:
    size: int
    seed: int
    flips: list[Flip]
    seconds: float

    def count(self, verdict: str) -> int:
        return sum(flip.verdict == verdict for flip in self.flips)

    @property
    def explained(self) -> int:
        return sum(flip.verdict == "caught" and flip.explained for flip in self.flips)

    @property
    def failed(self) -> bool:
        return self.count("uncaught") > 0 or self.count("crash at start") > 0


def flip_bit(data: bytes, offset: int, bit: int) -> bytes:
    changed = bytearray(data)
    changed[offset] ^= 1 << bit
    return bytes(changed)


def run(database: Path, flips: int, seed: int) -> Campaign:
    """Flip ``flips`` random bits, one per copy of ``database``, and read each copy."""
    original_bytes = database.read_bytes()
    chooser = random.Random(seed)
    began = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tableside-bitflip-") as tmp:
        original = read_copy(Path(tmp) / "original", original_bytes)
        if original.problems or original.messages:
            raise RuntimeError(f"the unflipped database is not read whole: {original.problems}")
        results = []
        for number in range(flips):
            offset, bit = chooser.randrange(len(original_bytes)), chooser.randrange(8)
            reading = read_copy(Path(tmp) / str(number), flip_bit(original_bytes, offset, bit))
            said = reading.messages + [p.message for p in reading.problems if p.refused]
            verdict = reading.verdict(original)
            results.append(
                Flip(
                    offset,
                    bit,
                    verdict,
                    reading.explained,
                    tuple(reading.problems),
                    tuple(m for m in said if not in_words(m)),
                    reading.differences(original) if verdict == "silent-changed" else (),
                )
            )
    return Campaign(len(original_bytes), seed, results, time.monotonic() - began)


def read_copy(folder: Path, data: bytes) -> Reading:
    """Read a database holding ``data`` in a folder of its own, then remove the folder."""
    (folder / "exports").mkdir(parents=True)
    path = folder / DB_FILENAME
    path.write_bytes(data)
    try:
        return read(path, folder / "exports")
    finally:
        shutil.rmtree(folder)


# -- the report ------------------------------------------------------------------------------


def gist(message: str, limit: int = 90) -> str:
    """A message with its numbers and quoted values blurred, so alike ones group together."""
    blurred = re.sub(r"\d+", "N", re.sub(r"'[^']*'|\"[^\"]*\"", "'...'", message))
    return blurred if len(blurred) <= limit else blurred[: limit - 3] + "..."


def report(campaign: Campaign, database: str) -> str:
    total = len(campaign.flips)
    lines = [
        f"{total} single-bit flips in {database} ({campaign.size:,} bytes, seed "
        f"{campaign.seed}): {campaign.seconds:.1f} s, {campaign.seconds / max(total, 1):.3f} s "
        "a flip",
        "",
        f"{'verdict':<26} {'flips':>6} {'share':>7}",
    ]

    def row(words: str, count: int) -> None:
        lines.append(f"{words:<26} {count:>6} {count / max(total, 1):>7.1%}")

    for verdict in VERDICTS:
        row(verdict, campaign.count(verdict))
        if verdict == "caught":
            row("  of which explained", campaign.explained)
    failures: Counter[tuple[str, str, str]] = Counter()
    for flip in campaign.flips:  # each kind of failure counted once per flip
        failures.update(
            {(p.step, p.kind, gist(p.message)) for p in flip.problems if closes_the_app(p)}
        )
    if failures:
        lines += ["", "Uncaught errors and crashes at start, by step and kind (flips):"]
        for (step, kind, message), count in failures.most_common():
            lines.append(f"  {count:>4}  {step}: {kind}: {message}")
    changed = Counter(what for flip in campaign.flips for what in flip.changed)
    if changed:
        lines += ["", "Silent changes, by what was read differently (flips):"]
        lines += [f"  {count:>4}  {what}" for what, count in changed.most_common()]
    unworded = Counter(m for flip in campaign.flips for m in {gist(m) for m in flip.unworded})
    if unworded:
        lines += ["", "Messages not in a player's words (flips):"]
        for message, count in unworded.most_common(15):
            lines.append(f"  {count:>4}  {message}")
    summary = {
        verdict.replace(" ", "_").replace("-", "_"): campaign.count(verdict) for verdict in VERDICTS
    }
    summary |= {"explained": campaign.explained, "flips": total}
    pairs = [f"{key}={value}" for key, value in summary.items()]
    lines += ["", " ".join([*pairs, f"seconds={campaign.seconds:.1f}"])]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.reliability.bitflip",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--flips", type=int, default=500, help="bits to flip, one per copy")
    parser.add_argument("--seed", type=int, default=16, help="chooses the games and the bits")
    args = parser.parse_args(argv)
    # The store logs each file it sets aside; hundreds of those would bury the report.
    logging.getLogger("tableside").setLevel(logging.CRITICAL)
    with tempfile.TemporaryDirectory(prefix="tableside-bitflip-db-") as tmp:
        began = time.monotonic()
        database = saved_games.build(Path(tmp) / DB_FILENAME, seed=args.seed)
        print(f"built the database in {time.monotonic() - began:.1f} s", flush=True)
        campaign = run(database, args.flips, args.seed)
    print(report(campaign, "a database of games of all four kinds"))
    return 1 if campaign.failed else 0


if __name__ == "__main__":
    sys.exit(main())
