"""Reading back the QR codes the app draws, with a real decoder (zxing-cpp), and checking
that the picture shows the code module for module, upright and not mirrored (zxing-cpp
reads a mirror image all the same; a phone's camera app may not)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any
from urllib.parse import unquote

import zxingcpp
from PIL import Image

from app.exchange.bgstats_link import PUSH_LINK
from app.kit.qr_code import module_px, shade_rows


def read_code(image: Image.Image, matrix: Sequence[Sequence[int]]) -> str:
    """The text of the one QR code in ``image``, which must show ``matrix`` (segno's:
    rows from the top, 1 for dark) as it is: every module in its place, upright."""
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, f"{len(found)} QR codes found"
    corners = found[0].position
    points = [corners.top_left, corners.top_right, corners.bottom_left, corners.bottom_right]
    # The code's square in the picture's own axes (zxing's corners follow the code's).
    left, top = min(p.x for p in points), min(p.y for p in points)
    module = (max(p.x for p in points) - left) / len(matrix)
    grey = image.convert("L")
    shown = [
        [
            int(
                grey.getpixel((int(left + (x + 0.5) * module), int(top + (y + 0.5) * module))) < 128
            )
            for x in range(len(matrix))
        ]
        for y in range(len(matrix))
    ]
    assert shown == [list(row) for row in matrix], "the picture is not the code as made"
    return str(found[0].text)


def drawn(matrix: Sequence[Sequence[int]], side: int) -> Image.Image:
    """The code as the app draws it (app.kit.qr_code) in a square of ``side`` pixels:
    its quiet zone, whole pixels a module, on a light square of that side."""
    rows = shade_rows(matrix)
    modules = len(rows)
    pixels = module_px(side, modules)
    code = Image.frombytes("L", (modules, modules), b"".join(rows))
    code = code.resize((modules * pixels, modules * pixels), Image.Resampling.NEAREST)
    screen = Image.new("L", (side, side), 255)
    screen.paste(code, ((side - code.width) // 2, (side - code.height) // 2))
    return screen


def play_in(link: str) -> Any:
    """The play a BG Stats link carries, as JSON values."""
    assert link.startswith(PUSH_LINK)
    return json.loads(unquote(link[len(PUSH_LINK) :]))
