"""Skulk Hollow's words at the end and at a turn's edge (review 2026-12-06, P13): the end
names the winner and why; History counts relics properly; while the hero's Cleanup is
told the header still says it is the hero's turn."""

from __future__ import annotations

from pathlib import Path

from app.play.play_session import PlaySession
from app.skulk_hollow.autoplay import SkulkHollowPlayer
from app.skulk_hollow.controller import SkulkHollowController
from app.skulk_hollow.options import summary
from app.skulk_hollow.view import skulk_view
from app.storage.store import Store
from engines import skulk_hollow as K


def start(tmp_path: Path, config: K.Config, seed: int) -> SkulkHollowController:
    store = Store.open(tmp_path / "tableside.db")
    return SkulkHollowController(K, PlaySession.start(store, K, config, seed, ["Ana"]))


def test_the_end_names_the_winner_and_why(tmp_path: Path) -> None:
    control = start(tmp_path, K.Config(guardian="tanthos", level="easy"), 3)
    player = SkulkHollowPlayer(3)
    while player.step(control):
        pass
    outcome = K.outcome(control.state)
    assert outcome is not None
    view = skulk_view(control)
    winner = "you won" if outcome.result == "won" else "Tanthos wins"
    assert view.status == f"Game over \u00b7 {winner}"
    assert view.prompt == outcome.reason and outcome.reason.endswith(("win.", "wins."))
    assert view.over


def test_history_counts_one_relic_as_one() -> None:
    assert summary(K.Config(hero_relics=1).to_dict()).endswith(", 1 relic for you")
    assert summary(K.Config(guardian_relics=1).to_dict()).endswith(", 1 relic for the guardian")
    assert summary(K.Config(hero_relics=2).to_dict()).endswith(", 2 relics for you")


def test_the_header_says_the_heros_turn_while_its_cleanup_is_told(tmp_path: Path) -> None:
    control = start(tmp_path, K.Config(guardian="grak"), 4)
    control.pick(("verb", "end"))
    assert control.state.active == "guardian" and control.telling.active
    assert skulk_view(control).status == "Your turn \u00b7 clean-up"
    while control.telling.active:
        control.done()
    assert skulk_view(control).status.startswith("Grak's turn")
