"""Corrections by hand: the people's own changes that bring the app's board in line with
the table (a forgotten wound, a figure in the wrong space, a card entered wrongly).

Each correction is an action: ``rules.apply`` accepts it whenever no choice is half made
(``State.pending`` is empty) and the game is not over, so it is logged, undone and
replayed like any other; ``legal_actions`` never lists one, so bots and random play never
use them. ``manual_edits(state)`` lists the ones that make sense now, for a menu.

A correction changes what it names and what the rules make of it at once (a wound that
fills a hero's last wound space eliminates it; a sixth root wins the game for Tanthos),
and counts itself in ``State.corrections`` so that ``table_changes`` knows the people
made the change themselves.

Card zones are "hand", "deck" and "discard". When the app holds a side's cards, a named
card moves between them (into the deck it is shuffled in, with the game's random source);
when the hero player holds the Foxen deck only the face-up discard pile is known by name,
and the hand and deck are set as counts (``EditSetCount``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from engines.core import IllegalAction
from engines.core.quick_replace import replace
from engines.skulk_hollow import board, combat
from engines.skulk_hollow.actions import SkulkAction, title_words
from engines.skulk_hollow.components import POWER_CUBES
from engines.skulk_hollow.guardians import apoda, grak, module, tanthos
from engines.skulk_hollow.state import Cards, Side, State, Unit

ZONES: tuple[str, ...] = ("hand", "deck", "discard")
SIDES: tuple[str, ...] = ("hero", "guardian")
#: Power cubes lie on hero unit cards (by unit id), on the guardian's mat and in the pools.
POOLS: dict[str, str] = {
    "guardian": "the guardian's mat",
    "guardian_pool": "the guardian's pool",
    "hero_pool": "your pool",
}
#: The counts a correction may set, in words ("{}" stands for the value).
COUNTS: dict[str, str] = {
    "actions_left": "actions left: {}",
    "tribute": "tribute token at {}",
    "runes_collected": "{} runes on Apoda's rune track",
    "hero_hand": "your hand holds {} cards",
    "hero_deck": "your deck holds {} cards",
}
#: How many actions a correction may leave a side: more than any turn gives.
MOST_ACTIONS = 9


def _space(space: str) -> str:
    return space.replace("_", " ").upper()


def _zone(side: str, zone: str) -> str:
    whose = "your" if side == "hero" else "the guardian's"
    return f"{whose} {'discard pile' if zone == 'discard' else zone}"


class HandEdit(SkulkAction):
    """The base of every correction by hand."""


@dataclass(frozen=True)
class EditMoveGuardian(HandEdit, kind="edit_move_guardian"):
    space: str

    @property
    def label(self) -> str:
        return f"By hand: move the guardian to {_space(self.space)}"


@dataclass(frozen=True)
class EditRaptraStatus(HandEdit, kind="edit_raptra_status"):
    airborne: bool

    @property
    def label(self) -> str:
        return f"By hand: Raptra {'in the air' if self.airborne else 'on the ground'}"


@dataclass(frozen=True)
class EditMoveUnit(HandEdit, kind="edit_move_unit"):
    """A hero figure to a ground space (``space``) or onto a guardian location."""

    unit: str
    space: str = ""
    location: str = ""

    @property
    def label(self) -> str:
        where = _space(self.space) if self.space else f"the guardian's {_space(self.location)}"
        return f"By hand: move the {title_words(self.unit)} to {where}"


@dataclass(frozen=True)
class EditUnitWound(HandEdit, kind="edit_unit_wound"):
    unit: str
    add: bool

    @property
    def label(self) -> str:
        if self.add:
            return f"By hand: put a wound on the {title_words(self.unit)}"
        return f"By hand: take a wound off the {title_words(self.unit)}"


@dataclass(frozen=True)
class EditLocationWound(HandEdit, kind="edit_location_wound"):
    location: str
    add: bool

    @property
    def label(self) -> str:
        where = f"the guardian's {_space(self.location)}"
        return f"By hand: {'put a wound on' if self.add else 'take a wound off'} {where}"


@dataclass(frozen=True)
class EditPower(HandEdit, kind="edit_power"):
    """One power cube onto or off a hero unit (its id) or one of ``POOLS``."""

    holder: str
    add: bool

    @property
    def label(self) -> str:
        where = POOLS.get(self.holder) or f"the {title_words(self.holder)}"
        return f"By hand: {'put a power cube on' if self.add else 'take a power cube off'} {where}"


@dataclass(frozen=True)
class EditRoot(HandEdit, kind="edit_root"):
    space: str
    add: bool

    @property
    def label(self) -> str:
        if self.add:
            return f"By hand: put a root token in {_space(self.space)}"
        return f"By hand: take a root token from {_space(self.space)}"


@dataclass(frozen=True)
class EditRune(HandEdit, kind="edit_rune"):
    space: str
    add: bool

    @property
    def label(self) -> str:
        if self.add:
            return f"By hand: put a rune token in {_space(self.space)}"
        return f"By hand: take a rune token from {_space(self.space)}"


@dataclass(frozen=True)
class EditSetCount(HandEdit, kind="edit_set_count"):
    """One of ``COUNTS`` set to ``value``."""

    what: str
    value: int

    @property
    def label(self) -> str:
        return "By hand: " + COUNTS.get(self.what, self.what + ": {}").format(self.value)


@dataclass(frozen=True)
class EditMoveCard(HandEdit, kind="edit_move_card"):
    side: str
    card: str
    source: str
    target: str

    @property
    def label(self) -> str:
        return (
            f"By hand: move {title_words(self.card)} from {_zone(self.side, self.source)} "
            f"to {_zone(self.side, self.target)}"
        )


@dataclass(frozen=True)
class EditSetTurn(HandEdit, kind="edit_set_turn"):
    side: str

    @property
    def label(self) -> str:
        whose = "your" if self.side == "hero" else "the guardian's"
        return f"By hand: it is {whose} turn"


EDITS: tuple[type[HandEdit], ...] = (
    EditMoveGuardian,
    EditRaptraStatus,
    EditMoveUnit,
    EditUnitWound,
    EditLocationWound,
    EditPower,
    EditRoot,
    EditRune,
    EditSetCount,
    EditMoveCard,
    EditSetTurn,
)


# -- carrying a correction out -----------------------------------------------------------


def apply_edit(state: State, edit: HandEdit) -> State:
    """The state after the correction (not yet settled); ``IllegalAction`` if it cannot be
    made, with the reason in a player's words."""
    if state.pending is not None:
        raise IllegalAction(
            "Finish the choice being made (or take it back with Undo), then correct by hand."
        )
    if isinstance(edit, EditMoveGuardian):
        _check_space(state, edit.space)
        if edit.space == state.guardian_space:
            raise IllegalAction("The guardian already stands there.")
        return replace(state, guardian_space=edit.space)
    if isinstance(edit, EditRaptraStatus):
        if state.config.guardian != "raptra":
            raise IllegalAction("Only Raptra has a status card.")
        return replace(state, airborne=edit.airborne)
    if isinstance(edit, EditMoveUnit):
        return _move_unit(state, edit)
    if isinstance(edit, EditUnitWound):
        unit = _unit(state, edit.unit)
        if edit.add:
            return combat.wound_unit(state, unit.id)
        if unit.wounds <= 0:
            raise IllegalAction(f"{board.capital(board.the_unit(state, unit.id))} has no wound.")
        return combat.heal_unit(state, unit.id)
    if isinstance(edit, EditLocationWound):
        _check_location(state, edit.location)
        if edit.add and board.full(state, edit.location):
            raise IllegalAction("That location has no empty wound space.")
        if not edit.add and board.wounds_at(state, edit.location) <= 0:
            raise IllegalAction("That location has no wound.")
        if edit.add:
            return combat.wound_location(state, edit.location)
        return combat.heal_location(state, edit.location)
    if isinstance(edit, EditPower):
        return _power(state, edit)
    if isinstance(edit, EditRoot):
        return _root(state, edit)
    if isinstance(edit, EditRune):
        return _rune(state, edit)
    if isinstance(edit, EditSetCount):
        return _set_count(state, edit)
    if isinstance(edit, EditMoveCard):
        return _move_card(state, edit)
    if isinstance(edit, EditSetTurn):
        if edit.side not in SIDES:
            raise IllegalAction('The turn is the "hero" side\'s or the "guardian"\'s.')
        side: Side = "hero" if edit.side == "hero" else "guardian"
        if side == state.active:
            raise IllegalAction("It is that side's turn already.")
        limit = state.foxen.action_limit if side == "hero" else state.board.action_limit
        if side == "guardian":
            limit += module(state.config.guardian).extra_actions(state)
        return replace(state, active=side, actions_left=limit)
    raise IllegalAction(f"{edit.label} is not a correction by hand.")  # pragma: no cover


