"""Readable and touchable at arm's length: measure what a window shows, and list what
falls short of the screen rules (docs/DESIGN.md, "Screens").

``measure()`` walks the window as it is drawn now (the current screen, or the popup on
top of it) and describes every visible label and touch target as plain data (sizes in
dp, text in sp, boxes in window coordinates), so that a scene's measures can be saved as
JSON beside its screenshot. ``problems()`` turns one scene's measures into sentences:

- text smaller than MIN_TEXT_SP;
- a touch target (a button, a board piece, a text input: anything with ButtonBehavior)
  narrower or lower than MIN_TOUCH_DP;
- clipped text: shortened with an ellipsis, lines or letters dropped, a word broken
  between two lines, text spilling out
  of its label, or cut off by the window or by a parent that clips it (a scrolling list
  clips only across its scrolling direction: scrolling brings the rest into view; and
  its bar covers the lane at its right edge);
- a touch target cut off the same way;
- overlaps: text over other text, a label half over a touch target (a label wholly on a
  piece is the piece's own label), touch targets partly over one another;
- a touch target that does not take part in the tap guard (app.kit.tap_guard);
- content left out: a widget that declares what it stands for (``must_show``: for each
  thing, the words any of which may show it, e.g. ["Knight 1", "K1"]) and whose drawn
  text shows none of a thing's words (a map space that writes only its name when it is
  crowded);
- text off its piece: a line of text on a shaped piece (a map space's diamond) that
  runs past the shape, though it stays in the piece's box;
- text not wholly in sight: a widget that declares ``holds_whole`` (an instruction
  panel, a prompt) must show all the text inside it within its visible box: none of it
  scrolled away, pushed out over the bars or cut by a parent;
- a lit piece out of sight: a piece the player may touch now (``touchable``) that is
  not wholly in view (a hero's row scrolled away while the prompt asks for it), or that
  something hides (a panel shown in its place: the prompt names pieces nobody can see).

What is not visible is not measured: zero opacity (of it or a parent), zero size,
transparent text, outside the window or outside the list that clips it.

Run it on a set of screenshots (``python -m app --screenshots DIR --check``, or later
``python -m app.kit.legibility DIR`` on the JSON files that wrote).
"""

from __future__ import annotations

import bisect
import json
import math
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from app.kit.word_cuts import cut_word

MIN_TEXT_SP = 15.0
MIN_TOUCH_DP = 48.0
#: Differences under this many dp are rounding, not defects.
SLACK_DP = 1.0

Box = tuple[float, float, float, float]  # x, y, width, height in dp, window coordinates


@dataclass
class Seen:
    """One visible label or touch target."""

    uid: int
    kind: str  # its class name
    where: str  # the nearest app-defined widgets around it, innermost first
    ancestors: list[int]  # uids, innermost first
    box: Box
    visible: Box  # the part of the box that is shown
    #: The area it may use without being cut off: the window, narrowed by every parent
    #: that clips (a scrolling list only across its scrolling direction).
    room: Box
    text: str = ""
    font_sp: float | None = None
    lines: list[Box] = field(default_factory=list)  # where each line of text is drawn
    shortened: bool = False
    letters: int = 0  # letters in the text
    letters_shown: int = 0
    lines_cut: bool = False  # a line drawn beyond the edges of its own texture
    broken_words: list[str] = field(default_factory=list)  # split between two lines
    #: A word the text came cut in ("wit...e"), by code that shortened it (app.kit.word_cuts).
    cut_word: str = ""
    touch: bool = False
    guarded: bool = True
    #: A touch target that is not a rectangle (it has its own collide_point): where it
    #: takes touches, as one strip per row of a grid laid over its box.
    shape: list[Box] = field(default_factory=list)
    #: What it declares it must show (see ``must_show`` above), and the text it draws.
    must_show: list[list[str]] = field(default_factory=list)
    shows: str = ""
    #: It declares that all the text inside it must be in sight (``holds_whole``).
    whole: bool = False
    #: A piece lit for the player to touch now.
    lit: bool = False

    @property
    def label(self) -> bool:
        return bool(self.text.strip()) and self.font_sp is not None and not self.touch_only

    touch_only: bool = False  # a text input: its text is typed, not laid out

    @property
    def name(self) -> str:
        words = " ".join(self.text.split())
        shown = f' "{words[:40]}{"..." if len(words) > 40 else ""}"' if words else ""
        place = f" in {self.where}" if self.where else ""
        return f"{self.kind}{shown}{place}"


