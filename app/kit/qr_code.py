"""A QR code on the screen, drawn for a phone's camera: dark modules on a light square
that fills the widget's short side, every module the same whole number of pixels (a
module of 4 pixels next to one of 5 is harder to read), as large as the widget allows,
edges sharp (one texel a module, scaled up without smoothing); and how far away a phone
still reads it.

The quiet zone is at least one module (``QUIET_ZONE``), not the four ISO/IEC 18004 asks
for: on a panel 480 pixels high the three modules more cost a pixel of every module for
most codes, and a pixel is a sixth of the reading distance. Phone readers find a code
by its finder patterns, which need light around them, not four modules of it: a
camera's view of the panel (its dark bezel a module and a half beyond the code) reads
with one (tests/ui/test_qr_camera.py)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.properties import NumericProperty, ObjectProperty
from kivy.uix.widget import Widget

#: The least light margin around a QR code, in modules (the module docstring).
QUIET_ZONE = 1

LIGHT, DARK = 255, 0

#: The size of a pixel of the reference screen, the official 7" panel (154.08 x 85.92 mm
#: shown by 800x480 pixels; raspberrypi/documentation, display_intro.adoc), across and
#: down, in mm.
PANEL_PIXEL_MM = (154.08 / 800, 85.92 / 480)
#: What one pixel of a phone's camera covers for each cm between phone and screen, in mm:
#: 1080 pixels analysed across a view of about 50 degrees (the ecosystem review, 1c).
CAMERA_PIXEL_MM_PER_CM = 2 * 10 * math.tan(math.radians(25)) / 1080
#: The camera pixels a module needs to be read with a margin: ML Kit documents 2 as its
#: floor, and a hand-held phone blurs.
CAMERA_PIXELS_A_MODULE = 2.5


def reading_distance_cm(module_px: int) -> int:
    """How far from the panel a phone still reads modules of ``module_px`` pixels, in cm,
    rounded down to 5 (the module's smaller side, on the reference screen)."""
    module_mm = module_px * min(PANEL_PIXEL_MM)
    distance = module_mm / (CAMERA_PIXELS_A_MODULE * CAMERA_PIXEL_MM_PER_CM)
    return int(distance // 5 * 5)


def module_px(side: float, modules: int) -> int:
    """Whole pixels a module gets when a code of ``modules`` (its quiet zone included)
    fills a square of ``side`` pixels; at least 1."""
    return max(1, int(side) // modules)


def shade_rows(matrix: Sequence[Sequence[int]]) -> list[bytes]:
    """The code's rows from the top, its quiet zone added, one byte a module: LIGHT or
    DARK (``matrix`` as segno gives it: rows from the top, 1 for a dark module)."""
    width = len(matrix) + 2 * QUIET_ZONE
    margin = [bytes([LIGHT]) * width] * QUIET_ZONE
    side = bytes([LIGHT]) * QUIET_ZONE
    rows = [side + bytes(DARK if dark else LIGHT for dark in row) + side for row in matrix]
    return margin + rows + margin


class QRCodeView(Widget):
    """``matrix`` (segno's ``QRCode.matrix``) drawn centred in the widget, on a light
    square as large as the widget's short side (the rest of the quiet zone)."""

    matrix = ObjectProperty(None, allownone=True)
    #: Pixels per module as drawn; 0 while there is no code.
    module_px = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        self._texture: Texture | None = None
        self._redraw = Clock.create_trigger(self._draw, -1)
        super().__init__(**kwargs)
        self.bind(pos=self._redraw, size=self._redraw)

    def on_matrix(self, _view: QRCodeView, matrix: Sequence[Sequence[int]] | None) -> None:
        self._texture = None if matrix is None else _texture(shade_rows(matrix))
        self._redraw()

    def _draw(self, *_args: Any) -> None:
        self.canvas.clear()
        if self._texture is None:
            self.module_px = 0
            return
        modules = self._texture.width
        light = min(self.size)
        self.module_px = module_px(light, modules)
        side = self.module_px * modules
        # Whole pixels, so that every module covers the same pixels.
        x, y = round(self.center_x - side / 2), round(self.center_y - side / 2)
        with self.canvas:
            Color(1, 1, 1, 1)
            Rectangle(pos=(self.center_x - light / 2, self.center_y - light / 2), size=(light,) * 2)
            Rectangle(texture=self._texture, pos=(x, y), size=(side, side))


def _texture(rows: list[bytes]) -> Texture:
    size = len(rows)
    texture = Texture.create(size=(size, size), colorfmt="rgba")
    # A texture's first row is its bottom one; four bytes a texel keep each row aligned.
    pixels = b"".join(
        bytes(shade for value in row for shade in (value,) * 3 + (255,)) for row in reversed(rows)
    )
    texture.blit_buffer(pixels, colorfmt="rgba", bufferfmt="ubyte")
    texture.mag_filter = "nearest"
    texture.min_filter = "nearest"
    return texture