def _check_space(state: State, space: str) -> None:
    if space not in state.layout.spaces:
        raise IllegalAction(f"The map has no space called {space!r}.")


def _check_location(state: State, location: str) -> None:
    if location not in {loc.id for loc in state.board.locations}:
        raise IllegalAction(f"{state.board.name} has no location called {location!r}.")


def _unit(state: State, unit_id: str) -> Unit:
    if not state.has_unit(unit_id):
        raise IllegalAction(f"There is no {title_words(unit_id)} in play.")
    return state.unit(unit_id)


def _move_unit(state: State, edit: EditMoveUnit) -> State:
    unit = _unit(state, edit.unit)
    if bool(edit.space) == bool(edit.location):
        raise IllegalAction("Say either the ground space or the guardian location.")
    if edit.space:
        _check_space(state, edit.space)
        if unit.space == edit.space:
            raise IllegalAction("The hero already stands there.")
        return combat.place_on_ground(state, unit.id, edit.space)
    _check_location(state, edit.location)
    if unit.location == edit.location:
        raise IllegalAction("The hero is already there.")
    if board.free_slots(state, edit.location) <= 0:
        raise IllegalAction("That location has no free figure slot.")
    return combat.attach(state, unit.id, edit.location)


def _power(state: State, edit: EditPower) -> State:
    change = 1 if edit.add else -1
    if edit.holder == "guardian":
        cubes, room, where = state.guardian_power, state.board.power, POOLS["guardian"]
        changed = replace(state, guardian_power=cubes + change)
    elif edit.holder == "guardian_pool":
        cubes, room, where = state.guardian_pool, POWER_CUBES, POOLS["guardian_pool"]
        changed = replace(state, guardian_pool=cubes + change)
    elif edit.holder == "hero_pool":
        cubes, room, where = state.hero_pool, POWER_CUBES, POOLS["hero_pool"]
        changed = replace(state, hero_pool=cubes + change)
    else:
        unit = _unit(state, edit.holder)
        cubes, room = unit.power, board.power_capacity(state, unit)
        where = board.the_unit(state, unit.id)
        changed = combat.put_unit(state, replace(unit, power=unit.power + change))
    if edit.add and (cubes >= room or combat.power_in_supply(state) <= 0):
        raise IllegalAction(f"There is no room for another power cube on {where}.")
    if not edit.add and cubes <= 0:
        raise IllegalAction(f"There is no power cube on {where}.")
    return changed