# -- measuring a live window ------------------------------------------------------------


def measure() -> list[Seen]:
    """Every visible label and touch target in the window now: on the current screen, or
    on the popup on top and anything above it (what is under a popup cannot be touched)."""
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView
    from kivy.uix.screenmanager import ScreenManager

    layers = list(reversed(Window.children))  # bottom first
    popups = [i for i, top in enumerate(layers) if isinstance(top, ModalView)]
    window_box = (0.0, 0.0, _dp(Window.width), _dp(Window.height))
    found: list[Seen] = []
    for top in layers[popups[-1] if popups else 0 :]:
        root = top.current_screen if isinstance(top, ScreenManager) else top
        if root is not None:
            found.extend(_walk(root, window_box, window_box, [], []))
    return found


def _dp(pixels: float) -> float:
    from kivy.metrics import dp

    return float(pixels) / float(dp(1))


def _walk(
    widget: Any, visible: Box, room: Box, ancestors: list[int], where: list[str]
) -> Iterator[Seen]:
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView
    from kivy.uix.stencilview import StencilView

    if widget.opacity <= 0:
        # Lit pieces it hides (a panel over the Minions the prompt asks for, review P2):
        # seen, with nothing shown.
        for hidden in widget.walk(restrict=True):
            if _lit(hidden):
                box = _window_box(hidden)
                seen = _describe(hidden, box, (box[0], box[1], 0.0, 0.0), room, ancestors, where)
                if seen is not None:
                    yield seen
        return
    if widget.width <= 0 or widget.height <= 0:
        # Hidden by a zero size, unless it is a label: its text is drawn all the same.
        drawn = getattr(widget, "texture_size", (0, 0))
        if not (isinstance(widget, Label) and widget.text.strip() and min(drawn) > 1):
            return
    box = _window_box(widget)
    shown = _intersection(box if box[2] > 0 and box[3] > 0 else _texture_box(widget), visible)
    seen = _describe(widget, box, shown, room, ancestors, where) if shown else None
    if seen is None and _lit(widget):
        # Lit for a touch and scrolled wholly out of sight: seen, with nothing shown.
        seen = _describe(widget, box, (box[0], box[1], 0.0, 0.0), room, ancestors, where)
    if seen is not None:
        yield seen
    if isinstance(widget, StencilView):  # it clips what it holds to its own box
        visible = _intersection(visible, box) or (0, 0, 0, 0)
        if isinstance(widget, ScrollView):
            content = widget._viewport
            scroll_x = (
                widget.do_scroll_x and content is not None and content.width > widget.width + 1
            )
            scroll_y = (
                widget.do_scroll_y and content is not None and content.height > widget.height + 1
            )
            # Scrolling brings what lies beyond it into view, whatever clips the list.
            room = _narrowed(room, box, horizontally=not scroll_x, vertically=not scroll_y)
            room = _unbounded(room, horizontally=scroll_x, vertically=scroll_y)
            if scroll_y and widget.bar_pos_y == "right":  # its bar's lane is not room
                lane = _dp(widget.bar_width + widget.bar_margin)
                room = (room[0], room[1], max(0.0, room[2] - lane), room[3])
        else:
            room = _narrowed(room, box, horizontally=True, vertically=True)
    if visible[2] <= 0 or visible[3] <= 0:
        return
    ancestors = [widget.uid, *ancestors]
    if type(widget).__module__.startswith("app."):
        where = [type(widget).__name__, *where]
    for child in reversed(widget.children):  # drawing order
        yield from _walk(child, visible, room, ancestors, where)


def _lit(widget: Any) -> bool:
    from kivy.uix.behaviors import ButtonBehavior

    return isinstance(widget, ButtonBehavior) and bool(getattr(widget, "touchable", False))


