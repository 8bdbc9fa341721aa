"""Chickwood Forest kept through the screen, touch by touch: a tracked game with the alms
snake and final scoring, a quick score, and the village editor."""

from typing import Any

import pytest
from kivy.uix.widget import Widget

from app.chickwood.play_screen import AlmsChip, CastleButton
from app.chickwood.score_view import ProposalButton
from app.chickwood.widgets import PadButton, SpaceDot, VillageCard
from app.kit.value_editor import ValueEditorPopup
from app.kit.widgets import TButton
from engines import chickwood as C
from engines.chickwood.alms_snake import legal_steps
from engines.core import IllegalAction
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def shown(driver: Driver, kind: type[Widget]) -> list[Widget]:
    driver.pump(3)  # a panel shown by the last touch is laid out before it is touched
    return [w for w in driver.visible() if isinstance(w, kind) and not w.disabled]


def button(driver: Driver, words: str) -> Widget:
    found = [w for w in shown(driver, TButton) if w.text == words]
    assert len(found) == 1, f"expected one button {words!r}, found {len(found)}"
    return found[0]


def choose(driver: Driver, row_label: str, words: str) -> None:
    row = driver.find(row_label).parent
    driver.tap(next(w for w in row.walk() if isinstance(w, TButton) and w.text == words))


def new_game(driver: Driver, players: int, keep: str, legendary: str = "Without") -> None:
    tile = driver.find("Chickwood Forest").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    assert driver.app.root.current == "new_game"
    choose(driver, "Players", str(players))
    choose(driver, "Keep score", keep)
    choose(driver, "Legendary", legendary)
    driver.tap_text("Set up the table")


def pad(driver: Driver, *words: str) -> None:
    for word in words:
        driver.tap(next(w for w in shown(driver, PadButton) if w.words == word))


def castle(driver: Driver, value: int) -> None:
    driver.tap(next(w for w in shown(driver, CastleButton) if w.value == str(value)))


def scouted(driver: Driver) -> str:
    """The round's scouting, told before its first raid (review N14), done; its words."""
    driver.pump(3)
    (words,) = [t for t in driver.texts() if t.startswith("Scouting: ")]
    driver.tap(button(driver, "Done"))
    return words


def cards(driver: Driver) -> list[VillageCard]:
    return sorted(shown(driver, VillageCard), key=lambda c: c.index)


def first_lit(driver: Driver) -> VillageCard:
    return next(c for c in cards(driver) if c.lit)


