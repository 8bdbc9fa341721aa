"""The colours shared by every screen, without Kivy: what a screen shows can be worked out
(app.<game>.view) where no window is open. app.kit.theme gives them to kv files.

Dark background, light text, one accent per game (on its entry in app.games). Red means
danger and green success, and neither is ever the only signal: a word or a shape goes
with it.
"""

from __future__ import annotations

Colour = tuple[float, float, float, float]

BACKGROUND: Colour = (0.075, 0.082, 0.094, 1)
SURFACE: Colour = (0.145, 0.157, 0.180, 1)
SURFACE_RAISED: Colour = (0.215, 0.230, 0.262, 1)
SURFACE_PRESSED: Colour = (0.310, 0.330, 0.370, 1)
OUTLINE: Colour = (0.330, 0.350, 0.390, 1)
TEXT: Colour = (0.950, 0.955, 0.965, 1)
TEXT_DIM: Colour = (0.690, 0.710, 0.745, 1)
ACCENT: Colour = (0.400, 0.660, 0.960, 1)
ON_ACCENT: Colour = (0.050, 0.055, 0.065, 1)  # text on an accent-coloured button
DANGER: Colour = (0.890, 0.290, 0.270, 1)
SUCCESS: Colour = (0.300, 0.740, 0.420, 1)


def faded(colour: Colour, factor: float) -> Colour:
    """The colour made more transparent by ``factor`` (1 leaves it as it is)."""
    return (colour[0], colour[1], colour[2], colour[3] * factor)
