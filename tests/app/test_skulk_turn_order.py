"""The table is told a Skulk Hollow round in the rulebook's order (review 2026-12-06,
P6): the hero's Main Phase, its Cleanup (ALLOCATE POWER, then REFILL HAND), then the
guardian's turn (``K.TURN_ORDER``). Whole seeded games through the controller the
screen uses, every instruction told read with its phase."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.play.play_session import PlaySession
from app.skulk_hollow.autoplay import SkulkHollowPlayer
from app.skulk_hollow.controller import SkulkHollowController
from app.storage.store import Store
from engines import skulk_hollow as K


def told(tmp_path: Path, config: K.Config, seed: int) -> list[tuple[int, str, str]]:
    """Every instruction of a whole seeded game as it is told: (round, phase, words)."""
    store = Store.open(tmp_path / f"tableside-{seed}.db")
    control = SkulkHollowController(K, PlaySession.start(store, K, config, seed, ["Ana"]))
    player = SkulkHollowPlayer(seed)
    said: list[tuple[int, str, str]] = []
    for _ in range(20_000):
        current = control.telling.current
        if current is not None:
            said.append((K.progress(control.state).number, current.phase, current.words))
        if not player.step(control):
            return said
    raise AssertionError("the game did not end")


def out_of_order(said: list[tuple[int, str, str]]) -> list[str]:
    """Each instruction told after one of a later phase of the same round."""
    wrong = []
    latest: tuple[int, int, str] = (0, -1, "")
    for number, phase, words in said:
        rank = K.TURN_ORDER.rank(phase)
        if number == latest[0] and rank < latest[1]:
            wrong.append(f"round {number}: {words!r} ({phase}) after {latest[2]!r}")
        if number != latest[0] or rank > latest[1]:
            latest = (number, rank, words)
    return wrong


@pytest.mark.parametrize(
    "guardian, seed", [("grak", 1), ("tanthos", 2), ("apoda", 3), ("raptra", 4)]
)
def test_a_whole_game_is_told_in_the_rulebooks_order(
    tmp_path: Path, guardian: str, seed: int
) -> None:
    config = K.Config(guardian=guardian, level="easy", foxen_deck="app")
    said = told(tmp_path, config, seed)
    phases = {phase for _n, phase, _w in said}
    assert {K.TURN_ORDER.phases[0], K.TURN_ORDER.phases[2], K.TURN_ORDER.phases[3]} <= phases
    assert out_of_order(said) == []


def test_the_hero_refills_before_the_guardian_plays(tmp_path: Path) -> None:
    """With a Foxen deck at the table: "Refill your hand" ends the hero's own turn."""
    config = K.Config(guardian="grak", level="normal", foxen_deck="table")
    said = told(tmp_path, config, 5)
    refills = [i for i, (_n, _p, words) in enumerate(said) if words.startswith("Refill your hand")]
    assert refills
    for index in refills:
        later = said[index + 1 :]
        following = next((p for n, p, _w in later if n == said[index][0]), None)
        assert following in (None, K.TURN_ORDER.phases[3])  # the guardian's turn, or none
    assert out_of_order(said) == []


def test_the_turn_order_names_its_source() -> None:
    assert "Turn Structure" in K.TURN_ORDER.source
    assert K.TURN_ORDER.phases == (
        "Main Phase",
        "Cleanup Phase: ALLOCATE POWER",
        "Cleanup Phase: REFILL HAND",
        "The Guardian Turn",
    )
