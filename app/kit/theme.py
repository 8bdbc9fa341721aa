"""Colours (app.kit.colours) and sizes shared by every screen (kv files import this
module as ``theme``)."""

from __future__ import annotations

from kivy.metrics import dp, sp

from app.games import BY_KEY

# The colours, as kv files and screens read them: theme.TEXT, theme.faded(...).
from app.kit.colours import (
    ACCENT as ACCENT,
)
from app.kit.colours import (
    BACKGROUND as BACKGROUND,
)
from app.kit.colours import (
    DANGER as DANGER,
)
from app.kit.colours import (
    ON_ACCENT as ON_ACCENT,
)
from app.kit.colours import (
    OUTLINE as OUTLINE,
)
from app.kit.colours import (
    SUCCESS as SUCCESS,
)
from app.kit.colours import (
    SURFACE as SURFACE,
)
from app.kit.colours import (
    SURFACE_PRESSED as SURFACE_PRESSED,
)
from app.kit.colours import (
    SURFACE_RAISED as SURFACE_RAISED,
)
from app.kit.colours import (
    TEXT as TEXT,
)
from app.kit.colours import (
    TEXT_DIM as TEXT_DIM,
)
from app.kit.colours import (
    Colour as Colour,
)
from app.kit.colours import (
    faded as faded,
)


def accent(game: str) -> Colour:
    """The accent colour of the game called ``game`` (its entry in app.games); the
    app's own accent for a game this version does not know."""
    known = BY_KEY.get(game)
    return known.accent if known else ACCENT


TOUCH = dp(56)  # buttons; the guide's minimum is 48 dp
GAP = dp(8)
PAD = dp(12)
BAR_HEIGHT = dp(64)
RADIUS = dp(10)
#: A scrolling list's bar, and the lane its content leaves free for it on the right (a
#: bar drawn over a button's edge reads as part of the button).
SCROLL_BAR = dp(6)
SCROLL_LANE = dp(12)

TITLE = sp(28)
HEADING = sp(22)
BODY = sp(19)
LABEL = sp(16)
MIN_TEXT = sp(15)  # nothing smaller: the guide's least for a label
