"""What the Skogen play screen shows, as plain data: the screen lays it out and nothing
else (app.skogen.play_screen). Built from the controller and the table as the people
have been told it (``control.table()``, never the game's state after the whole move), so
the same game at the same moment shows the same screen, whether it was just played or
opened again after a pulled plug; ``drawn_places`` reads back what it draws, by the
engine's place keys, for the tests to hold against the table."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Literal

from app.kit.colours import Colour
from app.play.telling import Panel, told_panel
from app.skogen.controller import Key, SkogenController
from app.skogen.look import ACTION_SHORT, ELEMENT_COLOURS, ELEMENT_WORDS, FACE_WORDS
from engines import skogen as G
from engines.core import PlayerScore, Table
from engines.skogen import ELEMENT_POINTS, LIFE_TYPES, SPECIES_POINTS, counted

#: The ways of leaving a catastrophe without an element tile.
NOT_TAKEN = {"reroll": "None left: reroll", "none": "Take none"}
#: The keys of the keypad that count what is pending (an action card: any).
KEYS: tuple[tuple[str, Hashable], ...] = (
    *(("species", points) for points in SPECIES_POINTS),
    ("element", 1),
    ("card", None),
    *(("life", letter) for letter in LIFE_TYPES),
)

#: What stands in the column beside (or under) the ledger: an instruction, the real
#: die's faces, the element tiles' question (in a wide window), or the keypad.
Side = Literal["instruction", "die", "element", "keypad"]


@dataclass(frozen=True)
class LedgerLine:
    """One player's row: points, square, life cards by letter, species tiles held of the
    most allowed, action cards used."""

    name: str = ""
    current: bool = False
    score: str = "0"
    square: str = "start"
    life: str = "none"
    hand: str = ""
    cards: str = "0"


@dataclass(frozen=True)
class Offer:
    """A button of the die: a face of the real die, an element tile the face offers, or
    a way of taking none; ``key`` is what it answers."""

    text: str = ""
    key: str = ""
    swatch: Colour = (0, 0, 0, 0)


@dataclass(frozen=True)
class SkogenView:
    title: str = ""
    status: str = ""
    message: str = ""  # a refusal or a fault, in the engine's words
    summary: str = ""  # the turn being built
    undone: str = ""  # what Undo last took back from the turn being built
    note: str = ""  # under the ledger: how to correct a token, the quiet turns
    die_prompt: str = ""
    rows: tuple[LedgerLine, ...] = ()
    #: How many of what each key adds are pending, by the key (KEYS).
    counts: tuple[tuple[tuple[str, Hashable], int], ...] = ()
    side: Side = "keypad"
    faces: tuple[Offer, ...] = ()
    elements: tuple[Offer, ...] = ()
    extras: tuple[Offer, ...] = ()
    choosing: bool = False  # the element tiles offered are shown
    telling: bool = False  # an instruction for the table is shown
    panel: Panel = field(default_factory=Panel)
    fixing: bool = False  # an old turn is loaded on the keypad to be changed
    pending: bool = False  # something on the keypad for Undo to take back
    can_undo: bool = False
    take_two: bool = False  # Take two elements is offered
    primary_text: str = ""
    over: bool = False
    scores: tuple[PlayerScore, ...] = ()
    winners: tuple[str, ...] = ()
    reason: str = ""
    lights: tuple[str, str] = ("off", "off")
    #: What the buttons mean: when it changes, taps wait a moment (app.kit.tap_guard).
    meaning: tuple[Hashable, ...] = ()


def skogen_view(control: SkogenController) -> SkogenView:
    state = control.state
    telling = control.telling
    fixed = control.fixed
    fixing = fixed is not None
    table = control.table()
    outcome = control.play.session.outcome()
    over = state.phase == "over"
    choosing = state.phase == "element" and not (fixing or telling.active)
    entries = control.entries
    return SkogenView(
        title=_title(control),
        status=f"{counted(_number(table.get('bags')), 'tile')} in the bags",
        message=control.message,
        summary=_summary(control),
        undone=control.undone,
        note=_note(state),
        die_prompt=_die_prompt(state),
        rows=tuple(_rows(state, table)),
        counts=tuple((key, _count(entries, key)) for key in KEYS),
        side=_side(state, telling.active, fixing),
        faces=_faces(state) if not (fixing or telling.active) else (),
        elements=_elements(state) if choosing else (),
        extras=_extras(state) if choosing else (),
        choosing=choosing,
        telling=telling.active,
        panel=_panel(control),
        fixing=fixing,
        pending=bool(control.owed.entry),
        can_undo=control.can_undo,
        take_two=(state.phase == "turn" or fixing) and not telling.active,
        primary_text=_primary_text(control),
        over=over,
        scores=tuple(G.scores(state)) if outcome is not None else (),
        winners=tuple(outcome.winners) if outcome is not None else (),
        reason=outcome.reason if outcome is not None else "",
        lights=("off" if over else "on", "off"),
        meaning=(
            state.turn,
            state.phase,
            len(state.rolls),
            telling.current,
            fixed.number if fixed else None,
        ),
    )


def _title(control: SkogenController) -> str:
    """Whose turn it is; while the steps of a turn are told, that turn's (P13)."""
    if control.telling.active and control.owed.told_turn:
        return control.owed.told_turn
    if control.state.phase == "over":
        return "Skogen"
    return control.turn_words(control.state)


def _number(value: object) -> int:
    return value if isinstance(value, int) else 0


