"""What the Skoventyr play screen shows, as plain data: the screen lays it out and nothing
else (app.skoventyr.play_screen). Built from the controller alone, so the same game at
the same moment shows the same screen, whether just played or opened again.

The Forest, the Future, the hand, the piles, the Minions and the Hostages are drawn from
the table as the people have been told it (the controller's ``table()``), never from the
game's state after the whole move: while a chain of instructions is told, each change
appears once its instruction is done, and while cards are put under the deck one at a
time their places stay empty (each card still answers to its place in the engine's row
when touched). ``drawn_places`` reads back from a view what it draws, for the oracle
(app/tools/oracle.py) to compare with its own model of the table.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.kit import colours
from app.kit.touch_select import Target
from app.skoventyr import touch_paths
from app.skoventyr.controller import SkoventyrController, future_row, percent
from app.skoventyr.look import CARD_COLOURS, lygtemand_words, two_line_name
from engines import skoventyr as S
from engines.core import Table
from engines.skoventyr import count_cards

EMPTY = colours.faded(colours.SURFACE, 0.6)


@dataclass(frozen=True)
class Answer:
    """An answer button of the bottom bar, in its fixed place (``target`` None: not
    possible now, the place left empty)."""

    target: Target | None
    words: str


@dataclass(frozen=True)
class Verb:
    verb: str
    words: str
    chosen: bool
    available: bool
    hinted: bool


@dataclass
class SkoventyrView:
    """What the screen shows (every field has a default: the empty view the screen's kv
    reads before a game is held)."""

    title: str = ""
    prompt: str = ""
    danger: bool = False
    over: bool = False
    ring_centre: str = ""
    deck_title: str = ""
    deck_caption: str = ""
    discard_caption: str = ""
    aside_title: str = ""
    aside_caption: str = ""
    show_hostages: bool = False
    hostages_heading: str = ""
    answering: bool = False
    trees: list[dict[str, Any]] = field(default_factory=list)
    future: list[dict[str, Any]] = field(default_factory=list)
    hand: list[dict[str, Any]] = field(default_factory=list)
    #: Whose hand ``hand`` is (a seat, from 0): the one the instruction told names, else
    #: that of the player whose turn is shown (while a move is told, the mover's).
    hand_seat: int = 0
    #: The hand row's heading: "Hand" alone, else whose it is (its player's name).
    hand_heading: str = "Hand"
    minions: list[dict[str, Any]] = field(default_factory=list)
    minion_columns: int = 1
    answers: list[dict[str, Any]] = field(default_factory=list)
    hostages: list[dict[str, Any]] = field(default_factory=list)
    #: The panel in place of the Minions and prompt: an instruction, or the hint.
    panel_shown: bool = False
    hint_shown: bool = False
    #: The hint may stand over the Minions (where there is no room beside them): none
    #: of them is to be touched now or next (review P2).
    hint_over_minions: bool = False
    panel: tuple[str, str, str, str] = ("", "", "", "")  # heading, position, words, reason
    #: The bar between Undo and the Hint: answers in their places, else the verbs.
    answers_bar: list[Answer] = field(default_factory=list)
    verbs: list[Verb] = field(default_factory=list)
    #: Where to mark the current instruction and the hint's next touch: place -> mark.
    marks: dict[str, str] = field(default_factory=dict)
    #: The Hint's own marks, by the target of what it names.
    hint_targets: list[Target] = field(default_factory=list)


@dataclass(frozen=True)
class SeenTable:
    """The Skoventyr table as the people have it (``SkoventyrController.table``), read
    back into what the screen draws."""

    ring: tuple[int, ...]
    sides: dict[int, str]
    allies: dict[int, tuple[S.Card, bool]]  # Tree -> its Ally, and whether Revealed
    vogter: int
    gamle_erik: int
    future: tuple[S.Card | None, ...]
    hands: dict[int, tuple[S.Card, ...]]  # player (from 0) -> hand
    taken: S.Card | None
    deck: int
    discard: tuple[S.Card, ...]
    set_aside: tuple[S.Card, ...]
    rallied: tuple[str, ...]
    minions: dict[int, str]  # "in play" or "defeated"
    lygtemands: dict[int, str]
    acorns_on: dict[int, int]
    hostages: dict[S.Card, str]  # "x1" or "x2"
    acorns: tuple[int, ...]

    @property
    def gap(self) -> int:
        """Clockwise steps from Gamle Erik to Vogter."""
        ring = self.ring
        return (ring.index(self.vogter) - ring.index(self.gamle_erik)) % len(ring)


def seen(table: Table) -> SeenTable:
    """``table`` (plain places, engines.skoventyr.table_places' keys) read for drawing."""

    def cards(key: str) -> tuple[S.Card, ...]:
        return tuple(S.Card(str(c)) for c in _items(table.get(key)))

    def numbered(prefix: str) -> dict[int, Hashable]:
        return {int(k.removeprefix(prefix)): v for k, v in table.items() if k.startswith(prefix)}

    allies = {}
    for tree, ally in numbered("ally:").items():
        card, face = _items(ally)
        allies[tree] = (S.Card(str(card)), face == "revealed")
    pile = [v for k, v in table.items() if k.startswith("deck:pile:")]
    deck = sum(int(str(n)) for n in pile) if pile else int(str(table.get("deck", 0)))
    taken = table.get("taken")
    return SeenTable(
        ring=tuple(int(str(t)) for t in _items(table.get("forest"))),
        sides={t: str(side) for t, side in numbered("tree:").items()},
        allies=allies,
        vogter=int(str(table["pawn:vogter"])),
        gamle_erik=int(str(table["pawn:gamle_erik"])),
        future=future_row(table),
        hands={n - 1: cards(f"hand:{n}") for n in numbered("hand:")},
        taken=None if taken is None else S.Card(str(taken)),
        deck=deck,
        discard=cards("discard"),
        set_aside=cards("set_aside"),
        rallied=tuple(str(r) for r in _items(table.get("rallied"))),
        minions={m: str(v) for m, v in numbered("minion:").items()},
        lygtemands={m: str(v) for m, v in numbered("lygtemand:").items()},
        acorns_on={m: int(str(v)) for m, v in numbered("acorn:").items()},
        hostages={
            S.Card(k.removeprefix("hostage:")): str(v)
            for k, v in table.items()
            if k.startswith("hostage:")
        },
        acorns=tuple(int(str(a)) for a in _items(table.get("acorns"))),
    )


def _items(value: Hashable) -> tuple[Hashable, ...]:
    return value if isinstance(value, tuple) else ()


def skoventyr_view(control: SkoventyrController) -> SkoventyrView:
    state = control.state
    table = seen(control.table())
    options = control.selection.options()
    choosing = bool(control.selection.prefix)
    over = state.ended is not None and not control.telling.active
    title = _title(control)
    danger = table.gap == 1 and not over
    note = "" if control.selection.prefix else control.owed.note
    prompt = control.message or " ".join(filter(None, [note, control.prompt()]))
    if danger and not control.message:  # red, and the words say why
        prompt = f"Danger: Gamle Erik 1 step behind. {prompt}"
    deck_title, deck_caption, discard_caption, aside = _piles(state, table)
    seat = _hand_shown(control)
    hand: list[tuple[Any, S.Card] | None] = [(c, c) for c in table.hands.get(seat, ())]
    if table.taken is not None:
        hand.insert(0, ("taken", table.taken))
    # Which card came up is asked once the table has carried out what came before it.
    answering = S.awaiting_reveal(state) and control.replay is None and not control.telling.active
    panel_shown, hint_shown, panel = _panel(control)
    minions, columns = _minions(state, table, options, choosing)
    return SkoventyrView(
        title=title,
        prompt=prompt,
        danger=danger,
        over=over,
        ring_centre=_ring_centre(table),
        deck_title=deck_title,
        deck_caption=deck_caption,
        discard_caption=discard_caption,
        aside_title=aside[0],
        aside_caption=aside[1],
        show_hostages=state.config.rescue,
        hostages_heading=_hostages_heading(table),
        answering=answering,
        trees=_trees(table, options, choosing),
        future=_cards(control, "future", _future_slots(table.future), options),
        hand=_cards(control, "hand", hand, options),
        hand_seat=seat,
        hand_heading="Hand" if len(state.hands) == 1 else control.player_name(seat),
        minions=minions,
        minion_columns=columns,
        answers=_answers(state) if answering else [],
        hostages=_hostages(table, options),
        panel_shown=panel_shown,
        hint_shown=hint_shown,
        hint_over_minions=hint_shown
        and not any(kind == "minion" for kind, _ in (*options, *control.hint_path())),
        panel=panel,
        answers_bar=_answer_places(control),
        verbs=_verbs(control, options),
        marks=_instruction_marks(control),
        hint_targets=list(control.hint_path()),
    )


def _turn_shown(control: SkoventyrController) -> S.State:
    """The state whose turn the screen shows (in its title and its hand): while the table
    is told what a move changed, the state before that move, so the turn is the move's
    own (the next turn begins once its last instruction is done)."""
    states, events = control.play.session.states, control.play.session.events
    if control.telling.active and len(states) > 1 and events and events[-1].type == "action":
        return states[-2]
    return control.state


def _hand_shown(control: SkoventyrController) -> int:
    """Whose hand the screen shows (a seat, from 0): the one the instruction being told
    names (a card dealt or taken into it), else the one a question is about (which card
    a player drew in the deal, with the table's own deck), else that of the turn shown."""
    told = control.telling.current
    named = [p for p in (told.places if told else ()) if p.startswith("hand:")]
    if named:
        return int(named[0].split(":")[1]) - 1
    if not control.telling.active and control.state.tasks:
        return S.asked_about(control.state)
    return _turn_shown(control).player


def _title(control: SkoventyrController) -> str:
    """The turn and whose it is (``_turn_shown``); the game's end once it is told."""
    state = _turn_shown(control)
    if control.state.ended is not None and not control.telling.active:
        return f"Game over after turn {control.state.turn}"
    if not state.turn:
        return "Skoventyr: set-up"
    return f"Turn {state.turn} \u00b7 {control.player_name(state.player)}"


def _future_slots(row: tuple[S.Card | None, ...]) -> list[tuple[Any, S.Card] | None]:
    """The Future as the table holds it: each place's card and the engine's slot it
    answers to (the cards left, in order), None for a place left empty."""
    cards: list[tuple[Any, S.Card] | None] = []
    slot = 0
    for card in row:
        if card is None:
            cards.append(None)
        else:
            cards.append((slot, card))
            slot += 1
    return cards


def _piles(state: S.State, table: SeenTable) -> tuple[str, str, str, tuple[str, str]]:
    """The deck (its count as the table holds it; the odds are the app's reckoning),
    the discard pile and what lies aside."""
    odds = S.gamle_erik_odds(state)
    if not table.deck:
        caption = "empty"
    elif odds == 1:
        caption = "Gamle Erik next"
    else:
        caption = f"{percent(odds)} Gamle Erik"
    count = len(table.discard)
    discard = f"{count} card{'s' if count != 1 else ''}" if count else "empty"
    if table.set_aside:
        aside = ("Set aside", count_cards(table.set_aside))
    elif table.rallied:
        rallied = [lygtemand_words(r) for r in table.rallied]
        aside = ("Rallied", rallied[0] if len(rallied) == 1 else f"{len(rallied)} Lygtemands")
    else:
        aside = ("", "")
    return f"Deck {table.deck}", caption, discard, aside


def _ring_centre(table: SeenTable) -> str:
    if table.vogter == table.gamle_erik:
        return f"Gamle Erik caught Vogter on Tree {table.vogter}"
    gap = table.gap
    return f"Gamle Erik {gap} step{'s' if gap != 1 else ''} behind Vogter"


def _hostages_heading(table: SeenTable) -> str:
    """Over the Hostages, with the Acorns in the Forest's centre (the ring's centre has
    no room for them once Trees are lost)."""
    heading = "Hostages: no Command with these types"
    if table.acorns:
        acorns = ", ".join(str(a) for a in table.acorns)
        heading = f"Hostages: no Command of these \u00b7 Acorns: {acorns}"
    return heading


def _trees(table: SeenTable, options: set[Target], choosing: bool) -> list[dict[str, Any]]:
    lit = {value for kind, value in options if kind == "tree"}
    trees = []
    for tree in table.ring:
        ally, revealed = table.allies.get(tree, (None, False))
        trees.append(
            {
                "target": ("tree", tree),
                "number": str(tree),
                "damaged": table.sides.get(tree) == "Damaged",
                "ally": ally.label if ally else "",
                "ally_colour": CARD_COLOURS[ally] if ally else colours.SURFACE_RAISED,
                "revealed": revealed,
                "vogter": table.vogter == tree,
                "gamle_erik": table.gamle_erik == tree,
                "touchable": tree in lit,
                "dimmed": bool(lit) and choosing and tree not in lit,
            }
        )
    return trees


def _cards(
    control: SkoventyrController,
    kind: str,
    cards: Sequence[tuple[Any, S.Card] | None],
    options: set[Target],
) -> list[dict[str, Any]]:
    """A row of cards, at least three places, so that a short row keeps the cards' size;
    an empty place (None, or past the last card) keeps its room."""
    lit = {value for k, value in options if k == kind}
    chosen = {value for k, value in control.selection.prefix if k == kind}
    selecting = bool(options) and bool(control.selection.prefix)
    tiles: list[dict[str, Any]] = []
    for index in range(max(3, len(cards))):
        entry = cards[index] if index < len(cards) else None
        if entry is None:
            tiles.append(
                {
                    "title": "",
                    "narrow_title": "",
                    "caption": "",
                    "colour": EMPTY,
                    "target": None,
                    "touchable": False,
                    "selected": False,
                    "dimmed": False,
                }
            )
            continue
        key, card = entry
        tiles.append(
            {
                "title": card.label,
                "narrow_title": two_line_name(card),
                "caption": "just taken" if key == "taken" else "",
                "colour": CARD_COLOURS[card],
                "target": (kind, key),
                "touchable": key in lit,
                "selected": key in chosen,
                "dimmed": selecting and key not in lit | chosen,
            }
        )
    return tiles


def _minions(
    state: S.State, table: SeenTable, options: set[Target], choosing: bool
) -> tuple[list[dict[str, Any]], int]:
    """Each kind of Minion in a column, so that a defeated one leaves a gap (the game
    knows each Minion's name and value; the table says whether it is still in play)."""
    lit = {value for kind, value in options if kind == "minion"}
    everyone = sorted((*state.minions, *state.defeated), key=lambda m: m.id)
    kinds = list(dict.fromkeys(m.name for m in everyone))
    columns = [[m for m in everyone if m.name == name] for name in kinds]
    order = [column[row] for row in range(2) for column in columns if row < len(column)]
    tiles = []
    for minion in order:
        in_play = table.minions.get(minion.id) == "in play"
        shown = table.lygtemands.get(minion.id)
        acorn = table.acorns_on.get(minion.id)
        name = f"{minion.name.capitalize()} {minion.value}"
        if not in_play:
            name += "\ndefeated"
        tiles.append(
            {
                "name": name,
                "lygtemand": lygtemand_words(shown) if shown else "",
                "lygtemand_colour": (
                    CARD_COLOURS[S.Card(shown)] if shown and shown != "any" else colours.TEXT_DIM
                ),
                "acorn": f"Acorn {acorn}" if acorn else "",  # until told to move it
                "target": ("minion", minion.id),
                "touchable": minion.id in lit,
                "dimmed": not in_play or (choosing and bool(lit) and minion.id not in lit),
            }
        )
    return tiles, max(1, len(columns))


def _answers(state: S.State) -> list[dict[str, Any]]:
    """Which card came up: each kind of card in its fixed place on the board, with its
    chance; one that cannot come up now keeps its place, empty."""
    odds = S.next_reveal_odds(state)
    tiles = []
    for card in S.Card:
        possible = card in odds
        tiles.append(
            {
                "title": card.label if possible else "",
                "narrow_title": two_line_name(card) if possible else "",
                "caption": percent(odds[card]) if possible else "",
                "colour": CARD_COLOURS[card] if possible else EMPTY,
                "target": ("answer", S.Reveal(card).label) if possible else None,
                "touchable": possible,
            }
        )
    return tiles


def _hostages(table: SeenTable, options: set[Target]) -> list[dict[str, Any]]:
    """The Rescue module's Hostages, each an Ally under its token."""
    lit = {value for kind, value in options if kind == "hostage"}
    tiles = []
    for card in sorted(table.hostages, key=list(S.Card).index):
        # The x2 token as it is printed, after the name: a line of its own would not
        # fit under a name on two lines.
        token = " x2" if table.hostages[card] == "x2" else ""
        tiles.append(
            {
                "title": card.label + token,
                "narrow_title": two_line_name(card) + token,
                "caption": "",
                "colour": CARD_COLOURS[card],
                "target": ("hostage", card),
                "touchable": card in lit,
            }
        )
    return tiles


def _panel(control: SkoventyrController) -> tuple[bool, bool, tuple[str, str, str, str]]:
    """The instruction being told, or the hint, in place of the Minions and prompt."""
    telling = control.telling
    current = telling.current
    if current is not None:
        reason = control.message or telling.reason
        return (
            True,
            False,
            (telling.heading or "On the table", telling.position, current.words, reason),
        )
    if control.hint is not None:
        # No heading row: the words say it is a hint, and the room goes to them.
        return True, True, ("", "", control.hint.headline, control.hint.estimate)
    return False, False, ("", "", "", "")


def _answer_places(control: SkoventyrController) -> list[Answer]:
    """The answer buttons now, in fixed places (None: not possible, left empty)."""
    selection = control.selection
    ordered = selection.ordered_options()
    options = set(ordered)
    kinds = control.stage()
    answers = [t for t in ordered if t[0] == "answer"]
    choices = touch_paths.CHOICE_PLACES.get(kinds, ())
    # A choice stage keeps its buttons' places even when none of them is possible
    # now (Command's power: the prompt says why); the rewards show only when asked.
    if (kinds and choices) or any(("choice", c) in options for c in choices):
        return [
            Answer(("choice", c), touch_paths.CHOICE_WORDS[c])
            if ("choice", c) in options
            else Answer(None, "")
            for c in choices
        ]
    slots = control.owed.answer_slots
    offered = [str(t[1]) for t in answers]
    if not (offered and set(offered) <= set(slots)):
        slots = tuple(offered)
    short = short_answers([w for w in slots if w])
    return [Answer(("answer", w), short[w]) if w in offered else Answer(None, "") for w in slots]


def short_answers(answers: list[str]) -> dict[str, str]:
    """Each answer's words on its button: what sets it apart from the others ("Put a
    discarded Trold under the deck" -> "Trold"; the prompt asks the whole question)."""
    if len(answers) < 2:
        return {words: words for words in answers}
    split = [words.split(" ") for words in answers]
    first = 0
    while all(len(w) > first + 1 and w[first] == split[0][first] for w in split):
        first += 1
    last = 0
    while all(len(w) > first + last + 1 and w[-1 - last] == split[0][-1 - last] for w in split):
        last += 1
    return {
        words: " ".join(w[first : len(w) - last]) for words, w in zip(answers, split, strict=True)
    }


def _verbs(control: SkoventyrController, options: set[Target]) -> list[Verb]:
    config = control.state.config
    chosen = control.selection.prefix[0][1] if control.selection.prefix else None
    hinted = set(control.hint_path())
    return [
        Verb(
            verb,
            words,
            verb == chosen,
            ("verb", verb) in options or verb == chosen,
            ("verb", verb) in hinted,
        )
        for verb, words in touch_paths.VERBS.items()
        if (verb != "reconcile" or config.lygtemands) and (verb != "rescue" or config.rescue)
    ]


def _instruction_marks(control: SkoventyrController) -> dict[str, str]:
    current = control.telling.current
    marks: dict[str, str] = {}
    if current is not None:
        if current.source:
            marks[current.source] = "from"
        if current.target:
            marks[current.target] = "to"
    return marks


# -- read back -------------------------------------------------------------------------

_BY_LABEL = {card.label: card for card in S.Card}


def drawn_places(view: SkoventyrView) -> dict[str, Hashable]:
    """What ``view`` draws of the table, read back from its tiles alone, as plain places
    (engines.skoventyr.table_places' keys; None for a place drawn empty): the ring of
    Trees, each Tree's side and Ally, both pawns, the Future's places, the hand shown
    (``hand_seat``'s) and the card just taken, the Minions in play or defeated and their Acorns,
    and the Hostages. The oracle compares them with its own model of the table."""
    places: dict[str, Hashable] = {"forest": tuple(int(t["number"]) for t in view.trees)}
    for tree in view.trees:
        number = int(tree["number"])
        places[f"tree:{number}"] = "Damaged" if tree["damaged"] else "Healthy"
        ally = _BY_LABEL.get(tree["ally"])
        face = "revealed" if tree["revealed"] else "hidden"
        places[f"ally:{number}"] = None if ally is None else (ally.value, face)
        for pawn in ("vogter", "gamle_erik"):
            if tree[pawn]:
                places[f"pawn:{pawn}"] = number
    for place, tile in enumerate(view.future, start=1):
        card = _BY_LABEL.get(tile["title"])
        places[f"future:{place}"] = None if card is None else card.value
    hand = [_BY_LABEL[t["title"]].value for t in view.hand if t["title"] and t["caption"] == ""]
    taken = [_BY_LABEL[t["title"]].value for t in view.hand if t["caption"] == "just taken"]
    places[f"hand:{view.hand_seat + 1}"] = tuple(hand) or None
    places["taken"] = taken[0] if taken else None
    for tile in view.minions:
        minion = tile["target"][1]
        places[f"minion:{minion}"] = "defeated" if "defeated" in tile["name"] else "in play"
        acorn = tile["acorn"].removeprefix("Acorn ")
        places[f"acorn:{minion}"] = int(acorn) if acorn else None
    if view.show_hostages:
        places.update({f"hostage:{card.value}": None for card in S.Card})
        for tile in view.hostages:
            card = tile["target"][1]
            places[f"hostage:{card.value}"] = "x2" if tile["title"].endswith(" x2") else "x1"
    return places