@pytest.mark.usefixtures("quick_taps")
def test_a_tracked_game_with_the_snake_a_refusal_and_final_choices(driver: Driver) -> None:
    new_game(driver, 3, "Every round", "With")
    assert driver.app.root.current == "setup_guide"
    layout: list[str] = []
    while True:
        guide = driver.app.current_screen
        if guide.step_title == "Lay out the villages":
            layout = list(guide.step_items)
        if "Done" in driver.texts():
            break
        driver.tap_text("Next")
    driver.tap_text("Done")
    screen = driver.app.current_screen
    assert driver.app.root.current.endswith("ChickwoodPlayScreen")
    play = screen.play
    state: C.State = play.state
    # The round opens on its scouting, in turn order, before the first raid (N14).
    names = [state.players[seat].name for seat in state.order]
    assert screen.view.title == "Scouting"  # not "Anna raids" before anyone has scouted
    assert scouted(driver).startswith(f"Scouting: {names[0]}, {names[1]}, then {names[2]}, ")
    # As guided: villages known by their glory, as the cards show it.
    names = ["forest" if c.forest else c.profile.glory.capitalize() for c in state.grid.cells]
    rows = ("Top", "Middle", "Bottom")
    assert layout == [f"{rows[r]} row: " + " | ".join(names[r * 3 : r * 3 + 3]) for r in range(3)]

    # The first raider takes the Golden Arrow, a gold chest and a 2-alms benefactor.
    first = state.players[state.order[0]].name
    assert f"{first} raids" == screen.view.title
    castle(driver, 4)
    pad(driver, "Golden Arrow", "Gold\nchest", "Alms 2")
    assert screen.view.counts == {"legendary:golden_arrow": 1, "chest:gold": 1, "alms:2": 1}
    arrow = next(w for w in shown(driver, PadButton) if w.words == "Golden Arrow")
    assert arrow.children[0].text == "1"  # its count, on the corner
    driver.tap(button(driver, "Raid castle 4"))
    assert play.state.phase == "alms"
    assert f"{first} gives alms" == screen.view.title

    # A first village with somewhere to go on from (the deal is the game's own: in some
    # layouts the first lit one is a dead end, and the snake would end at once).
    seat = play.state.order[0]
    start = next(
        c
        for c in cards(driver)
        if c.lit and legal_steps(play.state.grid.place(c.index, seat), (c.index,))
    )
    driver.tap(start)
    assert play.state.snake is not None and play.state.snake.visited == (start.index,)
    # A village that is not next to the first one is refused, in the engine's words.
    far = next(c for c in cards(driver) if not c.lit and not c.forest and not c.step)
    row, col = play.state.grid.position(far.index)
    with pytest.raises(IllegalAction) as refusal:
        C.apply(play.state, C.GiveAlms(first, row, col))
    events = len(play.session.events)
    driver.tap(far)
    assert screen.view.refusal == str(refusal.value)
    driver.wait_until(lambda: str(refusal.value) in driver.texts())  # height follows text
    assert len(play.session.events) == events
    driver.tap(first_lit(driver))
    assert play.state.phase == "raid"
    given = [p for p in play.state.placements if p.seat == play.state.order[0]]
    assert len(given) == 2 and given[0].cell == start.index

    # The second raider takes the Fake Beard and a henchman; Undo takes back a key.
    second = play.state.players[play.state.order[1]].name
    castle(driver, 3)
    pad(driver, "Fake Beard", "Hench-\nman", "Maid\nMarihen")
    driver.tap(button(driver, "Undo"))
    assert screen.view.counts == {"legendary:fake_beard": 1, "henchmen": 1}
    pad(driver, "Alms 1")
    driver.tap(button(driver, "Raid castle 3"))
    driver.tap(first_lit(driver))
    assert play.state.phase == "raid" and play.state.players[play.state.order[1]].store == 14

    # The table says the deck is empty: this round is the last.
    driver.tap(button(driver, f"Deck: {play.state.deck} cards"))
    popup = next(w for w in driver.visible() if isinstance(w, ValueEditorPopup))
    while popup.value():
        driver.tap(button(driver, "-10"))
    driver.tap(button(driver, "Save"))
    assert play.state.deck == 0

    castle(driver, 2)
    pad(driver, "Silver\nchest", "Ring 4")
    driver.tap(button(driver, "Raid castle 2"))
    assert play.state.phase == "scoring"

    # Final scoring proposes the Fake Beard's use; the table decides against it.
    table = C.final_table(play.state)
    proposed = C.propose(table)
    assert proposed.fake_beard is not None
    beard = next(w for w in shown(driver, ProposalButton) if w.text.startswith("Fake Beard"))
    assert beard.text == f"Fake Beard ({second}): a henchman to {proposed.fake_beard}"
    driver.tap(beard)
    driver.tap_text("Keep the henchmen")
    beard = next(w for w in shown(driver, ProposalButton) if w.text.startswith("Fake Beard"))
    assert beard.text == f"Fake Beard ({second}): not used"
    chosen = C.Choices(proposed.entertainers, proposed.golden_arrow, None)
    board = C.final_scores(table, chosen)
    texts = driver.texts()
    for score in board.players:
        assert str(score.total) in texts
        assert f"{score.name}\nwinner" in texts if score.name in board.winners else score.name
    assert board.player(second).points("Henchmen") == -3

    # Confirming asks once: the scores will be final.
    driver.tap(button(driver, "Confirm scores"))
    assert "Confirm the scores?" in driver.texts() and "They will be final." in driver.texts()
    assert play.state.phase == "scoring"
    driver.tap(button(driver, "Confirm"))
    state = play.state
    assert state.phase == "over" and state.choices == chosen
    saved = driver.app.store.session(play.session_id)
    assert saved.status == "finished"
    assert saved.outcome["winners"] == list(board.winners)
    driver.wait_until(lambda: board.outcome().reason in driver.texts())
    driver.tap(button(driver, "Home"))
    driver.tap_text("History")
    assert "Player 1, Player 2, Player 3 \u00b7 every round, Legendary" in driver.texts()