def _root(state: State, edit: EditRoot) -> State:
    if state.config.guardian != "tanthos":
        raise IllegalAction("Only Tanthos has root tokens.")
    _check_space(state, edit.space)
    roots = list(state.roots)
    if edit.add:
        if len(roots) >= tanthos.ROOTS:
            raise IllegalAction(f"All {tanthos.ROOTS} root tokens are on the map.")
        roots.append(edit.space)
    elif edit.space in roots:
        roots.remove(edit.space)
    else:
        raise IllegalAction("There is no root token in that space.")
    return replace(state, roots=tuple(sorted(roots)))


def _rune(state: State, edit: EditRune) -> State:
    if state.config.guardian != "apoda":
        raise IllegalAction("Only Apoda's game has rune tokens.")
    _check_space(state, edit.space)
    runes = list(state.runes)
    if edit.add:
        if len(runes) + state.runes_collected >= apoda.RUNES:
            raise IllegalAction(f"All {apoda.RUNES} rune tokens are in play.")
        runes.append(edit.space)
    elif edit.space in runes:
        runes.remove(edit.space)
    else:
        raise IllegalAction("There is no rune token in that space.")
    return replace(state, runes=tuple(sorted(runes)))


def count_range(state: State, what: str) -> range:
    """The values a count may be set to (empty when it does not apply to this game)."""
    hero = state.hero_cards
    if what == "actions_left":
        return range(MOST_ACTIONS + 1)
    if what == "tribute":
        return range(grak.TRIBUTE_TO_WIN + 1) if state.config.guardian == "grak" else range(0)
    if what == "runes_collected":
        if state.config.guardian != "apoda":
            return range(0)
        return range(apoda.RUNES - len(state.runes) + 1)
    if what in ("hero_hand", "hero_deck") and not hero.known:
        other = hero.deck_count if what == "hero_hand" else hero.hand_count
        # The hand and the deck together hold the cards neither discarded nor in play.
        return range(sum(_unseen_hero_cards(state).values()) - other + 1)
    return range(0)


