"""The advisor's weights ship as a data file that is checked as it is read."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from engines.skoventyr.bots import expert, fit, fit_moves, policy, record, value
from engines.skoventyr.bots.move_features import for_modules
from engines.skoventyr.bots.sim import Sim
from engines.skoventyr.bots.weights import (
    DATA_FILE,
    AdvisorDataError,
    load_table,
    parse_table,
    write_weights,
)
from engines.skoventyr.config import Config
from engines.skoventyr.rules import new_game, view


@contextmanager
def advisor_restored() -> Iterator[None]:
    """The advisor's weights in this process put back after a fit run in it."""
    saved = dict(policy.W), dict(policy.MOVES), dict(value.MODULE_WEIGHTS)
    try:
        yield
    finally:
        policy.W.update(saved[0])
        policy.set_corrections(saved[1])
        value.set_module_weights(saved[2])


def test_the_shipped_weights_load_and_are_the_ones_in_use() -> None:
    assert load_table("policy", policy.NAMES) == policy.W
    assert tuple(load_table("value", value.NAMES).values()) == value.WEIGHTS
    for setup in value.SETUPS:
        table = load_table(f"value_{setup}", value.NAMES + value.MODULE_NAMES)
        assert tuple(table.values()) == value.MODULE_WEIGHTS[setup]
    assert len(value.WEIGHTS) == len(value.NAMES) and set(policy.W) == set(policy.NAMES)
    # The header says how the file is made again.
    assert "python -m engines.skoventyr.bots.fit" in DATA_FILE.read_text(encoding="utf-8")


def test_written_weights_read_back_the_same(tmp_path: Path) -> None:
    path = tmp_path / "advisor.toml"
    tables = {"policy": {"a": 1.5, "b": -2e-06}, "value": {"minions left (share)": 0.25}}
    write_weights(path, tables, "made by a test\non two lines")
    assert load_table("policy", ["a", "b"], path) == tables["policy"]
    assert load_table("value", ["minions left (share)"], path) == tables["value"]
    assert path.read_text(encoding="utf-8").startswith("# made by a test\n# on two lines\n")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[value]\na = 1\n", r"\[policy\] is missing"),
        ("[policy]\na = 1\n", r"no weight for 'b'"),
        ("[policy]\na = 1\nb = 2\nc = 3\n", r"unknown weight\(s\) 'c'"),
        ('[policy]\na = 1\nb = "two"\n', r"'b' is 'two', not a number"),
        ("[policy]\na = 1\nb = true\n", r"'b' is True, not a number"),
        ("[policy]\na = 1\nb = nan\n", r"'b' is nan, not a number"),
        ("[policy]\na = 1\nb = \n", r"data/advisor.toml is damaged"),
    ],
)
def test_a_bad_file_says_what_is_wrong(text: str, problem: str) -> None:
    with pytest.raises(AdvisorDataError, match=problem):
        parse_table(text, "policy", ["a", "b"])


@pytest.mark.long
def test_one_command_makes_the_whole_file_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(record, "ROUNDS", 4)
    # Each judgement of the search better than the one before: every round is kept.
    judged = iter(range(100))
    monkeypatch.setattr(expert, "judge", lambda *_: (next(judged), 0))
    monkeypatch.setattr(fit_moves, "MIN_SEEN", 2)
    out = tmp_path / "advisor.toml"
    args = ["--games", "4", "--sweeps", "0", "--record-games", "2", "--rounds", "1"]
    args += ["--module-record-games", "3", "--expert-rounds", "2", "--expert-games", "2"]
    args += ["--judge-games", "1", "--value-games", "4", "--jobs", "1", "--out", str(out)]
    with advisor_restored():
        assert fit.main(args) == 0
    text = out.read_text(encoding="utf-8")
    assert "python -m engines.skoventyr.bots.fit --games 4" in text
    assert load_table("start", policy.NAMES, out) == load_table("start", policy.NAMES)
    assert load_table("policy", policy.NAMES, out) == load_table("start", policy.NAMES)
    moves = load_table("moves", None, out)
    # Corrections were fitted, for standard games and for module games.
    assert any(not for_modules(name) for name in moves)
    assert any(for_modules(name) for name in moves)
    assert len(load_table("value", value.NAMES, out)) == len(value.NAMES)
    standard = list(load_table("value", value.NAMES, out).values())
    for setup in value.SETUPS:
        table = load_table(f"value_{setup}", value.NAMES + value.MODULE_NAMES, out)
        # Fitted on the set-up's own games, from the standard value.
        assert list(table.values()) != [*standard, 0.0, 0.0, 0.0, 0.0]
    printed = capsys.readouterr().out
    assert "value:" in printed
    assert "first corrections:" in printed
    # Each module set-up had its rounds, judged by the search.
    for setup in value.SETUPS:
        assert f"round 1 (corrections), {setup}:" in printed
        assert f"round 2 (value), {setup}:" in printed


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(AdvisorDataError, match=r"advisor\.toml is missing"):
        load_table("policy", ["a"], tmp_path / "advisor.toml")


def test_a_standard_game_never_reads_the_module_weights() -> None:
    """``--modules-only`` rests on this: the modules' weights change no standard game."""

    def moves_played(seeds: range) -> list[object]:
        played: list[object] = []
        for seed in seeds:
            sim = Sim.from_state(view(new_game(Config(), seed), "player1"), random.Random(seed))
            while not sim.ended:
                move = policy.best(sim, sim.options())
                played.append(move)
                sim.play(move)
        return played

    as_shipped = moves_played(range(40))
    saved = dict(policy.W)
    try:
        policy.W.update({name: 1e6 * (-1) ** i for i, name in enumerate(policy.MODULE_NAMES)})
        assert moves_played(range(40)) == as_shipped
        policy.W.update({name: saved[name] for name in policy.MODULE_NAMES})
        policy.W["call"] += 1e6  # the check itself can fail: a shared weight changes play
        assert moves_played(range(40)) != as_shipped
    finally:
        policy.W.update(saved)


def test_modules_only_tunes_the_module_weights_and_keeps_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(record, "ROUNDS", 4)  # a short search: what is kept is checked
    monkeypatch.setattr(expert, "JUDGE_ROLLOUTS", 2)
    out = tmp_path / "advisor.toml"
    args = ["--modules-only", "--games", "6", "--sweeps", "1", "--module-record-games", "3"]
    args += ["--expert-rounds", "1", "--expert-games", "2", "--judge-games", "1", "--jobs", "1"]
    with advisor_restored():
        assert fit.main([*args, "--out", str(out)]) == 0
    for table in ("start", "value"):
        assert load_table(table, None, out) == load_table(table, None)
    # The standard games' corrections are kept; the modules' own are made afresh.
    written = load_table("moves", None, out)
    standard = {n: w for n, w in load_table("moves", None).items() if not for_modules(n)}
    assert {n: w for n, w in written.items() if not for_modules(n)} == standard
    shipped, tuned = load_table("policy", policy.NAMES), load_table("policy", policy.NAMES, out)
    assert {name for name in policy.NAMES if tuned[name] != shipped[name]} <= set(
        policy.MODULE_NAMES
    )
    # The header names the whole run that writes the same file (wherever it is written).
    made_by = "fit --games 6 --sweeps 1 --module-record-games 3 --expert-rounds 1"
    made_by += " --expert-games 2 --judge-games 1 --jobs 1\n"
    assert made_by in out.read_text(encoding="utf-8")