def test_village_editor_then_a_quick_score(driver: Driver) -> None:
    tile = driver.find("Chickwood Forest").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    driver.tap(button(driver, "Village cards"))
    assert driver.app.root.current.endswith("VillageProfileScreen")
    driver.tap(button(driver, "Glory 3 6"))  # the cards print no name
    editor = driver.app.current_screen
    glory_plus = [w for w in shown(driver, TButton) if w.text == "+"][1]  # row 1's glory
    driver.tap(glory_plus)
    assert editor.cards[0].rows[0].glory == 4
    driver.tap(button(driver, "Save"))
    driver.close_popups()
    saved = driver.app.store.profile("chickwood")
    assert saved["card"][0]["rows"][0] == {"spaces": 2, "glory": 4}
    assert saved["card"][0]["status"] == "owner"
    assert driver.app.root.current == "new_game"

    choose(driver, "Players", "2")
    choose(driver, "Keep score", "Final count only")
    choose(driver, "Legendary", "Without")
    driver.tap_text("Set up the table")
    assert driver.app.root.current.endswith("ChickwoodPlayScreen")  # no set-up guide
    screen = driver.app.current_screen
    play = screen.play
    assert play.state.phase == "entry"
    village = next(c for c in play.state.config.cards if c.card == "village-1")
    assert village.rows[0].glory == 4  # the edited profile is used

    # Only the villages are shown: the app does not know how they lie.
    assert not any(c.forest for c in cards(driver)) and len(cards(driver)) == 5
    # Player 1: three gold chests, castles 4 and 2, two alms on village-1 (glory 4 6).
    assert screen.view.prompt.startswith("Player 1: touch each loot card, castle and alms.")
    pad(driver, "Gold\nchest", "Gold\nchest", "Gold\nchest", "Maid\nMarihen")
    driver.tap(button(driver, "Undo"))  # not the Maid after all
    castle(driver, 4)
    castle(driver, 2)
    assert "Player 1's castles: 4 + 2 = 6" in screen.view.prompt
    at = next(i for i, c in enumerate(play.state.grid.cells) if c.profile.card == "village-1")
    card = next(c for c in cards(driver) if c.index == at)
    driver.tap(card)
    driver.tap(card)
    assert [dot.text for dot in card.walk() if isinstance(dot, SpaceDot) and dot.text] == [
        "1",
        "1",
    ]  # every name starts with P: the alms carry seat numbers
    # Player 2: a ring and a henchman, castle 3, one alms on village-1 (given last).
    driver.tap(next(w for w in shown(driver, AlmsChip) if w.text == "Player 2"))
    assert screen.view.prompt.startswith("Player 2: touch each")
    pad(driver, "Ring 4", "Henchman")
    castle(driver, 3)
    assert screen.view.prompt.endswith("Player 2's castles: 3")
    driver.tap(card)
    driver.tap(card)
    driver.tap(card)  # village-1 has four spaces: the fifth alms is refused
    assert "has only 4 spaces" in screen.view.refusal
    driver.tap(button(driver, "Undo"))  # and the fourth was a slip
    driver.tap(button(driver, "Score these"))
    assert play.state.phase == "scoring"

    villages = [C.VillageFinal(c) for c in play.state.config.cards_in_play if not c.forest]
    villages = [
        C.VillageFinal(v.profile, ("Player 1", "Player 1", "Player 2"))
        if v.profile.card == "village-1"
        else v
        for v in villages
    ]
    expected = C.quick_score(
        [
            C.PlayerFinal("Player 1", C.Collection.of(chests={"gold": 3}), (4, 2)),
            C.PlayerFinal("Player 2", C.Collection(jewelry=(0, 0, 1), henchmen=1), (3,)),
        ],
        villages,
    )
    p1, p2 = expected.player("Player 1"), expected.player("Player 2")
    # Both rows of village-1 are unlocked: 6 glory for the most alms, 4 (edited) next.
    assert (p1.points("Chests"), p1.points("Castles"), p1.points("Villages")) == (9, 6, 6)
    assert (p2.total, p1.total) == (4 - 3 + 3 + 4, 21)
    assert {"Player 1\nwinner", "21", "8"} <= set(driver.texts())
    assert "Round 1" not in driver.texts()  # a quick score has no rounds
    driver.tap(button(driver, "Confirm scores"))
    driver.tap(button(driver, "Confirm"))
    saved_game = driver.app.store.session(play.session_id)
    assert saved_game.status == "finished" and saved_game.outcome["winners"] == ["Player 1"]
    driver.tap(button(driver, "Home"))
    driver.tap_text("History")
    assert "Player 1, Player 2 \u00b7 quick score" in driver.texts()


