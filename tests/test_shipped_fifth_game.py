"""A fifth game shipped with Tableside changes three existing files (docs/adding-a-game.md).

In a copy of the repository, Pebbles (the test-only game in tests/fifth_game) is installed
as a shipped game: its engine in ``engines/pebbles/`` (a package with a face and a data
file) and its screens in ``app/pebbles/``, listed in ``engines/__init__.py`` and
``app/games.py`` and held to the protocol in ``engines/conformance.py``. No other existing
file may change. The copy's own checks then take the fifth game up: the engine faces, the
one game list, conformance (and mypy on it), the cross-engine tests, and the packaging.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIFTH = ROOT / "tests" / "fifth_game"
#: The existing files a new game changes: its entry on each list, and its typed line.
LISTS = {"engines/__init__.py", "app/games.py", "engines/conformance.py"}
#: The copy's tests that go through every listed game, run whole; each file named in
#: ``PEBBLES_RUN`` must have run a case of Pebbles' own.
TESTS = [
    "tests/test_engine_faces.py",
    "tests/test_one_game_list.py",
    "tests/engines/test_conformance.py",
    "tests/engines/test_automated_sides.py",
    "tests/engines/test_table_changes.py",
    "tests/engines/test_progress.py",
    "tests/reliability/test_fuzz.py",
    "tests/app/test_undo_after_the_end.py",
]
#: Slow ones (seconds a game): only Pebbles' cases; the others are the real repository's.
PEBBLES_ONLY = ["tests/reliability/test_power_cut.py"]
PEBBLES_RUN = {
    "test_conformance",
    "test_table_changes",
    "test_progress",
    "test_fuzz",
    "test_undo_after_the_end",
    "test_power_cut",
}
DATA = """\
# Pebbles' set-up guide: each step's title and words ({pile}: the pebbles in the pile).
[[step]]
title = "Make the pile"
words = "Count {pile} pebbles into a pile between you."
"""
SETUP = '''\
"""Pebbles' set-up guide, its words read from data/setup.toml as the package loads."""

from __future__ import annotations

from pathlib import Path

from engines.core import SetupStep
from engines.core.data_files import read_toml
from engines.pebbles.rules import Config


class PebblesDataError(ValueError):
    pass


STEPS = read_toml(Path(__file__).parent / "data" / "setup.toml", PebblesDataError)["step"]


def setup_steps(config: Config | None = None) -> list[SetupStep]:
    pile = (config or Config()).pile
    return [SetupStep(step["title"], step["words"].format(pile=pile)) for step in STEPS]
