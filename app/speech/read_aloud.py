"""Reading aloud's saved settings: whether it is on, and the voice's volume and speed."""

from __future__ import annotations

from typing import Any

ON = "read_aloud"
VOLUME = "read_aloud_volume"
SPEED = "read_aloud_speed"
#: espeak-ng's amplitude (100 its usual, 200 the loudest) and words a minute.
VOLUMES = (50, 75, 100, 125, 150, 175, 200)
SPEEDS = (120, 140, 160, 180, 200)
DEFAULT_VOLUME, DEFAULT_SPEED = 100, 160


def voice(store: Any) -> tuple[int, int]:
    """The volume and speed saved (the defaults for anything unreadable)."""
    volume, speed = store.setting(VOLUME, DEFAULT_VOLUME), store.setting(SPEED, DEFAULT_SPEED)
    return (
        volume if volume in VOLUMES else DEFAULT_VOLUME,
        speed if speed in SPEEDS else DEFAULT_SPEED,
    )


def step(values: tuple[int, ...], now: int, by: int) -> int:
    """The next value of ``values`` up (``by`` 1) or down (-1) from ``now``, kept in range."""
    index = values.index(now) if now in values else 0
    return values[max(0, min(len(values) - 1, index + by))]