def _describe(
    widget: Any, box: Box, shown: Box, room: Box, ancestors: list[int], where: list[str]
) -> Seen | None:
    from kivy.metrics import sp
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label
    from kivy.uix.textinput import TextInput
    from kivy.uix.widget import Widget

    from app.kit.tap_guard import GuardedButtonBehavior

    # Greyed-out buttons count too: a finger still lands on them.
    touch = isinstance(widget, (ButtonBehavior, TextInput))
    is_label = isinstance(widget, Label) and widget.text.strip() and widget.color[3] > 0
    typed = isinstance(widget, TextInput)
    declared = [list(words) for words in getattr(widget, "must_show", None) or []]
    whole = bool(getattr(widget, "holds_whole", False))
    if not (touch or is_label or typed or declared or whole):
        return None
    seen = Seen(
        uid=widget.uid,
        kind=type(widget).__name__,
        where=" < ".join(dict.fromkeys(where[:2])),
        ancestors=list(ancestors),
        box=box,
        visible=shown,
        room=room,
        touch=touch,
        guarded=not isinstance(widget, ButtonBehavior) or isinstance(widget, GuardedButtonBehavior),
        whole=whole,
        lit=_lit(widget),
    )
    if touch and type(widget).collide_point is not Widget.collide_point:
        seen.shape = _shape(widget)
    if declared:
        seen.must_show, seen.shows = declared, _drawn_text(widget)
    if typed:
        seen.text = widget.text or widget.hint_text
        seen.font_sp = float(widget.font_size) / sp(1)
        seen.touch_only = True
    elif is_label:
        seen.text = widget.text
        seen.font_sp = float(widget.font_size) / sp(1)
        _measure_text(widget, seen)
    return seen


#: The height of the strips that describe a shaped target. Rows lie on one grid over the
#: whole window, so that the strips of two neighbours line up and meet exactly.
STRIP_DP = 2


def _shape(widget: Any) -> list[Box]:
    """Where a shaped target takes touches: for each row of a grid over the window, the
    span between the first and the last point of the row inside it (1 dp apart).

    A row whose middle point is inside is taken to be one span (the shapes drawn here,
    diamonds, are convex), its two ends found by halving; any other row is scanned
    point by point."""
    from kivy.metrics import dp

    # The window's points in the widget's own: a shift, unless a parent scales or turns
    # (then each point is carried through the parents, which is slow on a big shape).
    origin_x, origin_y = widget.to_widget(0, 0)
    unit_x, unit_y = widget.to_widget(1, 1)
    shifted = math.isclose(unit_x - origin_x, 1) and math.isclose(unit_y - origin_y, 1)

    def inside(x: int, y: float) -> bool:
        if shifted:
            return bool(widget.collide_point(x * dp(1) + origin_x, y * dp(1) + origin_y))
        return bool(widget.collide_point(*widget.to_widget(x * dp(1), y * dp(1))))

    strips: list[Box] = []
    x0, y0, width, height = _window_box(widget)
    first, last = math.ceil(x0), math.floor(x0 + width)
    row = math.floor(y0 / STRIP_DP) * STRIP_DP
    while row < y0 + height:
        middle = row + STRIP_DP / 2
        centre = (first + last) // 2
        if inside(centre, middle):
            on_row = partial(inside, y=middle)
            left = _edge(centre, first, on_row)
            right = _edge(centre, last, on_row)
            strips.append((left, row, right - left, STRIP_DP))
        else:
            points = [x for x in range(first, last + 1) if inside(x, middle)]
            if points:
                strips.append((points[0], row, points[-1] - points[0], STRIP_DP))
        row += STRIP_DP
    return strips


def _edge(start: int, end: int, inside: Callable[[int], bool]) -> int:
    """The point furthest from ``start`` towards ``end`` still inside, ``start`` being
    inside and the points between forming one span."""
    if inside(end):
        return end
    near, far = start, end  # near inside, far outside
    while abs(far - near) > 1:
        middle = (near + far) // 2
        if inside(middle):
            near = middle
        else:
            far = middle
    return near


def _drawn_text(widget: Any) -> str:
    """The words a widget's visible labels (its own and those it holds) draw, in one
    line: what is shortened away or dropped is not there."""
    from kivy.uix.label import Label

    words = []
    for node in widget.walk(restrict=True):
        if isinstance(node, Label) and node.color[3] > 0 and _shown_within(node, widget):
            node.texture_update()
            words += [word.text for line in node._label._cached_lines for word in line.words]
    plain = " ".join(_plain(word) for word in words)
    return " ".join(plain.split())


