"""deploy/install.sh byte-compiles the installed copy: the service user cannot write
__pycache__ in /opt/tableside, so without it every start would compile the app again.
The start of the installed copy itself is timed by ``python -m app.tools.bench --installed``."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.deploy.support import REPO, run_install, run_python, source

CODE = ("app", "engines", "hardware")

# Imports a good part of the app without opening a window, then prints the Tableside
# modules that had no bytecode (with PYTHONDONTWRITEBYTECODE, compiling leaves none).
IMPORT_PROBE = """
import app.storage.store, app.exchange, app.play.play_session, engines.skoventyr, hardware
from app.tools.bench import compiled_from_source
print("\\n".join(compiled_from_source()))
"""


@pytest.fixture(scope="module")
def release(tmp_path_factory: pytest.TempPathFactory) -> Path:
    prefix = tmp_path_factory.mktemp("root")
    run_install(prefix)
    return prefix / "opt/tableside"


def compiled_on_import(folder: Path) -> list[str]:
    """Modules of the copy in folder compiled from source, as its service would import
    them (unable to write bytecode)."""
    env = dict(os.environ, PYTHONPATH=str(folder), PYTHONDONTWRITEBYTECODE="1")
    env.update(TABLESIDE_GPIO="mock", KIVY_NO_ARGS="1", KIVY_NO_FILELOG="1")
    return run_python(IMPORT_PROBE, env=env, cwd=folder, timeout=120).split()


def test_every_module_has_current_bytecode(release: Path) -> None:
    sources = [path for part in CODE for path in (release / part).rglob("*.py")]
    assert len(sources) > 20
    for path in sources:
        cached = Path(importlib.util.cache_from_source(str(path)))
        assert cached.is_file(), path
        # The header records the source's mtime and size: Python uses it only if they match.
        header = cached.read_bytes()[:16]
        stat = path.stat()
        assert int.from_bytes(header[8:12], "little") == int(stat.st_mtime) & 0xFFFFFFFF, path
        assert int.from_bytes(header[12:16], "little") == stat.st_size & 0xFFFFFFFF, path


def test_the_installed_copy_imports_without_compiling(release: Path) -> None:
    assert compiled_on_import(release) == []


def test_a_copy_without_bytecode_would_compile(tmp_path: Path) -> None:
    """What the test above rules out: the source copy has no __pycache__."""
    copy = tmp_path / "copy"
    shutil.copytree(source(), copy)
    compiled = compiled_on_import(copy)
    assert {"app.storage.store", "engines.skoventyr", "hardware"} <= set(compiled)


@pytest.mark.skipif(
    not os.environ.get("DISPLAY") and shutil.which("xvfb-run") is None,
    reason="the first frame needs a display or xvfb-run",
)
def test_bench_times_the_first_frame_of_the_installed_copy(release: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "app.tools.bench", "--installed", str(release), "--repeat", "1"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    figures = dict(pair.split("=") for pair in result.stdout.splitlines()[-1].split())
    assert 0 < float(figures["installed_start_s"]) < 60
    assert figures["installed_compiled"] == "0"
