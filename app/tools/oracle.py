"""The oracle: seeded whole games of every game, played by its seeded person (app.play.
autoplay) through the same controller the screen lays out, with a model of the table of
its own that changes only as the people change it: by a move they make themselves (the
engine's changes marked ``chosen``) or by an instruction shown to them and confirmed with
Done. At every state it checks:

- drawn: what the view draws of the table equals the model (with a move half made, the
  people's own part of it so far made on it), and the places the instruction shown
  names are drawn (of the kinds the game draws: a hand, whose it is);
- settled: at the end of every chain of instructions, the model equals the game's own
  table (``table_places``);
- reasons: a chain's reason names only actions among the saved moves it explains (the
  words ``TablePlay.names`` gives for the actions offered and not taken);
- order: the instructions follow the rulebook's order of a turn (the engine's
  ``TURN_ORDER``): within one round, a phase is never told after a later one (a chain
  counts in the round of the moves it follows: a turn's refill, told as the next turn
  begins, is the turn's own);
- reopened: every few steps the game is opened again from the saved-games file, as after
  a pulled plug, and must read exactly as it did (the same instruction and count, nothing
  told again, the question being asked still asked); play goes on in the reopened one.

``python -m app.tools.oracle`` plays every set-up of every game (``--games``, ``--seeds``);
the test suite plays a sample (tests/app/test_oracle.py).
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.games import GAMES, GameInfo, load
from app.play.autoplay import TablePlay
from app.play.opening import open_controller
from app.play.play_session import PlaySession
from app.storage.store import Store
from engines.core import AnyGameRules, Change, TurnOrder, made, plain_places

#: Steps a game may take before the oracle calls it endless.
MOST_STEPS = 20_000


@dataclass
class Findings:
    """What the oracle saw: states checked, games played, and each problem found with
    where it was first seen and how often."""

    states: int = 0
    games: int = 0
    reopened: int = 0
    seconds: float = 0.0
    problems: dict[str, tuple[int, str]] = field(default_factory=dict)

    def note(self, problem: str, where: str) -> None:
        count, first = self.problems.get(problem, (0, where))
        self.problems[problem] = (count + 1, first)

    def report(self) -> str:
        lines = [
            f"Checked {self.states} states of {self.games} seeded whole games "
            f"({self.reopened} of them opened again) in {self.seconds:.0f} s: "
            f"{len(self.problems)} problems."
        ]
        for problem, (count, first) in sorted(self.problems.items()):
            lines.append(f"  - {problem} ({count}x, first at {first})")
        return "\n".join(lines)


def table_play(info: GameInfo) -> TablePlay | None:
    play: TablePlay | None = load(info.autoplay_path) if info.autoplay_path else None
    return play


class _Chain:
    """The chain of instructions being told: its reason, the saved moves it explains
    (from the end of the chain before), and the round they were made in."""

    def __init__(self, reason: str, since: int, round_number: int) -> None:
        self.reason = reason
        self.since = since
        self.round = round_number
        self.opened = False  # it went on into the next round (TurnOrder.opening)


class GameCheck:
    """One seeded game played to its end under the oracle's eye."""

    def __init__(
        self,
        info: GameInfo,
        play: TablePlay,
        config: Any,
        seed: int,
        folder: Path,
        findings: Findings,
        reopen_every: int = 7,
        first_only: bool = False,
    ) -> None:
        self.info, self.table_play, self.config, self.seed = info, play, config, seed
        self.rules: AnyGameRules = info.rules()
        self.order: TurnOrder = self.rules.TURN_ORDER
        self.findings = findings
        self.chooser = random.Random(seed)
        self.reopen_every = reopen_every
        #: Stop at the first problem found (a test that puts a known fault back).
        self.first_only = first_only
        self.store = Store.open(folder / f"{info.key}-{seed}.db")
        names = seat_names(config, play.players)
        self.session_id = PlaySession.start(self.store, self.rules, config, seed, names).session_id
        self.control = self._open()
        self.person = play.person(seed)
        self.step = 0
        telling = self.control.telling
        # The table as the set-up guide left it: the chain's start when the app tells
        # something at once (a deal), else the game's own places.
        self.model: dict[str, Hashable] = (
            dict(telling.table) if telling.active and telling.table else self._own()
        )
        self.chain: _Chain | None = None
        self.ended_at = 0  # the saved moves standing when the last chain ended
        self.told_rank: dict[int, tuple[int, str]] = {}  # round: the latest phase told
        self.settled = self.control.state  # the state when the last chain ended
        #: The states and steps of a move half made (the game's ``half_made``).
        self.span: tuple[list[Any], list[Any]] | None = None
        self._watch_chain()

    # -- the game ----------------------------------------------------------------------

    def _open(self) -> Any:
        play = PlaySession.resume(self.store, self.rules, self.session_id)
        control = open_controller(self.info, play)  # as the play screen opens it
        self._wrap_done(control)
        return control

    def _wrap_done(self, control: Any) -> None:
        """Done goes through the oracle: the instruction shown is made on its model."""
        done = control.done

        def confirmed() -> bool:
            shown: Change | None = control.telling.current
            result: bool = done()
            if shown is not None and control.telling.current is not shown:
                self._told(shown)
            return result

        control.done = confirmed

    def _own(self) -> dict[str, Hashable]:
        return dict(plain_places(self.rules.table_places(self.control.state)))

    def where(self) -> str:
        return f"{self.info.key} {self.config} seed {self.seed} step {self.step}"

    def run(self) -> None:
        self.check()
        while True:
            events = len(self.control.play.session.events)
            if not self.person.step(self.control):
                break
            self.step += 1
            if self.step > MOST_STEPS:
                self.findings.note("the game did not end", self.where())
                break
            self._moved(events)
            self._watch_chain()
            self.check()
            if self.step % self.reopen_every == 0:
                self._reopen()
            if self.first_only and self.findings.problems:
                break
        self.findings.games += 1
        self.store.close()

    # -- what the people did -----------------------------------------------------------

    def _moved(self, events_before: int) -> None:
        """Moves the people (or the automated side) made: their own part of each is made
        on the table by their own hands, a move of several steps once it is whole (the
        game's ``own_part``); an undo puts nothing back by itself."""
        session = self.control.play.session
        new = session.events[events_before:]
        if any(event.type == "undo" for event in new):
            self._close_span()  # what they did of a half-made move stays done
            self.told_rank.clear()  # the game goes back: the order starts again
            return
        taken = len(new)
        if not taken:
            return
        states = list(session.states[-taken - 1 :])
        actions = list(session.actions[-taken:])
        if self.span is None:
            self.span = (states, actions)
        else:
            self.span[0].extend(states[1:])
            self.span[1].extend(actions)
        if not self.table_play.half_made(self.control):
            self._close_span()

    def _close_span(self) -> None:
        self.model = self._as_made()
        self.span = None

    def _as_made(self) -> dict[str, Hashable]:
        """The table as the people have it: the model, with their own part so far of a
        move half made (their cards put under the deck, a cost paid by their hand)."""
        if self.span is None:
            return self.model
        states, actions = self.span
        own = self.table_play.own_part(self.rules, states, actions)
        return dict(made(self.model, own))

    def _told(self, change: Change) -> None:
        self.model = dict(made(self.model, [change]))
        self._check_order(change)

    def _check_order(self, change: Change) -> None:
        if self.chain is None or self.chain.reason == "undo":
            return
        try:
            rank = self.order.rank(change.phase)
        except ValueError:
            self.findings.note(f"a step of no phase of the turn: {change.words!r}", self.where())
            return
        if change.phase in self.order.opening and not self.chain.opened:
            self.chain.round += 1  # it begins the next round, told with this one's end
            self.chain.opened = True
        round_number = self.chain.round
        last = self.told_rank.get(round_number)
        if last is not None and rank < last[0]:
            self.findings.note(
                f"{change.phase!r} told after {last[1]!r} in one round "
                f"(rulebook: {self.order.source}): {change.words!r}",
                self.where(),
            )
        self.told_rank[round_number] = (rank, change.phase)

    def _watch_chain(self) -> None:
        """A chain begins (its reason and the moves it explains noted) or ends (its
        reason checked against those moves, and the table then checked as settled)."""
        self.chain_ended = False
        telling = self.control.telling
        session = self.control.play.session
        undone = any(e.type == "undo" for e in session.events[self.ended_at :])
        if telling.active and self.chain is None:
            reason = "undo" if undone else telling.reason
            self.chain = _Chain(reason, self.ended_at, self.rules.progress(self.settled).number)
        elif not telling.active and self.chain is not None:
            self._check_reason(self.chain)
            self.chain = None
            self.chain_ended = True
        if not telling.active:
            self.ended_at = len(session.events)
            self.settled = self.control.state

    def _check_reason(self, chain: _Chain) -> None:
        if chain.reason in ("", "undo"):
            return
        session = self.control.play.session
        events = session.events[chain.since :]
        if any(e.type == "undo" for e in events):
            return
        states = session.states[len(session.states) - len(events) - 1 :]
        done = {name for e in events if e.action is not None for name in self._names([e.action])}
        offered = {
            name for state in states[:-1] for name in self._names(self.rules.legal_actions(state))
        }
        for name in sorted(offered - done):
            if name in chain.reason:
                self.findings.note(
                    f"a reason names {name!r}, a move not made: {chain.reason!r}", self.where()
                )

    def _names(self, actions: Iterable[Any]) -> set[str]:
        return {name for action in actions for name in self.table_play.names(action) if name}

    # -- the checks --------------------------------------------------------------------

    def check(self) -> None:
        self.findings.states += 1
        control = self.control
        drawn = self.table_play.drawn(self.info.view(control))
        spared = control.spared()
        table = self._as_made()  # a move half made: drawn as the people left it so far
        wrong = sorted(
            key for key, value in drawn.items() if table.get(key) != value and key not in spared
        )
        if wrong:
            self.findings.note(f"drawn otherwise than the table: {_places(wrong)}", self.where())
        shown = control.telling.current
        if drawn and shown is not None:  # the places it names are drawn (a hand: whose)
            kinds = {key.split(":")[0] for key in drawn}  # of the kinds the game draws
            unseen = [
                place
                for place in shown.places
                if ":" in place and place.split(":")[0] in kinds and place not in drawn
            ]
            if unseen:
                self.findings.note(
                    f"an instruction names places not drawn: {_places(unseen)}", self.where()
                )
        if self.chain_ended:
            own = self._own()
            apart = sorted(
                k
                for k in set(own) | set(self.model)
                if own.get(k) != self.model.get(k) and k not in spared
            )
            if apart:
                self.findings.note(
                    f"the table as told is not the game's: {_places(apart)}", self.where()
                )
                self.model = own  # once noted, go on from the game's own table

    def _reopen(self) -> None:
        """The game opened again from its file, as after a pulled plug: it reads the same."""
        self.findings.reopened += 1
        before = self.info.view(self.control)
        again = self._open()
        if self.info.view(again) != before:
            self.findings.note("opened again, it reads otherwise", self.where())
        if again.owed != self.control.owed:
            self.findings.note("opened again, the table is owed otherwise", self.where())
        self.control = again