def _shown_within(node: Any, top: Any) -> bool:
    while node is not None and node is not top:
        if node.opacity <= 0:
            return False
        node = node.parent
    return bool(top.opacity > 0)


def _measure_text(label: Any, seen: Seen) -> None:
    """Where the label's lines are drawn and how much of its text they show."""
    core = label._label
    text = _plain(label.text) if label.markup else label.text
    seen.letters = _letters(text)
    seen.shortened = bool(getattr(core, "is_shortened", False))
    lines = [line for line in core._cached_lines if line.words]
    seen.letters_shown = sum(_letters(word.text) for line in lines for word in line.words)
    shown_words = " ".join(" ".join("".join(w.text for w in line.words) for line in lines).split())
    seen.cut_word = cut_word(text, shown_words)
    if seen.shortened:
        seen.letters_shown = max(0, seen.letters_shown - 3)  # the "..." itself
    else:  # Kivy breaks a word too long for a line between two letters
        shown = ["".join(word.text for word in line.words) for line in lines]
        seen.broken_words = [
            word
            for word in text.split()
            if len(shown) > 1 and not any(word in line for line in shown)
        ]
    tex_w, tex_h = label.texture_size
    # Label draws its texture centred on itself (kivy/data/style.kv).
    left = int(label.center_x - tex_w / 2.0)
    top = int(label.center_y - tex_h / 2.0) + tex_h
    for line in lines:
        if line.x + line.w > tex_w + 1 or line.y + line.h > tex_h + 1 or line.x < -1 or line.y < -1:
            seen.lines_cut = True
        x0, y0 = label.to_window(left + line.x, top - line.y - line.h)
        x1, y1 = label.to_window(left + line.x + line.w, top - line.y)
        seen.lines.append((_dp(x0), _dp(y0), _dp(x1 - x0), _dp(y1 - y0)))


_MARKUP = re.compile(r"\[/?[a-z_]+(=[^\]]*)?\]")


def _plain(markup: str) -> str:
    return _MARKUP.sub("", markup).replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&")


def _letters(text: str) -> int:
    return sum(1 for char in text if not char.isspace())


def _window_box(widget: Any) -> Box:
    return _window_box_of(widget, widget.x, widget.y, widget.width, widget.height)


def _texture_box(label: Any) -> Box:
    """Where a label's texture is drawn: centred on the label, whatever its size."""
    width, height = label.texture_size
    return _window_box_of(
        label, label.center_x - width / 2, label.center_y - height / 2, width, height
    )


def _window_box_of(widget: Any, x: float, y: float, width: float, height: float) -> Box:
    x0, y0 = widget.to_window(x, y)
    x1, y1 = widget.to_window(x + width, y + height)
    return (_dp(x0), _dp(y0), _dp(x1 - x0), _dp(y1 - y0))


def _intersection(a: Box, b: Box) -> Box | None:
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        return None
    return (x0, y0, x1 - x0, y1 - y0)


def _narrowed(room: Box, clip: Box, horizontally: bool, vertically: bool) -> Box:
    """``room`` narrowed to ``clip`` in the directions asked."""
    x0, x1 = room[0], room[0] + room[2]
    y0, y1 = room[1], room[1] + room[3]
    if horizontally:
        x0, x1 = max(x0, clip[0]), min(x1, clip[0] + clip[2])
    if vertically:
        y0, y1 = max(y0, clip[1]), min(y1, clip[1] + clip[3])
    return (x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0))


def _unbounded(room: Box, horizontally: bool, vertically: bool) -> Box:
    far = 1e9  # not infinity: JSON has none, and inf - inf is no number
    x, y, width, height = room
    if horizontally:
        x, width = -far, 2 * far
    if vertically:
        y, height = -far, 2 * far
    return (x, y, width, height)


def _inside(inner: Box, outer: Box, slack: float = SLACK_DP) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[0] + inner[2] <= outer[0] + outer[2] + slack
        and inner[1] + inner[3] <= outer[1] + outer[3] + slack
    )


def _overlap(a: Box, b: Box) -> bool:
    common = _intersection(a, b)
    return common is not None and common[2] > SLACK_DP and common[3] > SLACK_DP


# -- judging ----------------------------------------------------------------------------


