"""Helpers for the deploy tests: run deploy/install.sh against a temporary prefix.

The installer copies the app from the folder it lives in. The tests run a copy of the
repository taken once per session (``source()``), so that someone editing app/ while
the tests run cannot make an "a second run changes nothing" test fail.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
INSTALL_SH = DEPLOY / "install.sh"

Snapshot = dict[str, tuple[str, int, str]]


def run_python(
    code: str, *args: str, env: dict[str, str], cwd: Path = REPO, timeout: int = 60
) -> str:
    """What ``code`` prints, run by this Python in a fresh process (it must succeed)."""
    result = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=timeout,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


@cache
def source() -> Path:
    """A copy of the parts of the repository that install.sh copies to /opt/tableside."""
    root = Path(tempfile.mkdtemp(prefix="tableside-src-"))
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for part in ("app", "engines", "hardware", "kv", "deploy"):
        shutil.copytree(REPO / part, root / part, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, root / name)
    return root


def run_install(
    prefix: Path,
    *args: str,
    offline: bool = True,
    check: bool = True,
    path_first: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run install.sh with --prefix; offline skips apt, useradd, systemctl and pip.
    path_first: a folder searched before $PATH (stand-in commands such as systemctl)."""
    env = {k: v for k, v in os.environ.items() if k != "TABLESIDE_INSTALL_OFFLINE"}
    if offline:
        env["TABLESIDE_INSTALL_OFFLINE"] = "1"
    if path_first is not None:
        env["PATH"] = f"{path_first}{os.pathsep}{env.get('PATH', '')}"
    result = subprocess.run(
        ["bash", str(source() / "deploy" / "install.sh"), "--prefix", str(prefix), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def snapshot(root: Path) -> Snapshot:
    """Every path under root: (kind, mtime in ns, content hash, mode or link target)."""
    found: Snapshot = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            rel = str(path.relative_to(root))
            stat = path.lstat()
            if path.is_symlink():
                found[rel] = ("link", stat.st_mtime_ns, os.readlink(path))
            elif path.is_dir():
                found[rel] = ("dir", stat.st_mtime_ns, oct(stat.st_mode))
            else:
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
                found[rel] = ("file", stat.st_mtime_ns, f"{oct(stat.st_mode)} {digest}")
    return found