def _set_count(state: State, edit: EditSetCount) -> State:
    possible = count_range(state, edit.what)
    if edit.value not in possible:
        if not possible:
            raise IllegalAction("That count is not kept in this game.")
        raise IllegalAction(f"That count can only be {possible[0]} to {possible[-1]} now.")
    if edit.what == "actions_left":
        return replace(state, actions_left=edit.value)
    if edit.what == "tribute":
        return replace(state, eliminated=edit.value)
    if edit.what == "runes_collected":
        return replace(state, runes_collected=edit.value)
    if edit.what == "hero_hand":
        return replace(state, hero_cards=replace(state.hero_cards, hand_count=edit.value))
    return replace(state, hero_cards=replace(state.hero_cards, deck_count=edit.value))


# -- cards -------------------------------------------------------------------------------


def _cards_of(state: State, side: str) -> Cards:
    if side not in SIDES:
        raise IllegalAction('The cards are the "hero" side\'s or the "guardian"\'s.')
    return state.hero_cards if side == "hero" else state.guardian_cards


def _unseen_hero_cards(state: State) -> Counter[str]:
    """Foxen cards that may lie in a table-held hand or deck: not discarded, not in play."""
    left = Counter(state.foxen.all_cards())
    left.subtract(state.hero_cards.discard)
    left.subtract(unit.kind for unit in state.units)
    return +left


def _holds(state: State, side: str, zone: str, card: str) -> bool:
    cards = _cards_of(state, side)
    if zone == "discard":
        return card in cards.discard
    if cards.known:
        return card in (cards.hand if zone == "hand" else cards.deck)
    count = cards.hand_count if zone == "hand" else cards.deck_count
    return count > 0 and _unseen_hero_cards(state)[card] > 0


def _move_card(state: State, edit: EditMoveCard) -> State:
    cards = _cards_of(state, edit.side)
    deck = state.foxen if edit.side == "hero" else state.board
    if edit.card not in {card.id for card in deck.cards}:
        raise IllegalAction(f"That deck has no card called {edit.card!r}.")
    if edit.source not in ZONES or edit.target not in ZONES or edit.source == edit.target:
        raise IllegalAction("Move the card between two of hand, deck and discard pile.")
    if not cards.known and "discard" not in (edit.source, edit.target):
        raise IllegalAction("Set how many cards your hand and deck hold instead.")
    if not _holds(state, edit.side, edit.source, edit.card):
        where = _zone(edit.side, edit.source)
        raise IllegalAction(f"There is no {title_words(edit.card)} in {where}.")
    rng = state.rng
    cards = _take(cards, edit.source, edit.card)
    if edit.target == "deck" and cards.known:
        place, rng = rng.randint(0, len(cards.deck))
        deck_order = (*cards.deck[:place], edit.card, *cards.deck[place:])
        cards = replace(cards, deck=deck_order, deck_count=cards.deck_count + 1)
    else:
        cards = _put(cards, edit.target, edit.card)
    if edit.side == "hero":
        return replace(state, hero_cards=cards, rng=rng)
    return replace(state, guardian_cards=cards, rng=rng)