def _places(keys: Sequence[str]) -> str:
    """A few place names, for a finding (the kinds only: "future", "hand")."""
    kinds = sorted({key.split(":")[0] for key in keys})
    return ", ".join(kinds)


def seat_names(config: Any, names: Sequence[str]) -> list[str]:
    """The players' names a game of ``config`` is started with: its own when the config
    names them, else as many of ``names`` as it counts (four when it does not say)."""
    players = getattr(config, "players", None)
    if isinstance(players, tuple):
        return [str(name) for name in players]
    return list(names[: players if isinstance(players, int) else 4])


def run(
    games: Sequence[str] | None = None, seeds: Iterable[int] = range(2), sample: bool = False
) -> Findings:
    """Every set-up (or the sample) of every game (or those named), each seed."""
    findings = Findings()
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        for info in GAMES:
            play = table_play(info)
            if play is None or (games and info.key not in games):
                continue
            for config in play.sample if sample else play.set_ups:
                for seed in seeds:
                    GameCheck(info, play, config, seed, Path(folder), findings).run()
    findings.seconds = time.monotonic() - started
    return findings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m app.tools.oracle", description=__doc__)
    parser.add_argument("--games", nargs="*", help="game keys (default: every game)")
    parser.add_argument("--seeds", type=int, default=2, help="seeds per set-up (from 0)")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    seeds = range(args.first_seed, args.first_seed + args.seeds)
    findings = run(args.games, seeds)
    print(findings.report())
    return 1 if findings.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
