"""The legibility checker (app.kit.legibility) finds what is too small, cut off or
overlapping, and nothing that is fine: each case is a widget laid out on purpose in a
real window."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from kivy.metrics import dp, sp
from kivy.properties import ListProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from app.kit import legibility, theme
from app.kit.widgets import Piece, TButton
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


class Tile(Piece, Widget):
    pass


class Diamond(Piece, Widget):
    def collide_point(self, x: float, y: float) -> bool:
        return (
            abs(x - self.center_x) / (self.width / 2) + abs(y - self.center_y) / (self.height / 2)
            <= 1
        )


class PlainButton(ButtonBehavior, Widget):
    pass


@pytest.fixture
def board(driver: Driver) -> Iterator[FloatLayout]:
    """An empty full-window popup to lay widgets on (the checker looks at the popup)."""
    popup = ModalView(size_hint=(1, 1), _anim_duration=0)
    layout = FloatLayout()
    popup.add_widget(layout)
    popup.open(animation=False)
    yield layout
    popup.dismiss(animation=False)


def place(layout: FloatLayout, widget: Widget, x: float, y: float, w: float, h: float) -> Widget:
    widget.size_hint = (None, None)
    widget.pos = (dp(x), dp(y))
    widget.size = (dp(w), dp(h))
    layout.add_widget(widget)
    return widget


def label(text: str, size: float = 19, **kwargs: object) -> Label:
    return Label(text=text, font_size=sp(size), **kwargs)


def check(driver: Driver) -> list[str]:
    return legibility.problems(driver.measure())


def test_a_tidy_screen_has_no_problems(driver: Driver, board: FloatLayout) -> None:
    place(board, label("Readable", halign="left"), 20, 300, 200, 40)
    place(board, TButton(text="Big enough"), 20, 200, 200, 56)
    place(board, TButton(text="Its neighbour"), 228, 200, 200, 56)
    place(board, label("hidden", 10, opacity=0), 20, 100, 100, 30)
    place(board, label("far away", 10), 5000, 100, 100, 30)
    tile = place(board, Tile(), 500, 100, 120, 120)
    place(board, label("Tree 3"), tile.x / dp(1) + 10, tile.y / dp(1) + 40, 100, 40)
    assert check(driver) == []


def test_small_text_and_small_targets(driver: Driver, board: FloatLayout) -> None:
    place(board, label("Nisse", 13), 20, 300, 100, 30)
    place(board, TButton(text="Go"), 20, 200, 100, 43)
    found = check(driver)
    assert 'Label "Nisse": text 13 sp (at least 15)' in found
    assert 'TButton "Go": touch target 100x43 dp (at least 48 both ways)' in found
    assert len(found) == 2


def test_clipped_text(driver: Driver, board: FloatLayout) -> None:
    shortened = label("Knight of the realm", shorten=True)
    shortened.bind(size=lambda w, s: setattr(w, "text_size", s))
    place(board, shortened, 20, 400, 60, 56)
    three_lines = label("one\ntwo\nthree")
    three_lines.bind(size=lambda w, s: setattr(w, "text_size", s))
    place(board, three_lines, 20, 300, 200, 30)
    place(board, label("A long sentence that does not fit"), 20, 200, 60, 30)
    place(board, label("Half out of the window"), -60, 100, 300, 30)
    found = check(driver)
    assert 'Label "Knight of the realm": text shortened with an ellipsis' in found
    assert any(p.startswith('Label "one two three": text cut (') for p in found)
    assert any(
        p.startswith('Label "A long sentence that does not fit": text spills out of its box')
        for p in found
    )
    assert any(p.startswith('Label "Half out of the window": text cut off (left by') for p in found)


def test_overlaps_but_not_a_label_on_its_piece(driver: Driver, board: FloatLayout) -> None:
    place(board, label("First"), 20, 300, 100, 30)
    place(board, label("Second"), 40, 305, 100, 30)
    tile = place(board, Tile(), 300, 100, 100, 100)
    place(board, label("Across the edge"), tile.x / dp(1) - 80, 150, 160, 30)
    place(board, TButton(text="A"), 500, 100, 100, 56)
    place(board, TButton(text="B"), 560, 120, 100, 56)
    found = check(driver)
    assert 'Label "First" overlaps Label "Second"' in found
    assert 'Tile overlaps Label "Across the edge"' in found
    assert 'TButton "A" overlaps TButton "B"' in found
    assert len(found) == 3


def test_diamonds_that_meet_at_an_edge_do_not_overlap(driver: Driver, board: FloatLayout) -> None:
    place(board, Diamond(), 100, 100, 96, 96)
    place(board, Diamond(), 148, 148, 96, 96)  # their boxes overlap, the diamonds touch
    assert check(driver) == []
    place(board, Diamond(), 120, 120, 96, 96)
    assert check(driver) == ["Diamond overlaps Diamond"]  # the same words for both pairs


def test_scrolling_lists_clip_only_across_their_direction(
    driver: Driver, board: FloatLayout
) -> None:
    view = place(board, ScrollView(do_scroll_x=False), 20, 20, 300, 200)
    rows = BoxLayout(orientation="vertical", size_hint=(1, None), height=dp(600))
    rows.padding = (0, 0, view.bar_width, 0)  # clear of the bar (the next test)
    rows.add_widget(label("A line far too wide for the list to show", size_hint_x=None))
    rows.children[0].width = dp(600)
    for n in range(10):
        rows.add_widget(TButton(text=f"Row {n}"))
    view.add_widget(rows)
    view.scroll_y = 1
    found = check(driver)
    # Rows below the view are reached by scrolling; a line wider than a list that does
    # not scroll sideways is not.
    assert len(found) == 1
    assert found[0].startswith('Label "A line far too wide for the list to show": text cut off')
    assert "right by" in found[0] and "bottom" not in found[0]


def test_a_button_under_a_scroll_bar(driver: Driver, board: FloatLayout) -> None:
    """A list that scrolls draws its bar over the right edge of what it holds: a button
    there is part hidden (Statistics' Find, 2026-12-06); one clear of it is not."""
    for x, lane in ((20, 0), (400, dp(12))):
        view = place(board, ScrollView(do_scroll_x=False, bar_width=dp(6)), x, 20, 300, 200)
        rows = BoxLayout(orientation="vertical", size_hint_y=None, height=dp(400))
        rows.padding = (0, 0, lane, 0)
        rows.add_widget(TButton(text="Under the bar" if not lane else "Clear of the bar"))
        view.add_widget(rows)
    assert check(driver) == ['TButton "Under the bar": touch target cut off (right by 6 dp)']


def test_a_button_outside_the_tap_guard(driver: Driver, board: FloatLayout) -> None:
    place(board, PlainButton(), 20, 20, 100, 100)
    assert check(driver) == ["PlainButton: not tap-guarded (derive it from Piece or TButton)"]


def test_measures_saved_as_json_give_the_same_problems(
    driver: Driver, board: FloatLayout, tmp_path: Path
) -> None:
    place(board, label("Nisse", 13), 20, 300, 100, 30)
    place(board, TButton(text="Go"), 20, 400, 60, 40)
    seen = driver.measure()
    legibility.save(seen, tmp_path / "scene.json")
    assert legibility.scene_problems(tmp_path) == {"scene": legibility.problems(seen)}
    assert "2 problems in 1 of 1 scenes" in legibility.report({"scene": legibility.problems(seen)})


def test_a_button_sets_its_text_smaller_or_on_two_lines_rather_than_cut_it(
    driver: Driver, board: FloatLayout
) -> None:
    roomy = place(board, TButton(text="Reconcile"), 20, 400, 200, 56)
    narrow = place(board, TButton(text="Reconcile"), 20, 300, 90, 56)
    two_words = place(board, TButton(text="We shuffle real cards"), 20, 200, 140, 56)
    hopeless = place(board, TButton(text="Reconcile"), 20, 100, 50, 56)
    found = check(driver)
    assert roomy.font_size == theme.BODY
    assert theme.MIN_TEXT <= narrow.font_size < theme.BODY
    assert len(narrow._label._cached_lines) == 1  # never "Reconcil / e"
    assert len(two_words._label._cached_lines) == 2
    assert hopeless.font_size == theme.MIN_TEXT
    assert found == ['TButton "Reconcile": "Reconcile" broken between two lines']


def test_a_label_squeezed_to_nothing_still_shows_its_text(
    driver: Driver, board: FloatLayout
) -> None:
    place(board, label("Squeezed"), 300, 300, 0, 30)
    place(board, label("Hidden", height=0), 300, 200, 100, 0)  # no text size: drawn too
    place(board, label("", height=0), 300, 100, 100, 0)
    found = check(driver)
    assert any(p.startswith('Label "Squeezed": text spills out of its box') for p in found)
    assert any(p.startswith('Label "Hidden": text spills out of its box') for p in found)


class Space(Piece, FloatLayout):
    """A board piece that says what it must show."""

    must_show = ListProperty([])


def test_a_piece_that_leaves_out_what_it_must_show(driver: Driver, board: FloatLayout) -> None:
    full = place(
        board, Space(must_show=[["KEEP"], ["Knight 1", "K1"], ["2 runes"]]), 20, 20, 200, 120
    )
    full.add_widget(Label(text="KEEP\nK1 S\n2 runes", pos=full.pos, size=full.size))
    crowded = place(
        board, Space(must_show=[["LAIR"], ["1 root"], ["Knight 1", "K1"]]), 300, 20, 200, 120
    )
    crowded.add_widget(Label(text="LAIR\nK12", pos=crowded.pos, size=crowded.size))
    assert check(driver) == [
        'Space: "1 root" is not shown (it shows "LAIR K12")',
        'Space: "Knight 1" is not shown (it shows "LAIR K12")',
    ]


class WholePanel(BoxLayout):
    holds_whole = True


def test_text_on_a_diamond_must_stay_inside_the_diamond_not_just_its_box(
    driver: Driver, board: FloatLayout
) -> None:
    """Review N4: "APODA / KEEP K2 R 2 runes" ran off the diamond's edges, unflagged."""
    inside = place(board, Diamond(), 40, 100, 200, 200)
    word = label("KEEP", 15, size_hint=(None, None))
    word.size = (dp(60), dp(20))
    inside.add_widget(word)
    word.center = inside.center
    spilling = place(board, Diamond(), 300, 100, 200, 200)
    wide = label("KEEP K2 R 2 runes", 15, size_hint=(None, None))
    wide.size = (dp(170), dp(20))
    spilling.add_widget(wide)
    wide.pos = (spilling.x + dp(15), spilling.y + dp(30))  # near the bottom tip
    problems = check(driver)
    assert [p for p in problems if "runs off the shape" in p] == [
        next(p for p in problems if p.startswith('Label "KEEP K2 R 2 runes"'))
    ]


def test_a_prompt_scrolled_out_of_sight_is_a_problem_where_a_list_is_not(
    driver: Driver, board: FloatLayout
) -> None:
    """Review N1: an 86 px scroll box cut the line that mattered, and passed."""
    view = place(board, ScrollView(do_scroll_x=False), 20, 100, 300, 60)
    prompt = WholePanel(size_hint_y=None, height=dp(160), orientation="vertical")
    prompt.add_widget(label("The line that matters.\n" * 5, 16))
    view.add_widget(prompt)
    listing = place(board, ScrollView(do_scroll_x=False), 400, 100, 300, 60)
    rows = BoxLayout(size_hint_y=None, height=dp(160), orientation="vertical")
    rows.add_widget(label("A row of a long list\n" * 5, 16))
    listing.add_widget(rows)
    problems = check(driver)
    assert any("The line that matters" in p and "not wholly in sight" in p for p in problems)
    assert not any("A row of a long list" in p for p in problems)


def test_text_pushed_out_of_its_panel_is_a_problem(driver: Driver, board: FloatLayout) -> None:
    """Review N6: a long step pushed its panel's heading up over the top bar."""
    panel = place(board, WholePanel(orientation="vertical"), 20, 100, 300, 80)
    panel.add_widget(label("Grak's turn  2 of 2", 16, size_hint_y=None, height=dp(30)))
    panel.add_widget(label("A long instruction", 16, size_hint_y=None, height=dp(90)))
    problems = check(driver)
    assert any("Grak's turn" in p and "not wholly in sight in WholePanel" in p for p in problems)


def test_a_lit_piece_scrolled_out_of_sight_is_a_problem(driver: Driver, board: FloatLayout) -> None:
    """Review N5: "touch the one you mean in the list" while its chip was scrolled away."""
    view = place(board, ScrollView(do_scroll_x=False), 20, 100, 300, 100)
    chips = BoxLayout(orientation="vertical", size_hint_y=None, height=dp(208), spacing=dp(4))
    chips.padding = (0, 0, view.bar_width, 0)  # clear of the scroll bar
    for lit in (False, False, False, True):
        chips.add_widget(Tile(touchable=lit, size_hint_y=None, height=dp(48)))
    view.add_widget(chips)
    problems = check(driver)
    assert problems == ["Tile: lit for a touch but not wholly in sight"]