def _take(cards: Cards, zone: str, card: str) -> Cards:
    if zone == "discard":
        pile = list(cards.discard)
        del pile[len(pile) - 1 - pile[::-1].index(card)]  # the copy nearest the top
        return replace(cards, discard=tuple(pile))
    if zone == "hand":
        hand = list(cards.hand)
        if cards.known:
            hand.remove(card)
        return replace(cards, hand=tuple(hand), hand_count=cards.hand_count - 1)
    order = list(cards.deck)
    if cards.known:
        order.remove(card)
    return replace(cards, deck=tuple(order), deck_count=cards.deck_count - 1)


def _put(cards: Cards, zone: str, card: str) -> Cards:
    if zone == "discard":
        return replace(cards, discard=(*cards.discard, card))
    if zone == "hand":
        hand = tuple(sorted((*cards.hand, card))) if cards.known else cards.hand
        return replace(cards, hand=hand, hand_count=cards.hand_count + 1)
    return replace(cards, deck_count=cards.deck_count + 1)  # a table-held deck: a count


# -- the menu ----------------------------------------------------------------------------


def manual_edits(state: State) -> list[SkulkAction]:
    """The corrections by hand that make sense now (never part of ``legal_actions``)."""
    if state.ended or state.seen_by or state.pending is not None:
        return []
    edits: list[SkulkAction] = []
    spaces = state.layout.spaces
    edits += [EditMoveGuardian(s) for s in spaces if s != state.guardian_space]
    if state.config.guardian == "raptra":
        edits.append(EditRaptraStatus(not state.airborne))
    locations = [loc.id for loc in state.board.locations]
    for unit in state.units:
        edits += [EditMoveUnit(unit.id, space=s) for s in spaces if s != unit.space]
        edits += [
            EditMoveUnit(unit.id, location=loc)
            for loc in locations
            if loc != unit.location and board.free_slots(state, loc) > 0
        ]
    candidates: list[HandEdit] = []
    for unit in state.units:
        candidates += [EditUnitWound(unit.id, True), EditUnitWound(unit.id, False)]
    for loc in locations:
        candidates += [EditLocationWound(loc, True), EditLocationWound(loc, False)]
    holders = [unit.id for unit in state.units if board.power_capacity(state, unit) > 0]
    if state.board.power > 0:
        holders.append("guardian")
    # A pool holds the power gained this turn, placed at its end: the active side's only.
    holders.append(f"{state.active}_pool")
    candidates += [EditPower(h, add) for h in holders for add in (True, False)]
    if state.config.guardian == "tanthos":
        candidates += [EditRoot(s, add) for s in spaces for add in (True, False)]
    if state.config.guardian == "apoda":
        candidates += [EditRune(s, add) for s in spaces for add in (True, False)]
    edits += [edit for edit in candidates if _possible(state, edit)]
    for what in COUNTS:
        current = _current_count(state, what)
        edits += [EditSetCount(what, n) for n in count_range(state, what) if n != current]
    edits += _card_moves(state)
    edits.append(EditSetTurn("guardian" if state.active == "hero" else "hero"))
    return edits


def _possible(state: State, edit: HandEdit) -> bool:
    try:
        apply_edit(state, edit)
    except IllegalAction:
        return False
    return True


def _current_count(state: State, what: str) -> int:
    return {
        "actions_left": state.actions_left,
        "tribute": state.eliminated,
        "runes_collected": state.runes_collected,
        "hero_hand": state.hero_cards.hand_count,
        "hero_deck": state.hero_cards.deck_count,
    }[what]


def _card_moves(state: State) -> list[SkulkAction]:
    moves: list[SkulkAction] = []
    for side in SIDES:
        cards = _cards_of(state, side)
        deck = state.foxen if side == "hero" else state.board
        for card in deck.cards:
            for source in ZONES:
                if not _holds(state, side, source, card.id):
                    continue
                for target in ZONES:
                    if target == source:
                        continue
                    if not cards.known and "discard" not in (source, target):
                        continue
                    moves.append(EditMoveCard(side, card.id, source, target))
    return moves
