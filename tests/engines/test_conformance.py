"""The engine protocol at run time. mypy checks each engine's signatures against
``GameRules`` where it reads them (engines/conformance.py, and Pig's in
tests/engines/core/pig_conformance.py); this checks that what it checked are the engines
themselves, each with every member of the protocol."""

import pytest

from engines import chickwood, conformance, skogen, skoventyr, skulk_hollow
from engines.core import GameRules
from tests.engines.core import pig, pig_conformance

#: The protocol's members: its one attribute and its functions (``Config`` among them).
MEMBERS = sorted(
    {*GameRules.__annotations__, *(name for name in vars(GameRules) if not name.startswith("_"))}
)

CHECKED = [
    (conformance.SKOVENTYR, skoventyr),
    (conformance.SKULK_HOLLOW, skulk_hollow),
    (conformance.CHICKWOOD, chickwood),
    (conformance.SKOGEN, skogen),
    (pig_conformance.PIG, pig),
]


def test_the_protocol_lists_what_the_app_calls() -> None:
    assert {"NAME", "Config", "setup_steps", "manual_edits", "table_changes"} <= set(MEMBERS)


@pytest.mark.parametrize(("checked", "module"), CHECKED, ids=lambda c: getattr(c, "NAME", ""))
def test_each_game_has_every_member_of_the_protocol(checked: object, module: object) -> None:
    assert checked is module
    missing = [name for name in MEMBERS if not hasattr(module, name)]
    assert missing == []
    assert all(callable(getattr(module, name)) for name in MEMBERS if name != "NAME")
