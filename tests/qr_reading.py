"""Reading back the QR codes the app draws, with a real decoder (zxing-cpp), as a phone's
camera would: upright and not mirrored (a camera app may refuse a mirror image, which
zxing-cpp reads all the same), exactly one code."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any
from urllib.parse import unquote

import zxingcpp
from PIL import Image

from app.exchange.bgstats_link import PUSH_LINK
from app.kit.qr_code import module_px, shade_rows


def read_code(image: Image.Image) -> str:
    """The text of the one QR code in ``image``, drawn upright and not mirrored."""
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
    assert len(found) == 1, f"{len(found)} QR codes found"
    code = found[0]
    corner, right, below = (
        code.position.top_left,
        code.position.top_right,
        code.position.bottom_left,
    )
    # In the picture (y down), a code as drawn turns clockwise from its top right corner
    # to its bottom left one; a mirror image turns the other way.
    turn = (right.x - corner.x) * (below.y - corner.y) - (right.y - corner.y) * (below.x - corner.x)
    assert turn > 0, "the code is a mirror image"
    assert code.orientation == 0, f"the code is turned by {code.orientation} degrees"
    return str(code.text)


def drawn(matrix: Sequence[Sequence[int]], side: int) -> Image.Image:
    """The code as the app draws it (app.kit.qr_code) in a square of ``side`` pixels:
    its quiet zone, whole pixels a module, on the screen's dark background."""
    rows = shade_rows(matrix)
    modules = len(rows)
    pixels = module_px(side, modules)
    code = Image.frombytes("L", (modules, modules), b"".join(rows))
    code = code.resize((modules * pixels, modules * pixels), Image.Resampling.NEAREST)
    screen = Image.new("L", (side, side), 20)
    screen.paste(code, ((side - code.width) // 2, (side - code.height) // 2))
    return screen


def play_in(link: str) -> Any:
    """The play a BG Stats link carries, as JSON values."""
    assert link.startswith(PUSH_LINK)
    return json.loads(unquote(link[len(PUSH_LINK) :]))
