"""What the Skoventyr play screen shows, as plain data: the screen lays it out and nothing
else (app.skoventyr.play_screen). Built from the controller alone, so the same game at
the same moment shows the same screen, whether just played or opened again.

The Future shows the row as it lies on the table: while cards are put under the deck one
at a time, and until the table has slid the row, their places stay empty (each card
still answers to its place in the engine's row when touched).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.kit import colours
from app.kit.touch_select import Target
from app.skoventyr import touch_paths
from app.skoventyr.controller import SkoventyrController, percent
from app.skoventyr.look import CARD_COLOURS, lygtemand_words, two_line_name
from engines import skoventyr as S
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
    title: str
    prompt: str
    danger: bool
    over: bool
    ring_centre: str
    deck_title: str
    deck_caption: str
    discard_caption: str
    aside_title: str
    aside_caption: str
    show_hostages: bool
    hostages_heading: str
    answering: bool
    trees: list[dict[str, Any]]
    future: list[dict[str, Any]]
    hand: list[dict[str, Any]]
    minions: list[dict[str, Any]]
    minion_columns: int
    answers: list[dict[str, Any]]
    hostages: list[dict[str, Any]]
    #: The panel in place of the Minions and prompt: an instruction, or the hint.
    panel_shown: bool
    hint_shown: bool
    panel: tuple[str, str, str, str]  # heading, position, words, reason
    #: The bar between Undo and the Hint: answers in their places, else the verbs.
    answers_bar: list[Answer]
    verbs: list[Verb]
    #: Where to mark the current instruction and the hint's next touch: place -> mark.
    marks: dict[str, str] = field(default_factory=dict)
    #: The Hint's own marks, by the target of what it names.
    hint_targets: list[Target] = field(default_factory=list)


def skoventyr_view(control: SkoventyrController) -> SkoventyrView:
    state = control.state
    options = control.selection.options()
    choosing = bool(control.selection.prefix)
    who = control.player_name(state.player)
    over = state.ended is not None
    if over:
        title = f"Game over after turn {state.turn}"
    elif state.turn:
        title = f"Turn {state.turn} \u00b7 {who}"
    else:
        title = "Skoventyr: set-up"
    danger = state.forest.gap == 1 and not over
    note = "" if control.selection.prefix else control.owed.note
    prompt = control.message or " ".join(filter(None, [note, control.prompt()]))
    if danger and not control.message:  # red, and the words say why
        prompt = f"Danger: Gamle Erik 1 step behind. {prompt}"
    deck_title, deck_caption, discard_caption, aside = _piles(state)
    hand: list[tuple[Any, S.Card]] = [(c, c) for c in state.hand]
    if state.taken is not None:
        hand.insert(0, ("taken", state.taken))
    answering = S.awaiting_reveal(state) and control.replay is None
    panel_shown, hint_shown, panel = _panel(control)
    minions, columns = _minions(state, options, choosing)
    return SkoventyrView(
        title=title,
        prompt=prompt,
        danger=danger,
        over=over,
        ring_centre=_ring_centre(state),
        deck_title=deck_title,
        deck_caption=deck_caption,
        discard_caption=discard_caption,
        aside_title=aside[0],
        aside_caption=aside[1],
        show_hostages=state.config.rescue,
        hostages_heading=_hostages_heading(state),
        answering=answering,
        trees=_trees(state, options, choosing),
        future=_cards(control, "future", _future_on_table(control), options),
        hand=_cards(control, "hand", hand, options),
        minions=minions,
        minion_columns=columns,
        answers=_answers(state) if answering else [],
        hostages=_hostages(state, options),
        panel_shown=panel_shown,
        hint_shown=hint_shown,
        panel=panel,
        answers_bar=_answer_places(control),
        verbs=_verbs(control, options),
        marks=_instruction_marks(control),
        hint_targets=list(control.hint_path()),
    )


def _future_on_table(control: SkoventyrController) -> list[tuple[Any, S.Card] | None]:
    """The Future as the table holds it: each place's card and the engine's slot it
    answers to, None for a place left empty until the row slides."""
    row = control.future_on_table()
    if row is None:
        return list(enumerate(control.state.future))
    cards: list[tuple[Any, S.Card] | None] = []
    slot = 0
    for card in row:
        if card is None:
            cards.append(None)
        else:
            cards.append((slot, card))
            slot += 1
    return cards


def _piles(state: S.State) -> tuple[str, str, str, tuple[str, str]]:
    deck = state.deck
    odds = S.gamle_erik_odds(state)
    if deck.empty:
        caption = "empty"
    elif odds == 1:
        caption = "Gamle Erik next"
    else:
        caption = f"{percent(odds)} Gamle Erik"
    count = len(state.discard)
    discard = f"{count} card{'s' if count != 1 else ''}" if count else "empty"
    if state.revealed:
        aside = ("Set aside", count_cards(state.revealed))
    elif state.rallied:
        rallied = [lygtemand_words(r) for r in state.rallied]
        aside = ("Rallied", rallied[0] if len(rallied) == 1 else f"{len(rallied)} Lygtemands")
    else:
        aside = ("", "")
    return f"Deck {deck.size}", caption, discard, aside


def _ring_centre(state: S.State) -> str:
    gap = state.forest.gap
    if state.forest.caught:
        lines = [f"Gamle Erik caught Vogter on Tree {state.forest.vogter}"]
    else:
        lines = [f"Gamle Erik {gap} step{'s' if gap != 1 else ''} behind Vogter"]
    return "\n".join(lines)


def _hostages_heading(state: S.State) -> str:
    """Over the Hostages, with the Acorns in the Forest's centre (the ring's centre has
    no room for them once Trees are lost)."""
    heading = "Hostages: no Command with these types"
    if state.acorns:
        acorns = ", ".join(str(a) for a in state.acorns)
        heading = f"Hostages: no Command of these \u00b7 Acorns: {acorns}"
    return heading


def _trees(state: S.State, options: set[Target], choosing: bool) -> list[dict[str, Any]]:
    forest = state.forest
    lit = {value for kind, value in options if kind == "tree"}
    return [
        {
            "target": ("tree", tree.id),
            "number": str(tree.id),
            "damaged": tree.damaged,
            "ally": tree.ally.label if tree.ally else "",
            "ally_colour": CARD_COLOURS[tree.ally] if tree.ally else colours.SURFACE_RAISED,
            "revealed": tree.revealed,
            "vogter": forest.vogter == tree.id,
            "gamle_erik": forest.gamle_erik == tree.id,
            "touchable": tree.id in lit,
            "dimmed": bool(lit) and choosing and tree.id not in lit,
        }
        for tree in forest.trees
    ]


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
    state: S.State, options: set[Target], choosing: bool
) -> tuple[list[dict[str, Any]], int]:
    """Each kind of Minion in a column, so that a defeated one leaves a gap."""
    lit = {value for kind, value in options if kind == "minion"}
    everyone = sorted((*state.minions, *state.defeated), key=lambda m: m.id)
    kinds = list(dict.fromkeys(m.name for m in everyone))
    columns = [[m for m in everyone if m.name == name] for name in kinds]
    order = [column[row] for row in range(2) for column in columns if row < len(column)]
    in_play = {m.id for m in state.minions}
    tiles = []
    for minion in order:
        shown = minion.lygtemand
        name = f"{minion.name.capitalize()} {minion.value}"
        if minion.id not in in_play:
            name += "\ndefeated"
        tiles.append(
            {
                "name": name,
                "lygtemand": lygtemand_words(shown) if shown else "",
                "lygtemand_colour": (
                    CARD_COLOURS[S.Card(shown)] if shown and shown != "any" else colours.TEXT_DIM
                ),
                "acorn": f"Acorn {minion.acorn}" if minion.acorn and minion.id in in_play else "",
                "target": ("minion", minion.id),
                "touchable": minion.id in lit,
                "dimmed": minion.id not in in_play
                or (choosing and bool(lit) and minion.id not in lit),
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


def _hostages(state: S.State, options: set[Target]) -> list[dict[str, Any]]:
    """The Rescue module's Hostages, each an Ally under its token."""
    lit = {value for kind, value in options if kind == "hostage"}
    tiles = []
    for hostage in state.hostages:
        # The x2 token as it is printed, after the name: a line of its own would not
        # fit under a name on two lines.
        token = " x2" if hostage.double else ""
        tiles.append(
            {
                "title": hostage.card.label + token,
                "narrow_title": two_line_name(hostage.card) + token,
                "caption": "",
                "colour": CARD_COLOURS[hostage.card],
                "target": ("hostage", hostage.card),
                "touchable": hostage.card in lit,
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
