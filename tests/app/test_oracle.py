"""The oracle (app.tools.oracle): a sample of every game it plays shows nothing wrong, and
each fault the 2026-12-06 review found (../shared/reviews/usability-2026-12-06.md), put
back into today's code, is found by it: a reason naming a move not made (P1), the
Future drawn ahead of the table (P4), the deal told again and a half-made move lost on
opening again (P5), the hero's refill told after the guardian's turn (P6); and a move
half made drawn ahead of the people. The full run is its own command:
``python -m app.tools.oracle``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any
from unittest.mock import patch

import pytest

import app.play.controller as play_controller
import app.skoventyr.view as skoventyr_views
from app.games import BY_KEY, GAMES
from app.skoventyr.controller import SkoventyrController
from app.skulk_hollow.controller import SkulkHollowController, SkulkOwed
from app.tools import oracle
from engines import skoventyr as S
from engines import skulk_hollow as K
from engines.core import Change, plain_places
from engines.skulk_hollow.actions import title_words


@pytest.mark.long
def test_a_sample_of_every_game_shows_nothing_wrong() -> None:
    findings = oracle.run(seeds=range(1), sample=True)
    played = [info for info in GAMES if oracle.table_play(info) is not None]
    assert len(played) >= 3  # every game with a controller and a seeded person
    assert findings.games == sum(len(oracle.table_play(info).sample) for info in played)
    assert findings.states > 1000 and findings.reopened > 100
    assert not findings.problems, findings.report()


def check(
    key: str, config: Any, tmp_path: Path, seed: int = 0, reopen: int = 7, first_only: bool = True
) -> set[str]:
    """The problems the oracle finds in one seeded game (the first only, by default:
    a fault put back is found once)."""
    info = BY_KEY[key]
    play = oracle.table_play(info)
    assert play is not None
    findings = oracle.Findings()
    game = oracle.GameCheck(info, play, config, seed, tmp_path, findings, reopen, first_only)
    game.run()
    assert findings.games == 1
    return set(findings.problems)


def test_p1_a_reason_from_the_look_ahead_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The guardian's reason naming a card it was able to play and did not."""
    real = K.decision_words

    def from_a_look_ahead(before: K.State, actions: list[K.SkulkAction]) -> str:
        played = {a.card for a in actions if isinstance(a, K.PlayCard)}
        other = next(
            (
                a
                for a in K.legal_actions(before)
                if isinstance(a, K.PlayCard) and a.card not in played
            ),
            None,
        )
        said = real(before, actions)
        return said if other is None else f"{said} Then it plays {title_words(other.card)}."

    config = K.Config(guardian="tanthos", level="easy")
    assert check("skulk_hollow", config, tmp_path / "today", first_only=False) == set()
    monkeypatch.setattr(K, "decision_words", from_a_look_ahead)
    found = check("skulk_hollow", config, tmp_path / "p1")
    assert any(problem.startswith("a reason names") for problem in found), found


def test_p6_a_refill_held_until_after_the_guardian_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hero's Cleanup kept back as the hero's turn ends and told once the guardian's
    turn is over, as the release the review tried did."""
    cleanup = set(K.TURN_ORDER.phases[1:-1])
    held: list[Change] = []
    real_chain, real_passed = SkulkHollowController.chain, SkulkHollowController._turn_passed

    def chain(self: SkulkHollowController, changes: list[Change], *args: Any, **kw: Any) -> Any:
        if self.state.active == "hero" and any(c.phase in cleanup for c in changes):
            held[:] = [c for c in changes if c.phase in cleanup]
            changes = [c for c in changes if c.phase not in cleanup]
        return real_chain(self, changes, *args, **kw)

    def passed(self: SkulkHollowController, owed: SkulkOwed, before: Any, after: Any) -> Any:
        if before.active == "guardian" and after.active == "hero" and held:
            owed = replace(owed, held=tuple(held))
            held.clear()
        return real_passed(self, owed, before, after)

    monkeypatch.setattr(SkulkHollowController, "chain", chain)
    monkeypatch.setattr(SkulkHollowController, "_turn_passed", passed)
    found = check(
        "skulk_hollow", K.Config(guardian="grak"), tmp_path, reopen=10_000, first_only=False
    )
    assert any("told after 'The Guardian" in problem for problem in found), found


def test_p4_the_future_drawn_from_the_state_after_the_whole_move_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The screen drawing the game's own places while a chain is told."""
    assert check("skoventyr", S.Config(), tmp_path / "today", first_only=False) == set()

    def whole_move(self: SkoventyrController) -> Any:
        return plain_places(S.table_places(self.state))

    monkeypatch.setattr(SkoventyrController, "table", whole_move)
    found = check("skoventyr", S.Config(), tmp_path / "p4")
    assert any(problem.startswith("drawn otherwise") for problem in found), found


def test_a_half_made_move_drawn_ahead_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move of several steps (cards put under the deck one at a time, a called card's
    cost) drawn from the game's own places before it is whole: the Future closed up and
    the called card taken while the people have done neither. The screen alone draws it
    so: what is told afterwards starts from the table as it is."""
    real = skoventyr_views.skoventyr_view

    def drawn_ahead(control: SkoventyrController) -> Any:
        if control.owed.run_start < 0 or control.telling.active:
            return real(control)
        whole = plain_places(S.table_places(control.state))
        with patch.object(control, "table", lambda: whole):
            return real(control)

    monkeypatch.setattr(skoventyr_views, "skoventyr_view", drawn_ahead)
    found = check("skoventyr", S.Config(), tmp_path)
    assert any(problem.startswith("drawn otherwise") for problem in found), found


@pytest.fixture
def nothing_owed_read_back(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """What the table was owed is not read back on opening: a new game deals again."""
    monkeypatch.setattr(play_controller, "read_owed", lambda _kind, _data: None)
    yield


@pytest.mark.usefixtures("nothing_owed_read_back")
def test_p5_the_deal_told_again_on_opening_is_found(tmp_path: Path) -> None:
    found = check("skoventyr", S.Config(), tmp_path, reopen=1)
    assert "opened again, it reads otherwise" in found, found


def test_p5_a_half_made_move_lost_on_opening_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ "Pay the cost, or make a Risky Draw?" asked when the plug is pulled: gone."""
    monkeypatch.setattr(SkoventyrController, "note_entry", lambda self: None)
    found = check("skoventyr", S.Config(), tmp_path)
    assert "opened again, it reads otherwise" in found, found