def problems(seen: list[Seen]) -> list[str]:
    """Every way the scene falls short, one sentence each, in a stable order."""
    found: list[str] = []
    for item in seen:
        found.extend(_own_problems(item))
    found.extend(_overlaps(seen))
    found.extend(_off_shape(seen))
    found.extend(_out_of_sight(seen))
    return list(dict.fromkeys(found))


def _off_shape(seen: list[Seen]) -> Iterator[str]:
    """Text on a shaped piece that runs past its shape."""
    shaped = {item.uid: item for item in seen if item.shape}
    for item in seen:
        if not item.label:
            continue
        piece = next((shaped[uid] for uid in item.ancestors if uid in shaped), None)
        if piece is None:
            continue
        for line in item.lines:
            if not _covered(line, piece.shape):
                yield f"{item.name}: text runs off the shape of {piece.name}"
                break


def _out_of_sight(seen: list[Seen]) -> Iterator[str]:
    """Text a widget holding it whole does not show whole; lit pieces not wholly in view."""
    holders = [item for item in seen if item.whole]
    for item in seen:
        if item.lit and not _inside(item.box, item.visible):
            yield f"{item.name}: lit for a touch but not wholly in sight"
        if not item.label:
            continue
        for holder in holders:
            if holder.uid != item.uid and holder.uid not in item.ancestors:
                continue
            out = [line for line in item.lines if not _inside(line, holder.visible)]
            if out:
                place = _cut_side(out[0], holder.visible)
                yield f"{item.name}: not wholly in sight in {holder.kind} ({place})"


def _own_problems(item: Seen) -> Iterator[str]:
    if item.font_sp is not None and item.font_sp < MIN_TEXT_SP - 0.05:
        yield f"{item.name}: text {item.font_sp:.0f} sp (at least {MIN_TEXT_SP:.0f})"
    if item.touch:
        width, height = item.box[2], item.box[3]
        if min(width, height) < MIN_TOUCH_DP - 0.5:
            yield (
                f"{item.name}: touch target {width:.0f}x{height:.0f} dp "
                f"(at least {MIN_TOUCH_DP:.0f} both ways)"
            )
        if not _inside(item.box, item.room):
            yield f"{item.name}: touch target cut off ({_cut_side(item.box, item.room)})"
        if not item.guarded:
            yield f"{item.name}: not tap-guarded (derive it from Piece or TButton)"
    for words in item.must_show:
        if not any(_says(word, item.shows) for word in words):
            yield f'{item.name}: "{words[0]}" is not shown (it shows "{item.shows}")'
    if not item.label:
        return
    if item.shortened:
        yield f"{item.name}: text shortened with an ellipsis"
    elif item.letters_shown < item.letters or item.lines_cut:
        yield f"{item.name}: text cut ({item.letters_shown} of {item.letters} letters shown)"
    elif item.broken_words:
        yield f'{item.name}: "{item.broken_words[0]}" broken between two lines'
    if item.cut_word and not item.shortened:  # Kivy's own shortening is said above
        yield f'{item.name}: a word cut in the middle ("{item.cut_word}")'
    spill = [line for line in item.lines if not _inside(line, item.box)]
    if spill and not item.touch_only:
        yield f"{item.name}: text spills out of its box ({_cut_side(spill[0], item.box)})"
    cut = [line for line in item.lines if not _inside(line, item.room)]
    if cut:
        yield f"{item.name}: text cut off ({_cut_side(cut[0], item.room)})"


def _says(words: str, text: str) -> bool:
    """Whether ``text`` holds ``words`` as whole words ("K1" is not in "K12")."""
    wanted = re.escape(" ".join(words.split()))
    return re.search(rf"(?<!\w){wanted}(?!\w)", text) is not None


def _cut_side(inner: Box, outer: Box) -> str:
    sides = []
    if inner[0] < outer[0] - SLACK_DP:
        sides.append(f"left by {outer[0] - inner[0]:.0f} dp")
    if inner[0] + inner[2] > outer[0] + outer[2] + SLACK_DP:
        sides.append(f"right by {inner[0] + inner[2] - outer[0] - outer[2]:.0f} dp")
    if inner[1] < outer[1] - SLACK_DP:
        sides.append(f"bottom by {outer[1] - inner[1]:.0f} dp")
    if inner[1] + inner[3] > outer[1] + outer[3] + SLACK_DP:
        sides.append(f"top by {inner[1] + inner[3] - outer[1] - outer[3]:.0f} dp")
    return ", ".join(sides)