def test_the_new_hands_and_an_undo_are_told_to_the_table(driver: Driver) -> None:
    from app.games import BY_KEY

    layout = ("village-1", "village-2", "village-3", "village-4", "village-5", "forest-1")
    config = C.Config(players=("Ana", "Bo"), layout=layout, starting_castles=(1, 2))
    driver.app.start_game(BY_KEY["chickwood"], config, ["Ana", "Bo"], seed=1)
    screen = driver.app.current_screen
    scouted(driver)
    play = screen.play
    castle(driver, 3)
    pad(driver, "Gold\nchest")
    driver.tap(button(driver, "Raid castle 3"))
    assert not screen.view.telling  # Ana's own raid: nothing to tell
    castle(driver, 1)
    driver.tap(button(driver, "Raid castle 1"))
    # The round is over: the rules deal new hands, told with one Done.
    assert play.state.round == 2 and screen.view.telling
    deal = "Round 2: set aside any loot left at the castles and deal 4 loot cards to each "
    assert deal + f"player; {play.state.deck} stay in the deck" in driver.texts()
    driver.tap(button(driver, "Done"))
    # Then the new round's scouting, in its turn order (N14), with a Done of its own.
    assert "2 of 2" in driver.texts()
    assert scouted(driver).startswith("Scouting: Bo, then Ana, each playing one hand card")
    assert not screen.view.telling and screen.view.title == "Bo raids"  # castle 1 goes first

    # A player's chip (the legend of the alms marks) shows what they hold, above their
    # entries to correct.
    driver.tap(next(w for w in shown(driver, AlmsChip) if w.text == "Ana"))
    assert "Ana: castles 1 + 3, 1 gold chest, 15 alms cubes in store" in driver.texts()
    driver.close_popups()

    # Undo: Bo's raid is a finished turn, so Undo asks once before going back into it
    # (review N11); kept, nothing changes.
    driver.tap(button(driver, "Undo"))
    assert "Go back to Round 1, Bo's turn?" in driver.texts()
    assert "That turn is over. Undo takes back: Bo raids castle 1, taking 0 cards." in (
        driver.texts()
    )
    driver.tap_text("Keep it")
    assert play.state.round == 2 and not screen.view.telling
    # Asked again and answered: the deal goes back, then Bo's raid, one Done each.
    driver.tap(button(driver, "Undo"))
    driver.tap_text("Undo it")
    assert play.state.round == 1
    assert "Undone: Bo raids castle 1, taking 0 cards" in driver.texts()
    assert "1 of 2" in driver.texts()
    assert any(t.startswith("Back to round 1: take back the new hands") for t in driver.texts())
    driver.tap(button(driver, "Done"))
    assert "Bo: put castle 1 from your pile back in the row of castles" in driver.texts()
    driver.press_key(13)  # the confirm key is Done too
    assert not screen.view.telling and screen.view.title == "Bo raids"