'''
ENGINE_ENTRY = '    EngineEntry("pebbles", cooperative=False, players=(2, 4)),\n'
GAME_ENTRY = """\
    GameInfo(
        "pebbles",
        "Pebbles",
        "Take the last pebble",
        form_path="app.pebbles.options:FORM",
        play_screen="app.pebbles.play_screen:PebblesPlayScreen",
        summary_path="app.pebbles.options:summary",
        accent=(0.800, 0.700, 0.450, 1),
    ),
"""


def copy_repository(copy: Path) -> None:
    """The repository's files, as they are now (new files not yet added among them)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        if (ROOT / name).is_file():  # a file deleted but not yet committed is left out
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)


def contents(root: Path) -> dict[str, bytes]:
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in root.rglob("*")
        if path.is_file()
    }


def names_defined(node: ast.stmt) -> set[str]:
    if isinstance(node, ast.FunctionDef | ast.ClassDef):
        return {node.name}
    targets = node.targets if isinstance(node, ast.Assign) else []
    if isinstance(node, ast.AnnAssign):
        targets = [node.target]
    return {target.id for target in targets if isinstance(target, ast.Name)}


def module_of(source: str, names: set[str], docstring: str) -> str:
    """A module holding the top-level definitions ``names`` of ``source``, as written
    there, with the imports they use."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    kept = [node for node in tree.body if names_defined(node) & names]
    assert set().union(*map(names_defined, kept)) == names, f"not all of {names} found"
    used = {n.id for node in kept for n in ast.walk(node) if isinstance(n, ast.Name)}
    imports = [
        node
        for node in tree.body
        if isinstance(node, ast.Import | ast.ImportFrom)
        and (
            (isinstance(node, ast.ImportFrom) and node.module == "__future__")
            or {(a.asname or a.name).split(".")[0] for a in node.names} & used
        )
    ]

    def text(node: ast.stmt) -> str:
        decorators = getattr(node, "decorator_list", [])
        start = decorators[0].lineno if decorators else node.lineno
        return "".join(lines[start - 1 : node.end_lineno])

    body = "".join(map(text, imports)) + "\n\n" + "\n\n".join(map(text, kept))
    return f'"""{docstring}"""\n\n{body}'


def insert_in_list(path: Path, name: str, entry: str) -> None:
    """``entry`` added at the end of the module-level list ``name`` in ``path``."""
    source = path.read_text()
    [node] = [
        n
        for n in ast.parse(source).body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.target.id == name
    ]
    assert node.end_lineno is not None
    lines = source.splitlines(keepends=True)
    closing = node.end_lineno - 1  # the line of the list's "]"
    path.write_text("".join([*lines[:closing], entry, *lines[closing:]]))


def install_pebbles(copy: Path) -> None:
    """Pebbles as a shipped game: two new packages, and an entry in each of three files."""
    engine = copy / "engines" / "pebbles"
    (engine / "data").mkdir(parents=True)
    rules = (FIFTH / "rules.py").read_text()
    (engine / "rules.py").write_text(rules)
    (engine / "setup.py").write_text(SETUP)
    (engine / "data" / "setup.toml").write_text(DATA)
    # The face: everything the rules define, with the set-up read from its data file.
    public = sorted(
        name
        for node in ast.parse(rules).body
        for name in names_defined(node)
        if name != "setup_steps" and not name.startswith("_")
    )
    (engine / "__init__.py").write_text(
        '"""Pebbles: take one or two; whoever takes the last pebble wins."""\n\n'
        f"from engines.pebbles.rules import {', '.join(public)}\n"
        "from engines.pebbles.setup import setup_steps\n\n"
        f"__all__ = {sorted([*public, 'setup_steps'])!r}\n"
    )

    screens = (FIFTH / "screens.py").read_text()
    old = "from tests.fifth_game import rules as P\n"
    assert old in screens
    screens = screens.replace(old, "from engines import pebbles as P\n")
    app = copy / "app" / "pebbles"
    app.mkdir()
    (app / "__init__.py").write_text('"""Pebbles\' screens."""\n')
    (app / "options.py").write_text(
        module_of(screens, {"FORM", "summary"}, "Pebbles' new-game form and History summary.")
    )
    (app / "play_screen.py").write_text(
        module_of(screens, {"PebblesPlayScreen"}, "Pebbles' play screen.")
    )

    insert_in_list(copy / "engines" / "__init__.py", "GAMES", ENGINE_ENTRY)
    insert_in_list(copy / "app" / "games.py", "GAMES", GAME_ENTRY)
    [typed] = [
        line
        for line in (FIFTH / "conformance.py").read_text().splitlines()
        if line.startswith("PEBBLES:")
    ]
    conformance = copy / "engines" / "conformance.py"
    tree = ast.parse(conformance.read_text())
    last_import = max(
        n.end_lineno or 0 for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)
    )
    lines = conformance.read_text().splitlines(keepends=True)
    lines.insert(last_import, "from engines import pebbles\n")
    conformance.write_text("".join(lines) + typed + "\n")


def start(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def finish(process: subprocess.Popen[str], what: str) -> str:
    out, _ = process.communicate(timeout=240)
    assert process.returncode == 0, f"{what} failed with Pebbles shipped:\n{out[-6000:]}"
    return out


@pytest.mark.long
def test_a_shipped_fifth_game_changes_three_existing_files(tmp_path: Path) -> None:
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("needs the git checkout, to copy its files")
    copy = tmp_path / "copy"
    copy_repository(copy)
    before = contents(copy)
    install_pebbles(copy)
    after = contents(copy)
    changed = {name for name in before if after.get(name) != before[name]}
    assert changed == LISTS
    added = set(after) - set(before)
    assert added and all(name.startswith(("engines/pebbles/", "app/pebbles/")) for name in added)

    # The copy's code comes first on its own path (python -m, run in the copy).
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "PYTHON"))}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    pytest_run = ["-m", "pytest", "-p", "no:cacheprovider", "-q", "-n", "0"]
    report, report_slow = tmp_path / "tests.xml", tmp_path / "slow.xml"
    built = tmp_path / "built"
    running = {
        "the copy's tests": start([*pytest_run, f"--junitxml={report}", *TESTS], copy, env),
        "the power-cut test": start(
            [*pytest_run, f"--junitxml={report_slow}", "-k", "pebbles", *PEBBLES_ONLY], copy, env
        ),
        "mypy on engines/conformance.py": start(
            ["-m", "mypy", "--cache-dir", str(tmp_path / "mypy"), "engines/conformance.py"],
            copy,
            env,
        ),
        # What a wheel holds of the packages (setuptools' build_py, with the package data).
        "the build": start(
            ["-c", "from setuptools import setup; setup()", "-q", "build_py", "-d", str(built)],
            copy,
            env,
        ),
    }
    for what, process in running.items():
        finish(process, what)

    cases = [
        case.get("classname", "") + "::" + case.get("name", "")
        for xml in (report, report_slow)
        for case in ElementTree.parse(xml).iter("testcase")
    ]
    ran = {case.split("::")[0].rsplit(".", 1)[-1] for case in cases if "pebbles" in case}
    assert ran >= PEBBLES_RUN, f"Pebbles was not taken up by {sorted(PEBBLES_RUN - ran)}"

    data = sorted(p.relative_to(copy).as_posix() for p in copy.glob("engines/*/data/*.toml"))
    assert "engines/pebbles/data/setup.toml" in data
    missing = [name for name in data if not (built / name).is_file()]
    assert missing == [], "data files left out of the package"
    # The built package reads its data file where it was installed.
    read = start(
        ["-c", "import engines.pebbles as p; print(p.__file__); print(p.setup_steps()[0].text)"],
        built,
        env,
    )
    where, words = finish(read, "Pebbles' set-up from the build").splitlines()[-2:]
    assert Path(where).is_relative_to(built)
    assert words == "Count 7 pebbles into a pile between you."
