"""The games are listed once per layer: engines.GAMES and app.games.GAMES. Anywhere else, a
tuple, list, set or dict that names two or more games by key is a second list that a new
game would have to be added to, and that fails quietly when it is not (a co-op game
exported as competitive, statistics drawn as scored). This test finds them in every
Python and kv file of the repository, tests included. Not counted: the expected value of
an ``assert``, and a table of one test's fixtures for the games it is about, marked
``# not a game list`` where it begins."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import engines

ROOT = Path(__file__).resolve().parents[1]
#: The two lists themselves.
REGISTRIES = {ROOT / "engines" / "__init__.py", ROOT / "app" / "games.py"}
KEYS = set(engines.game_keys())


def _keys_in(node: ast.AST) -> set[str]:
    """The game keys a display names directly: its elements, or a dict's keys."""
    items = node.keys if isinstance(node, ast.Dict) else getattr(node, "elts", [])
    return {
        item.value
        for item in items
        if isinstance(item, ast.Constant) and isinstance(item.value, str) and item.value in KEYS
    }


def lists_of_games(source: str) -> list[int]:
    """The lines where a tuple, list, set or dict of two or more game keys begins."""
    tree = ast.parse(source)
    expected = {
        id(node)
        for check in ast.walk(tree)
        if isinstance(check, ast.Assert)
        for node in ast.walk(check)
    }
    lines = source.splitlines()
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Tuple | ast.List | ast.Set | ast.Dict)
        and len(_keys_in(node)) >= 2
        and id(node) not in expected
        and "# not a game list" not in lines[node.lineno - 1]
    ]


def test_the_check_finds_a_list_of_games() -> None:
    assert lists_of_games('GAMES = ("skoventyr", "skogen")\n') == [1]
    assert lists_of_games('TABLES = {\n "chickwood": 1,\n "skulk_hollow": 2}\n') == [1]
    assert lists_of_games('ONE = ("skoventyr", 3)\n') == []
    assert lists_of_games('assert played == {"skoventyr": 1, "skogen": 2}\n') == []


def test_no_list_of_games_outside_the_two_registries() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        if ".venv" in path.parts or path in REGISTRIES:
            continue
        found += [f"{path.relative_to(ROOT)}:{line}" for line in lists_of_games(path.read_text())]
    kv_list = re.compile(
        r"[\[({]\s*['\"]("
        + "|".join(KEYS)
        + r")['\"]\s*[,:][^\])}]*['\"]("
        + "|".join(KEYS)
        + r")['\"]"
    )
    for path in sorted(ROOT.rglob("*.kv")):
        if kv_list.search(path.read_text()):
            found.append(str(path.relative_to(ROOT)))
    assert found == [], "lists of games outside engines.GAMES and app.games.GAMES"
