"""app/kivy_setup.choose_drm_card: under KMS/DRM, SDL is told which DRM card drives the
screen (the panel's DSI connector first, else HDMI), read from /sys/class/drm as a Pi 4
and a Pi 5 show it. On a Pi 5 the DSI panel is a card of its own, and the card numbers
change between boots (libsdl-org/SDL#13705), so both numberings are tried."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.kivy_setup import KMSDRM_DEVICE_INDEX, choose_drm_card, connected_connectors
from tests.deploy.support import run_python

CONSOLE = {"SDL_VIDEODRIVER": "kmsdrm"}  # as deploy/tableside.service sets it

# A board's DRM cards: card number -> its connectors. What is connected is chosen by test.
Cards = dict[int, tuple[str, ...]]
PI4 = {0: (), 1: ("Composite-1", "DSI-1", "HDMI-A-1", "HDMI-A-2", "Writeback-1")}  # v3d, vc4
PI4_VC4_FIRST = {0: ("Composite-1", "DSI-1", "HDMI-A-1", "HDMI-A-2", "Writeback-1"), 1: ()}
PI5 = {0: (), 1: ("DSI-1",), 2: ("HDMI-A-1", "HDMI-A-2", "Writeback-1")}  # v3d, rp1-dsi, vc4
PI5_RENUMBERED = {0: ("HDMI-A-1", "HDMI-A-2", "Writeback-1"), 1: (), 2: ("DSI-1",)}
BOARDS = {"pi4": PI4, "pi4-vc4-first": PI4_VC4_FIRST, "pi5": PI5, "pi5-renumbered": PI5_RENUMBERED}


def drm_tree(root: Path, cards: Cards, connected: set[str]) -> Path:
    """/sys/class/drm as the kernel lays it out: cardN, renderD12x and version beside the
    cardN-<connector> entries, each with its status."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "version").write_text("drm 1.1.0 20060810\n")
    for card, connectors in cards.items():
        (root / f"card{card}").mkdir(parents=True)
        (root / f"renderD{128 + card}").mkdir()
        for connector in connectors:
            entry = root / f"card{card}-{connector}"
            entry.mkdir()
            status = "connected" if connector in connected else "disconnected"
            if connector.startswith("Writeback"):
                status = "unknown"
            (entry / "status").write_text(status + "\n")
    return root


def card_of(cards: Cards, connector: str) -> str:
    return next(str(card) for card, names in cards.items() if connector in names)


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize(
    ("connected", "chosen"),
    [({"DSI-1"}, "DSI-1"), ({"HDMI-A-1"}, "HDMI-A-1"), ({"DSI-1", "HDMI-A-1"}, "DSI-1")],
    ids=["panel only", "hdmi only", "both"],
)
def test_the_panel_first_else_hdmi(
    board: str, connected: set[str], chosen: str, tmp_path: Path
) -> None:
    cards = BOARDS[board]
    environ = dict(CONSOLE)
    said = choose_drm_card(drm_tree(tmp_path, cards, connected), environ)
    assert environ[KMSDRM_DEVICE_INDEX] == card_of(cards, chosen)
    assert said == [
        f"KMS/DRM card {card_of(cards, chosen)} ({chosen}: "
        + ("the panel)" if chosen == "DSI-1" else "an HDMI screen, no panel connected)")
    ]


def test_the_second_hdmi_port_alone(tmp_path: Path) -> None:
    environ = dict(CONSOLE)
    choose_drm_card(drm_tree(tmp_path, PI5, {"HDMI-A-2"}), environ)
    assert environ[KMSDRM_DEVICE_INDEX] == "2"


@pytest.mark.parametrize("board", BOARDS)
def test_nothing_connected_leaves_sdls_choice_and_says_so(board: str, tmp_path: Path) -> None:
    environ = dict(CONSOLE)
    said = choose_drm_card(drm_tree(tmp_path, BOARDS[board], set()), environ)
    assert environ == CONSOLE
    assert said == ["KMS/DRM: no DSI or HDMI screen connected (nothing); SDL chooses the card"]


def test_only_another_kind_connected_is_named(tmp_path: Path) -> None:
    environ = dict(CONSOLE)
    said = choose_drm_card(drm_tree(tmp_path, PI4, {"Composite-1"}), environ)
    assert environ == CONSOLE
    assert said == [
        "KMS/DRM: no DSI or HDMI screen connected (card1-Composite-1); SDL chooses the card"
    ]


@pytest.mark.parametrize(
    "environ",
    [{}, {"DISPLAY": ":0"}, {"WAYLAND_DISPLAY": "wayland-0"}, {"SDL_VIDEODRIVER": "wayland"}],
)
def test_a_desktop_is_left_alone(environ: dict[str, str], tmp_path: Path) -> None:
    before = dict(environ)
    assert choose_drm_card(drm_tree(tmp_path, PI5, {"DSI-1"}), environ) == []
    assert environ == before


def test_the_owners_own_index_is_kept(tmp_path: Path) -> None:
    environ = {**CONSOLE, KMSDRM_DEVICE_INDEX: "0"}
    said = choose_drm_card(drm_tree(tmp_path, PI5, {"DSI-1"}), environ)
    assert environ[KMSDRM_DEVICE_INDEX] == "0"
    assert said == [f"KMS/DRM card 0, as {KMSDRM_DEVICE_INDEX} says"]


def test_a_connector_without_a_status_is_not_connected(tmp_path: Path) -> None:
    root = drm_tree(tmp_path, PI5, {"HDMI-A-1"})
    (root / "card1-DSI-1" / "status").unlink()
    assert connected_connectors(root) == [(2, "HDMI-A-1")]


def test_no_drm_at_all(tmp_path: Path) -> None:
    environ = dict(CONSOLE)
    assert choose_drm_card(tmp_path / "missing", environ) == [
        "KMS/DRM: no DSI or HDMI screen connected (nothing); SDL chooses the card"
    ]
    assert environ == CONSOLE


def test_the_app_start_sets_it_before_sdl_is_loaded_and_logs_it(tmp_path: Path) -> None:
    """app.kivy_setup.configure, as the app calls it, on a Pi 5 with the panel."""
    root = drm_tree(tmp_path / "drm", PI5_RENUMBERED, {"DSI-1", "HDMI-A-1"})
    env = {k: v for k, v in os.environ.items() if k != KMSDRM_DEVICE_INDEX}
    env.update(CONSOLE, KIVY_HOME=str(tmp_path), KIVY_NO_FILELOG="1", KIVY_NO_ARGS="1")
    probe = (
        "import os, sys\n"
        "from pathlib import Path\n"
        "from kivy.logger import Logger\n"
        "import app.kivy_setup as setup\n"
        "setup.SYSFS_DRM = Path(sys.argv[1])\n"
        "said = []\n"
        "Logger.info = lambda form, *args: said.append(form % args)\n"
        "setup.configure()\n"
        "print(os.environ['SDL_KMSDRM_DEVICE_INDEX'])\n"
        "print(any('sdl2' in name for name in sys.modules))\n"
        "print([line for line in said if 'KMS/DRM' in line])\n"
    )
    assert run_python(probe, str(root), env=env).splitlines() == [
        "2",
        "False",
        "['Tableside: KMS/DRM card 2 (DSI-1: the panel)']",
    ]