def test_the_loot_pad_never_moves_and_a_second_raid_tap_takes_nothing(driver: Driver) -> None:
    from app.games import BY_KEY

    config = C.Config(players=("Anna", "Ben", "Cara"))
    driver.app.start_game(BY_KEY["chickwood"], config, list(config.players), seed=1)
    screen = driver.app.current_screen
    scouted(driver)
    play = screen.play
    first = f"{play.state.players[play.state.order[0]].name} raids"

    def places() -> dict[str, tuple[float, float]]:
        driver.pump(3)  # a refusal's text is laid out before the pad is measured
        return {b.key: tuple(b.to_window(*b.pos)) for b in screen.ids.pad.children}

    before = places()
    raid = button(driver, "Raid")
    assert raid.role == "normal"  # no castle yet: the button is not lit, nothing to take
    driver.tap(raid)
    assert screen.view.refusal == "Touch the castle raided first."
    assert "Touch the castle raided first." in driver.texts()
    assert places() == before  # the refusal moves nothing under the next touch
    castle(driver, 4)
    assert not screen.view.refusal and places() == before
    pad(driver, "Gold\nchest")
    raid = button(driver, "Raid castle 4")
    assert raid.role == "primary"
    driver.tap(raid)
    # Taken at once: the next raider, and the button unlit again before any second tap.
    assert len(play.state.raids) == 1 and screen.view.title not in ("", first)
    assert raid.text == "Raid" and raid.role == "normal"
    driver.tap(raid)  # an impatient second tap, after the guard: explained, nothing taken
    assert len(play.state.raids) == 1 and screen.view.refusal == "Touch the castle raided first."
    assert places() == before


def test_a_name_typed_after_choosing_three_players_keeps_the_three(driver: Driver) -> None:
    from tests.ui.test_new_game import chips, type_name

    tile = driver.find("Chickwood Forest").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    choose(driver, "Players", "3")
    type_name(driver, "Add a name", "Anna")
    assert chips(driver) == ["1. Anna", "2. Player 2", "3. Player 3"]
    type_name(driver, "Add a name", "Ben")  # the next name takes the next unnamed seat
    assert chips(driver) == ["1. Anna", "2. Ben", "3. Player 3"]
    driver.tap_text("Set up the table")
    assert driver.app.current_screen.step_title  # the guide: the form was complete
    assert driver.app.current_screen._config.players == ("Anna", "Ben", "Player 3")


def test_an_extra_tap_after_the_guides_done_takes_nothing(driver: Driver) -> None:
    from kivy.tests.common import UnitTestTouch

    new_game(driver, 3, "Every round")
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    done = driver.find("Done")
    spot = done.to_window(*done.center)
    driver.tap(done)
    screen = driver.app.current_screen
    assert driver.app.root.current.endswith("ChickwoodPlayScreen")
    # What lies under the finger now is the scouting step's Done, then the first raid's
    # button, not lit (no castle yet): two extra taps record nothing.
    assert screen.instructions.active
    for _ in range(2):
        driver.wait_for_tap_guard()  # a player's rhythm, slower than the guard
        touch = UnitTestTouch(*spot)
        touch.touch_down()
        driver.pump()
        touch.touch_up()
        driver.pump(3)
    raid = button(driver, "Raid")
    assert raid.collide_point(*raid.to_widget(*spot)) and raid.role == "normal"
    assert not screen.instructions.active
    assert screen.play.state.raids == () and len(screen.play.session.events) == 0
    assert screen.view.refusal == "Touch the castle raided first."


