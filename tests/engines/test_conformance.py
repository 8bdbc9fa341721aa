"""The engine protocol at run time. mypy checks each engine's signatures against
``GameRules`` where it reads them (engines/conformance.py, and Pig's in
tests/engines/core/pig_conformance.py); this checks that every game on ``engines.GAMES``
has such a line (and its automated side, if any, one of its own), that what it checked are
the engines themselves, and that each has every member of the protocol."""

from __future__ import annotations

from types import ModuleType
from typing import get_origin, get_type_hints

import pytest

import engines
from engines import conformance
from engines.core import GameRules, TurnOrder
from tests.engines.core import pig, pig_conformance

#: The protocol's members: its attributes and its functions (``Config`` among them).
MEMBERS = sorted(
    {*GameRules.__annotations__, *(name for name in vars(GameRules) if not name.startswith("_"))}
)

#: (key, rules module, the module holding its typed line): every listed game, and Pig.
CHECKED = [
    *((game.key, game.rules(), conformance) for game in engines.GAMES),
    ("pig", pig, pig_conformance),
]
#: (key, automated side) of every listed game that has one.
AUTOMATED = [(game.key, game.automated_side()) for game in engines.GAMES if game.automated]


def typed_lines(where: ModuleType, rules: ModuleType) -> list[str]:
    """The names ``where`` declares as a ``GameRules[...]`` and binds to ``rules``."""
    return [
        name
        for name, hint in get_type_hints(where).items()
        if get_origin(hint) is GameRules and getattr(where, name) is rules
    ]


def test_the_protocol_lists_what_the_app_calls() -> None:
    assert {"NAME", "Config", "setup_steps", "manual_edits", "table_changes"} <= set(MEMBERS)


def test_a_game_without_its_line_is_found() -> None:
    assert typed_lines(conformance, pig) == []
    assert typed_lines(pig_conformance, pig) == ["PIG"]


@pytest.mark.parametrize(("key", "rules", "where"), CHECKED, ids=[key for key, *_ in CHECKED])
def test_each_game_is_held_to_the_protocol_by_mypy(
    key: str, rules: ModuleType, where: ModuleType
) -> None:
    assert typed_lines(where, rules), (
        f"{key}: no line in {where.__name__} holds it to GameRules "
        "(docs/adding-a-game.md), so mypy does not check its functions"
    )


@pytest.mark.parametrize(("key", "side"), AUTOMATED, ids=[key for key, _ in AUTOMATED])
def test_each_automated_side_is_held_to_its_type_by_mypy(key: str, side: object) -> None:
    typed = [name for name in get_type_hints(conformance) if getattr(conformance, name) is side]
    assert typed, (
        f"{key}: no line in engines.conformance holds its automated side to "
        "AutomatedSide, so mypy does not check it"
    )


@pytest.mark.parametrize(("key", "rules", "where"), CHECKED, ids=[key for key, *_ in CHECKED])
def test_each_game_has_every_member_of_the_protocol(
    key: str, rules: ModuleType, where: ModuleType
) -> None:
    assert key == rules.NAME
    missing = [name for name in MEMBERS if not hasattr(rules, name)]
    assert missing == []
    attributes = set(GameRules.__annotations__)  # NAME, TURN_ORDER: data, not functions
    assert all(callable(getattr(rules, name)) for name in MEMBERS if name not in attributes)
    assert isinstance(rules.TURN_ORDER, TurnOrder) and rules.TURN_ORDER.phases