def _shapes(item: Seen) -> list[Box]:
    """What of it can collide: a touch target's (visible) area, a label's lines."""
    parts = (item.shape or [item.visible]) if item.touch else item.lines
    return [part for box in parts if (part := _intersection(box, item.visible))]


def _covered(box: Box, shapes: list[Box]) -> bool:
    """Whether ``box`` (less the slack at its edges) lies within the union of ``shapes``."""
    x0, y0 = box[0] + SLACK_DP, box[1] + SLACK_DP
    x1, y1 = box[0] + box[2] - SLACK_DP, box[1] + box[3] - SLACK_DP
    points = [(x0, y0), (x1, y0), (x0, y1), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2)]
    return all(any(_inside((x, y, 0, 0), shape, 0) for shape in shapes) for x, y in points)


def _shapes_meet(a: list[Box], b: list[Box]) -> bool:
    """Whether any box of ``a`` overlaps any of ``b``; boxes of ``b`` are looked up by
    height, as a shaped target has a strip every few dp."""
    by_bottom = sorted(b, key=lambda box: box[1])
    bottoms = [box[1] for box in by_bottom]
    tallest = max((box[3] for box in b), default=0.0)
    for p in a:
        start = bisect.bisect_left(bottoms, p[1] - tallest)
        end = bisect.bisect_right(bottoms, p[1] + p[3])
        if any(_overlap(p, q) for q in by_bottom[start:end]):
            return True
    return False


def _overlaps(seen: list[Seen]) -> Iterator[str]:
    shapes = [(item, _shapes(item)) for item in seen if item.touch or item.label]
    for i, (a, a_shapes) in enumerate(shapes):
        for b, b_shapes in shapes[i + 1 :]:
            if a.uid in b.ancestors or b.uid in a.ancestors:
                continue  # a button's own label, a piece's own token
            if not _overlap(a.visible, b.visible):
                continue  # every shape lies inside its item's visible box
            if not _shapes_meet(a_shapes, b_shapes):
                continue
            if a.touch and b.touch:
                if _covered(a.visible, b_shapes) or _covered(b.visible, a_shapes):
                    continue  # a token on a tile: deliberately nested
            elif a.touch or b.touch:
                target_shapes, label_shapes = (
                    (a_shapes, b_shapes) if a.touch else (b_shapes, a_shapes)
                )
                if all(_covered(line, target_shapes) for line in label_shapes):
                    continue  # a label drawn on a piece belongs to it
            yield f"{a.name} overlaps {b.name}"


# -- scenes: saved measures and the report ------------------------------------------------


def save(seen: list[Seen], path: Path) -> None:
    path.write_text(json.dumps([asdict(item) for item in seen], indent=1))


def load(path: Path) -> list[Seen]:
    return [_from_dict(entry) for entry in json.loads(path.read_text())]


def _from_dict(entry: dict[str, Any]) -> Seen:
    for key in ("box", "visible", "room"):
        entry[key] = tuple(entry[key])
    entry["lines"] = [tuple(line) for line in entry["lines"]]
    entry["shape"] = [tuple(strip) for strip in entry["shape"]]
    return Seen(**entry)


def scene_problems(directory: Path) -> dict[str, list[str]]:
    """Each scene's problems, from the measures the screenshots wrote into ``directory``."""
    return {path.stem: problems(load(path)) for path in sorted(directory.glob("*.json"))}


def report(by_scene: dict[str, list[str]], size: str = "") -> str:
    """The problems, scene by scene, for a person to read."""
    failing = {scene: found for scene, found in by_scene.items() if found}
    at = f" at {size}" if size else ""
    if not failing:
        return f"All {len(by_scene)} scenes{at} are readable and touchable."
    lines = [
        f"{sum(map(len, failing.values()))} problems in {len(failing)} of "
        f"{len(by_scene)} scenes{at}:"
    ]
    for scene, found in failing.items():
        lines.append(f"\n{scene}:")
        lines.extend(f"  - {problem}" for problem in found)
    return "\n".join(lines)


def main(argv: Iterable[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m app.kit.legibility DIR  (a folder written by --screenshots)")
        return 2
    by_scene = scene_problems(Path(args[0]))
    print(report(by_scene))
    return 1 if any(by_scene.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