def test_an_extra_tap_after_new_games_button_scores_nothing(driver: Driver) -> None:
    """A quick score has no set-up guide: "Score these" takes the place of New game's
    "Set up the table", and must not score an empty count."""
    from kivy.tests.common import UnitTestTouch

    tile = driver.find("Chickwood Forest").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    choose(driver, "Players", "2")
    choose(driver, "Keep score", "Final count only")
    start = driver.find("Set up the table")
    spot = start.to_window(*start.center)
    driver.tap(start)
    screen = driver.app.current_screen
    score = button(driver, "Score these")
    assert score.collide_point(*score.to_widget(*spot)) and score.role == "normal"
    driver.wait_for_tap_guard()
    touch = UnitTestTouch(*spot)
    touch.touch_down()
    driver.pump()
    touch.touch_up()
    driver.pump(3)
    assert screen.play.state.phase == "entry" and len(screen.play.session.events) == 0
    assert screen.view.refusal.startswith("Nothing is entered yet")
    pad(driver, "Gold\nchest")
    assert button(driver, "Score these").role == "primary"


@pytest.mark.usefixtures("quick_taps")
def test_a_key_the_table_cannot_have_is_refused_as_it_is_pressed(driver: Driver) -> None:
    """Review N13: the pad checks every key, not only Raid, and Undo clears what it
    refused."""
    from app.games import BY_KEY

    layout = ("village-1", "village-2", "village-3", "village-4", "village-5", "forest-1")
    config = C.Config(players=("Ana", "Bo"), layout=layout, starting_castles=(1, 2))
    driver.app.start_game(BY_KEY["chickwood"], config, ["Ana", "Bo"], seed=1)
    screen = driver.app.current_screen
    scouted(driver)
    castle(driver, 1)
    pad(driver, "Gold\nchest", "Gold\nchest", "Gold\nchest")  # castle 1 takes two cards
    assert screen.view.refusal == "At most 2 cards can be played at castle 1."
    assert screen.view.refusal in driver.texts()
    assert screen.view.counts == {"chest:gold": 2}  # the third key was not taken
    driver.tap(button(driver, "Undo"))  # takes back the second chest: nothing refused now
    assert screen.view.counts == {"chest:gold": 1} and screen.view.refusal == ""
    castle(driver, 3)
    pad(driver, "Jerkin", "Jerkin", "Jerkin")
    assert screen.view.refusal == "The game has only 2 jerkin garment cards, not 3."
    assert screen.view.counts == {"chest:gold": 1, "garment:jerkin": 2}
    castle(driver, 1)  # three cards do not go to castle 1: the castle stays 3
    assert screen.view.castle == "3" and screen.view.refusal.startswith("At most 2 cards")
    driver.tap(button(driver, "Raid castle 3"))
    assert screen.play.state.raids[-1].loot.cards == 3


def test_a_move_changes_the_village_cards_it_changes_not_every_card(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.games import BY_KEY
    from app.tools.sweep_plan import EnginePlayer

    made: list[SpaceDot] = []
    original = SpaceDot.__init__

    def counted(dot: SpaceDot, **kwargs: Any) -> None:
        made.append(dot)
        original(dot, **kwargs)

    config = C.Config(players=("Ana", "Bo"))
    driver.app.start_game(BY_KEY["chickwood"], config, ["Ana", "Bo"], seed=3)
    driver.close_popups()
    screen = driver.app.current_screen
    monkeypatch.setattr(SpaceDot, "__init__", counted)
    player = EnginePlayer(3)
    fills_changed = 0
    for _ in range(60):
        cards = [w for w in screen.walk() if isinstance(w, VillageCard)]
        before = [
            [(d.text, tuple(d.fill)) for d in c.walk() if isinstance(d, SpaceDot)] for c in cards
        ]
        made.clear()
        if not player.step(screen):
            break
        driver.pump()
        # Lighting cards for a snake, or filling a space, builds no card's rows again.
        assert made == [], f"{len(made)} alms spaces built again for one move"
        after = [
            [(d.text, tuple(d.fill)) for d in c.walk() if isinstance(d, SpaceDot)] for c in cards
        ]
        fills_changed += before != after
    assert fills_changed  # the spaces did change, in place
