"""The app uses each engine only through its public face: ``from engines.<game> import Name``
with ``Name`` in that package's ``__all__`` (``engines.core`` likewise, and ``engines``
itself, the list of games), never a module inside it, so that an engine may rearrange its
modules without breaking the app.

A game's bots are a face of their own, ``engines.<game>.bots``: they are built on the game's
face (which therefore cannot hold them), and Skoventyr's read a data file as they load,
which the app does only off the UI thread.

The app's files are parsed, never imported (no window).
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

import engines

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ROOT / "engines"
#: Each listed game's package (its rules module).
PACKAGES = [game.package for game in engines.GAMES]
FACES = {
    "engines",  # the list of games
    "engines.core",
    *PACKAGES,
    *(f"{package}.bots" for package in PACKAGES if importlib.util.find_spec(f"{package}.bots")),
}


def exported(face: str) -> set[str]:
    names: list[str] = importlib.import_module(face).__all__
    return set(names)


def wrong_imports(source: str, where: str) -> list[str]:
    """Each import in ``source`` that goes past a face, and each name taken from a face
    (by import, or as an attribute of the face imported whole) that it does not list."""
    tree = ast.parse(source, where)
    found: list[tuple[int, str]] = []
    whole: dict[str, str] = {}  # a local name -> the face imported whole under it
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("engines.") and alias.name not in FACES:
                    found.append((node.lineno, f"import {alias.name}"))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engines"):
            module = node.module or ""
            for alias in node.names:
                if module == "engines" and f"engines.{alias.name}" in FACES:
                    whole[alias.asname or alias.name] = f"engines.{alias.name}"
                elif module in FACES and alias.name in exported(module):
                    continue
                else:
                    found.append((node.lineno, f"from {module} import {alias.name}"))
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in whole
            and node.attr not in exported(whole[node.value.id])
        ):
            found.append((node.lineno, f"{whole[node.value.id]}.{node.attr}"))
    return [f"{where}:{line}: {what}" for line, what in sorted(found)]


def test_the_faces_are_the_listed_games_and_their_bots() -> None:
    on_disk = {p.parent.name for p in ENGINES.glob("*/__init__.py")} - {"core"}
    # A game package left off engines.GAMES would have no face: the app could not use it.
    assert {f"engines.{name}" for name in on_disk} <= set(PACKAGES)
    bots = {f"engines.{p.parent.parent.name}.bots" for p in ENGINES.glob("*/bots/__init__.py")}
    assert bots and bots == {face for face in FACES if face.endswith(".bots")}


def test_an_import_past_a_face_is_found() -> None:
    source = (
        "from engines.chickwood.loot import describe\n"
        "from engines import chickwood as C, skogen\n"
        "import engines.skogen.ledger\n"
        "C.loot.describe, C.apply, skogen.ledger\n"
        "from engines.core import Session\n"
    )
    assert wrong_imports(source, "x.py") == [
        "x.py:1: from engines.chickwood.loot import describe",
        "x.py:3: import engines.skogen.ledger",
        "x.py:4: engines.chickwood.loot",
        "x.py:4: engines.skogen.ledger",
    ]


def test_the_app_imports_only_from_the_engines_faces() -> None:
    found = [
        line
        for path in sorted((ROOT / "app").rglob("*.py"))
        for line in wrong_imports(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert found == [], "\n".join(["imports past an engine's face:", *found])
