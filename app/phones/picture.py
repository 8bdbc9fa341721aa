"""A picture of a finished game for the players' phones to keep or share: the game, its
day, how it ended and its final standing (app.phones.standing), as a PNG 1080 pixels
wide, in the app's colours. Drawn with Pillow (which Kivy brings), in Kivy's own Roboto
font, without Kivy: the feed makes it when the game ends, and the end screen saves it
on a USB stick."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Sequence
from datetime import date, datetime
from functools import partial
from io import BytesIO
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image, ImageDraw, ImageFont

from app.kit import colours
from app.phones.standing import Section

if TYPE_CHECKING:
    from app.games import GameInfo
    from app.play.controller import PlayController

WIDTH = 1080
MARGIN = 64
ROW = 64
Shade = tuple[int, int, int]


def shade(colour: colours.Colour) -> Shade:
    """An app colour (Kivy's 0-1 RGBA) as Pillow's 0-255 RGB."""
    red, green, blue = (round(part * 255) for part in colour[:3])
    return red, green, blue


BACKGROUND, PANEL = shade(colours.BACKGROUND), shade(colours.SURFACE)
TEXT, DIM = shade(colours.TEXT), shade(colours.TEXT_DIM)


def _fonts() -> Path:
    """Kivy's font folder (found without importing Kivy, which would open a window)."""
    spec = importlib.util.find_spec("kivy")
    assert spec is not None and spec.submodule_search_locations
    return Path(next(iter(spec.submodule_search_locations))) / "data" / "fonts"


def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(_fonts() / f"Roboto-{'Bold' if bold else 'Regular'}.ttf"), size)


def _wrapped(
    draw: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: int
) -> list[str]:
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split():
            tried = f"{line} {word}".strip()
            if line and draw.textlength(tried, font=font) > width:
                lines.append(line)
                line = word
            else:
                line = tried
        lines.append(line)
    return lines


def result_picture(
    game: str, day: date, result: str, sections: Sequence[Section], accent: colours.Colour
) -> bytes:
    """The PNG of a finished game: ``game``'s title, ``day``, ``result`` (how it ended)
    and ``sections`` (each a heading and rows, the first cell a name)."""
    title, small, body, bold = _font(72, True), _font(34), _font(42), _font(42, True)
    measure = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    inner = WIDTH - 2 * MARGIN
    result_lines = _wrapped(measure, result, body, inner)
    height = MARGIN + 96 + 56 + len(result_lines) * 56 + 40
    for section in sections:
        height += 72 + _lines(section) * ROW + 40
    height += MARGIN
    picture = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(picture)
    highlight = shade(accent)
    draw.rectangle((0, 0, WIDTH, 16), fill=highlight)
    y = MARGIN
    draw.text((MARGIN, y), game, font=title, fill=TEXT)
    y += 96
    draw.text((MARGIN, y), f"{day:%-d %B %Y} · Tableside", font=small, fill=DIM)
    y += 56
    for line in result_lines:
        draw.text((MARGIN, y), line, font=body, fill=TEXT)
        y += 56
    y += 40
    for section in sections:
        draw.text((MARGIN, y), section.heading, font=bold, fill=highlight)
        y += 72
        y = _table(draw, section, y, small, body)
        y += 40
    data = BytesIO()
    picture.save(data, format="PNG")
    return data.getvalue()


def _table(
    draw: ImageDraw.ImageDraw,
    section: Section,
    y: int,
    small: ImageFont.FreeTypeFont,
    body: ImageFont.FreeTypeFont,
) -> int:
    """The section's rows on a panel under its column names, each column at one place
    (the names take the first ``NAME_SHARE`` of the width); where the next thing goes."""
    inner = WIDTH - 2 * MARGIN
    columns = max(len(row) for row in (section.columns, *section.rows))
    lefts = [MARGIN]
    if columns > 1:
        step = inner * (1 - NAME_SHARE) / (columns - 1)
        lefts += [round(MARGIN + inner * NAME_SHARE + n * step) for n in range(columns - 1)]
    bottom = y + _lines(section) * ROW
    draw.rounded_rectangle((MARGIN - 16, y - 8, WIDTH - MARGIN + 16, bottom), 20, fill=PANEL)
    if any(section.columns):
        for n, name in enumerate(section.columns):
            draw.text((lefts[n], y + 12), " ".join(name.split()), font=small, fill=DIM)
        y += ROW
    rights = [*lefts[1:], WIDTH - MARGIN + 8]
    for row in section.rows:
        for n, cell in enumerate(row):
            room = rights[n] - lefts[n] - 16
            text, font = _fitted(draw, " ".join(cell.split()), room, (body, small))
            draw.text((lefts[n], y + (ROW - font.size) // 3), text, font=font, fill=TEXT)
        y += ROW
    return y


def _lines(section: Section) -> int:
    """A table's lines: its rows, under its column names when it has any."""
    return len(section.rows) + (1 if any(section.columns) else 0)


def _fitted(
    draw: ImageDraw.ImageDraw, text: str, room: float, fonts: Sequence[ImageFont.FreeTypeFont]
) -> tuple[str, ImageFont.FreeTypeFont]:
    """``text`` in the first of ``fonts`` it fits ``room`` in; else in the last,
    shortened with an ellipsis."""
    for font in fonts:
        if draw.textlength(text, font=font) <= room:
            return text, font
    font = fonts[-1]
    while text and draw.textlength(text + "\u2026", font=font) > room:
        text = text[:-1]
    return text.rstrip() + "\u2026", font


#: The share of a table's width its first column (the names) takes.
NAME_SHARE = 0.34


def picture_of(
    game: GameInfo,
    controller: PlayController[Any, Any, Any],
    standing: list[Section] | None = None,
) -> Callable[[], bytes]:
    """What draws the picture of ``controller``'s finished game: how it ended and its
    ``standing`` (the game's, when not given) read now, on the UI thread; the drawing
    (some 60 ms here) left to the caller's worker thread."""
    outcome = controller.play.session.outcome()
    assert outcome is not None, "only a finished game has a result to picture"
    day = datetime.now().astimezone().date()
    sections = game.standing(controller) if standing is None else standing
    return partial(result_picture, game.title, day, outcome.reason, sections, game.accent)


def picture_name(game: GameInfo, when: datetime) -> str:
    """The picture's file name on a stick: the game and the moment, never one already
    there in the same minute (the caller adds a number when it is)."""
    return f"tableside-{game.key.replace('_', '-')}-{when:%Y-%m-%d-%H%M}.png"


def save_on_stick(picture: bytes, folder: Path, name: str) -> Path:
    """``picture`` written whole into ``folder`` (a stick's) under ``name``, or
    ``name``-2, -3... when taken, and on the stick before this returns (so it can be
    pulled out at once); where it is. OSError (a full or read-only stick) is the caller's
    to say."""
    from app.exchange.usb_sticks import flush
    from app.phones.folder import write_whole

    target, number = folder / name, 1
    while target.exists():
        number += 1
        target = folder / f"{Path(name).stem}-{number}{Path(name).suffix}"
    write_whole(target, picture)
    flush(folder)
    return target
