"""Every install takes the same libraries (issue 54, item 5): deploy/constraints.txt, made
by uv from pyproject.toml for every Python and machine the app runs on, pins a version of
each requirement within its range; ./tableside, deploy/install.sh and CI's Python 3.13
run install with it; the test tools are bounded above."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
CONSTRAINTS = ROOT / "deploy" / "constraints.txt"

#: (Python, machine) pairs the app is installed on: Bookworm and Trixie, Pi and PC.
TARGETS = [(python, machine) for python in ("3.11", "3.13") for machine in ("aarch64", "x86_64")]


def requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [*project["dependencies"], *project["optional-dependencies"]["test"]]
    return [Requirement(line) for line in wanted]


def pins() -> list[tuple[Requirement, Marker | None]]:
    pinned = []
    for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            requirement = Requirement(line)
            pinned.append((requirement, requirement.marker))
    return pinned


def environment(python: str, machine: str) -> dict[str, str]:
    return {
        "python_version": python,
        "python_full_version": f"{python}.0",
        "platform_machine": machine,
        "sys_platform": "linux",
        "platform_system": "Linux",
        "os_name": "posix",
        "implementation_name": "cpython",
        "platform_python_implementation": "CPython",
        "extra": "test",
    }


def test_each_requirement_is_pinned_within_its_range_on_every_target() -> None:
    for python, machine in TARGETS:
        env = environment(python, machine)
        pinned = {
            canonicalize_name(req.name): req
            for req, marker in pins()
            if marker is None or marker.evaluate(env)
        }
        for wanted in requirements():
            if wanted.marker is not None and not wanted.marker.evaluate(env):
                continue
            pin = pinned.get(canonicalize_name(wanted.name))
            assert pin is not None, f"{wanted.name} is not pinned for Python {python} {machine}"
            [spec] = pin.specifier  # one exact version
            assert spec.operator == "==", pin
            assert wanted.specifier.contains(spec.version, prereleases=True), (wanted, pin)


def test_the_pins_name_exact_versions_and_the_command_that_makes_them() -> None:
    text = CONSTRAINTS.read_text(encoding="utf-8")
    assert "uv pip compile pyproject.toml --extra test --universal" in text
    for req, _marker in pins():
        assert [spec.operator for spec in req.specifier] == ["=="], req


def test_the_test_tools_are_bounded_above() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for line in project["optional-dependencies"]["test"]:
        assert any(spec.operator in ("<", "<=", "~=") for spec in Requirement(line).specifier), line


def test_every_installer_installs_with_the_pins() -> None:
    for script in ("tableside", "deploy/install.sh", ".ci/run"):
        text = (ROOT / script).read_text(encoding="utf-8")
        assert re.search(r"pip\"? install .*\n?.*--constraint \S*deploy/constraints\.txt", text), (
            script
        )
        # A changed pin installs again, as a changed pyproject.toml does.
        stamp = r"cat \S*pyproject\.toml\S* \S*deploy/constraints\.txt\S* \| sha256sum"
        assert re.search(stamp, text), script