def _rows(state: G.State, table: Table) -> list[LedgerLine]:
    """The ledger's rows, from the table as told."""
    board = state.config.board
    lines = []
    for seat, player in enumerate(state.players):
        name = player.name
        score = _number(table.get(f"token:{name}"))
        life = table.get(f"life:{name}", (0, 0, 0, 0))
        assert isinstance(life, tuple)
        used = table.get(f"actions:{name}", ())
        assert isinstance(used, tuple)
        square = str(board.square(score)) if score else "start"
        if board.laps(score):
            square = f"{board.square(score)}\nlap {board.laps(score) + 1}"
        letters = " ".join(
            letter + (str(count) if count > 1 else "")
            for letter, count in zip(LIFE_TYPES, life, strict=True)
            if count
        )
        limit = G.PlayerLedger(name, life=(life[0], life[1], life[2], life[3])).hand_limit
        lines.append(
            LedgerLine(
                name=name,
                current=seat == state.current and state.phase != "over",
                score=str(score),
                square=square,
                life=letters or "none",
                hand=f"{_number(table.get(f'hand:{name}'))} of {limit}",
                cards=str(len(used)),
            )
        )
    return lines


def _count(entries: tuple[Key, ...], key: tuple[str, Hashable]) -> int:
    kind, value = key
    return sum(1 for k, v in entries if k == kind and value in (v, None))


def _side(state: G.State, telling: bool, fixing: bool) -> Side:
    if telling:
        return "instruction"
    if fixing:
        return "keypad"
    if state.phase == "roll":
        return "die"
    if state.phase == "element":
        return "element"
    return "keypad"


def _faces(state: G.State) -> tuple[Offer, ...]:
    """The faces of the real die, when the people roll it and it is due."""
    if state.phase != "roll" or state.config.die != "table":
        return ()
    faces = dict.fromkeys(state.config.board.die_faces)
    return tuple(Offer(FACE_WORDS[face], face) for face in faces)


def _elements(state: G.State) -> tuple[Offer, ...]:
    return tuple(
        Offer(ELEMENT_WORDS[action.element], action.element, ELEMENT_COLOURS[action.element])
        for action in G.legal_actions(state)
        if isinstance(action, G.TakeElement)
    )


def _extras(state: G.State) -> tuple[Offer, ...]:
    offers = []
    for action in G.legal_actions(state):
        if isinstance(action, (G.Reroll, G.NoElement)):
            key = "reroll" if isinstance(action, G.Reroll) else "none"
            offers.append(Offer(NOT_TAKEN[key], key))
    return tuple(offers)


def _panel(control: SkogenController) -> Panel:
    return told_panel(control.telling, control.owed.roll_count)


def _primary_text(control: SkogenController) -> str:
    if control.telling.active:
        return "Done"
    fixed = control.fixed
    if fixed is not None:
        return f"Save turn {fixed.number}"
    phase = control.state.phase
    if phase == "turn":
        # Nothing entered, nothing to record: the spot where Done (of the set-up guide,
        # the die, an undo) just was stays empty until a key is touched.
        points = control.turn().points
        return f"Enter {counted(points, 'point')}" if control.entries else ""
    return "Home" if phase == "over" else ""


def _summary(control: SkogenController) -> str:
    fixed = control.fixed
    if control.state.phase != "turn" and fixed is None:
        return ""
    turn = control.turn()
    parts = [str(p) for p in turn.species]
    parts += [f"element {ELEMENT_POINTS}"] * turn.elements
    fixing = f"Turn {fixed.number} as it really was: " if fixed else ""
    drawn = f"draw {counted(control.draw_count(), 'species tile')}"
    if not control.entries:
        return fixing + "Touch the points of each tile placed (no species tile is worth 4)."
    # Everything pending is said, whatever the points: life and action cards too.
    text = (" + ".join(parts) + " = " if parts else "") + counted(turn.points, "point")
    extras = list(turn.life_cards) + [ACTION_SHORT[c] for c in turn.action_cards]
    if extras:
        text += ", with " + ", ".join(extras)
    return fixing + text + f"; then {drawn}"


def _note(state: G.State) -> str:
    """Under the ledger: how to correct a token, and how near two quiet rounds are."""
    note = "Touch a player to correct their token or one of their turns."
    if state.quiet_turns:
        rounds = 2 * len(state.players)
        quiet = counted(state.quiet_turns, "turn")
        note += (
            f"\nNo species tile played for {quiet} in a row: after "
            f"{rounds} (two rounds) the game ends."
        )
    return note


def _die_prompt(state: G.State) -> str:
    name = state.player.name
    if state.phase == "roll":
        table_die = state.config.die == "table"
        how = "Roll the real die: which face came up?" if table_die else "The app rolls."
        return f"Catastrophe for {name}! {how}"
    if state.face is not None:
        return f"{FACE_WORDS[state.face]}: which element tile did {name} take?"
    return ""


def drawn_places(view: SkogenView) -> dict[str, Hashable]:
    """What the view draws of the table, read back from its words by the engine's place
    keys (engines.skogen.table_places): each token's points, the species tiles behind
    each screen, each player's life cards, and the tiles left in the bags. (The action
    cards used are drawn only as a count, not which: they are left out.)"""
    places: dict[str, Hashable] = {}
    for row in view.rows:
        places[f"token:{row.name}"] = int(row.score)
        places[f"hand:{row.name}"] = int(row.hand.partition(" of ")[0])
        places[f"life:{row.name}"] = _life_read(row.life)
    words = view.status.split()
    places["bags"] = int(words[0]) if words and words[0].isdigit() else 0
    return places


def _life_read(words: str) -> tuple[int, ...]:
    counts = dict.fromkeys(LIFE_TYPES, 0)
    for part in words.split():
        if part[:1] in counts:
            counts[part[:1]] = int(part[1:] or 1)
    return tuple(counts[letter] for letter in LIFE_TYPES)
