"""What lies on the table in a Skulk Hollow game, as places (see ``engines.core.changes``),
and the physical changes between two states, in words for the table.

A place is keyed by the piece or the spot it describes, so that a piece that moves, or a
token put on a card, differs in one place of its own:

- ``guardian:space`` the ground space of the guardian figure; ``guardian:status``
  Raptra's status card ("air" or "ground", the cloud token with it); ``guardian:power``
  the power cubes on the guardian's mat and ``guardian:pool`` those in its pool;
  ``guardian:relics``; ``guardian:discard`` the face-up discard pile, by card name.
- ``location:<id>`` the wounds on one guardian location.
- ``unit:<id>`` where a hero figure is: ``space:<id>`` on the map or ``location:<id>``
  on the guardian board; ``wounds:<id>`` and ``power:<id>`` the tokens on its unit card.
- ``tribute`` (Grak's tribute track), ``runes:collected`` and ``rune:<space>`` (Apoda),
  ``root:<space>`` (Tanthos's root tokens on the map).
- ``hero:pool``, ``hero:relics``; ``hero:hand`` (the cards by name when the app holds
  the Foxen deck, else how many), ``hero:deck`` (how many), ``hero:discard``.

The guardian's hand and deck are no places: the app holds them, and their real cards
lie sorted aside until the app names one to play or discard.

``table_changes(before, after)`` compares the places of ``table_places`` and turns
each difference into an instruction (``engines.core.changes.Change``), in the order
things happen at the table: a card shown and discarded, relics and power spent, the
guardian figure and the hero figures moved, wounds put on, heroes eliminated, roots and
runes, power cubes gained and allocated, and last the cards drawn. Any two states of a
game will do, in either direction (taking back an action reads as putting things back).

When ``before`` is the hero player's own step, what they entered is ``chosen`` (the
figure they moved, the card they played, the wound they dealt): they did it as they
entered it. What the rules decide on their behalf is not: cards drawn, a discard pile
shuffled into a new deck, power cubes allocated without a choice, a card discarded at
random.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Mapping

from engines.core.changes import Change, differences, settle
from engines.core.quick_replace import replace
from engines.core.turn_order import TurnOrder
from engines.skulk_hollow import board
from engines.skulk_hollow.state import Cards, Side, State, Unit

#: The order in which kinds of change happen at the table (lower first).
CARDS_OUT, RELICS, SPENT, STATUS, RUNES, GUARDIAN, ARRIVE, MOVE = range(8)
WOUND, LEAVE, TRIBUTE, LOCATION, ROOTS, GAIN, ALLOCATE, DRAW = range(8, 16)


#: The phases of a round as the rulebook orders them: the hero's turn (its Main Phase,
#: then its Cleanup Phase: ALLOCATE POWER, then REFILL HAND), then the guardian's turn
#: (whose own Cleanup adds only the cubes of its pool to its mat and draws its cards,
#: which the app holds). Each change names its phase, so the order the table is told in
#: can be checked against the rulebook's.
MAIN, ALLOCATE_POWER, REFILL_HAND, GUARDIAN_TURN = (
    "Main Phase",
    "Cleanup Phase: ALLOCATE POWER",
    "Cleanup Phase: REFILL HAND",
    "The Guardian Turn",
)
TURN_ORDER = TurnOrder(
    # The text of the rulebook at hand carries no page numbers: its sections are named.
    source="Skulk Hollow rulebook, How to Play: Turn Structure (Main Phase; Cleanup Phase: "
    "ALLOCATE POWER, REFILL HAND), then The Guardian Turn",
    phases=(MAIN, ALLOCATE_POWER, REFILL_HAND, GUARDIAN_TURN),
)


# -- the places ------------------------------------------------------------------------


def table_places(state: State) -> dict[str, Hashable]:
    """Everything the people can see or handle in ``state``, place by place."""
    places: dict[str, Hashable] = {
        "guardian:space": state.guardian_space,
        "guardian:pool": state.guardian_pool,
        "guardian:relics": state.guardian_relics,
        "guardian:discard": tuple(state.board.card(c).name for c in state.guardian_cards.discard),
        "hero:pool": state.hero_pool,
        "hero:relics": state.hero_relics,
        "hero:deck": state.hero_cards.deck_count,
        "hero:discard": tuple(state.foxen.card(c).name for c in state.hero_cards.discard),
    }
    hero = state.hero_cards
    places["hero:hand"] = (
        tuple(state.foxen.card(c).name for c in hero.hand) if hero.known else hero.hand_count
    )
    if state.board.power > 0:
        places["guardian:power"] = state.guardian_power
    for location, wounds in zip(state.board.locations, state.guardian_wounds, strict=True):
        places[f"location:{location.id}"] = wounds
    for unit in state.units:
        places[f"unit:{unit.id}"] = whereabouts(unit)
        places[f"wounds:{unit.id}"] = unit.wounds
        places[f"power:{unit.id}"] = unit.power
    guardian = state.config.guardian
    if guardian == "grak":
        places["tribute"] = state.eliminated
    elif guardian == "apoda":
        places["runes:collected"] = state.runes_collected
        for space in set(state.runes):
            places[f"rune:{space}"] = state.runes.count(space)
    elif guardian == "tanthos":
        for space in set(state.roots):
            places[f"root:{space}"] = state.roots.count(space)
    elif guardian == "raptra":
        places["guardian:status"] = "air" if state.airborne else "ground"
    return places


def as_placed(state: State, table: Mapping[str, Hashable]) -> State:
    """``state`` with every piece the board shows where ``table`` (places in the form of
    ``table_places``, made ``plain``; an empty place left out) puts it: the guardian and
    its mat, the wounds on its locations, the hero figures and their cards' tokens, the
    tokens on the map, the pools and relics. The inverse of ``table_places`` for them,
    so that a screen can draw the table as the people have been told it (a figure the
    rules have eliminated stands until the instruction to take it off is done). Cards,
    whose contents the app holds, stay as in ``state``."""

    def number(key: str, default: int) -> int:
        value = table.get(key, default)
        return value if isinstance(value, int) else default

    kinds = {unit.id: unit.kind for unit in state.units}
    units = []
    for key in sorted(table):
        if not key.startswith("unit:"):
            continue
        unit_id = key.partition(":")[2]
        kind = kinds.get(unit_id) or _kind_of(state, unit_id)
        spot, _, where = str(table[key]).partition(":")
        units.append(
            Unit(
                unit_id,
                kind,
                wounds=number(f"wounds:{unit_id}", 0),
                power=number(f"power:{unit_id}", 0),
                space=where if spot == "space" else "",
                location=where if spot == "location" else "",
            )
        )

    def tokens(kind: str) -> tuple[str, ...]:
        return tuple(
            sorted(
                key.partition(":")[2]
                for key, value in table.items()
                if key.startswith(f"{kind}:") and isinstance(value, int)
                for _ in range(value)
            )
        )

    locations = state.board.locations
    return replace(
        state,
        guardian_space=str(table.get("guardian:space", state.guardian_space)),
        guardian_pool=number("guardian:pool", state.guardian_pool),
        guardian_relics=number("guardian:relics", state.guardian_relics),
        guardian_power=number("guardian:power", state.guardian_power),
        hero_pool=number("hero:pool", state.hero_pool),
        hero_relics=number("hero:relics", state.hero_relics),
        guardian_wounds=tuple(number(f"location:{loc.id}", 0) for loc in locations),
        units=tuple(sorted(units, key=lambda u: u.id)),
        eliminated=number("tribute", state.eliminated),
        runes=tokens("rune"),
        runes_collected=number("runes:collected", state.runes_collected),
        roots=tokens("root"),
        airborne=table.get("guardian:status", "ground" if not state.airborne else "air") == "air",
    )


def _kind_of(state: State, unit_id: str) -> str:
    """The unit card of a figure no longer in ``state``: "knight_2" -> "knight"."""
    kinds = {kind.id for kind in state.foxen.units}
    return unit_id if unit_id in kinds else unit_id.rpartition("_")[0]


def whereabouts(unit: Unit) -> str:
    """The spot a hero figure occupies, as the drawn board names it."""
    return f"space:{unit.space}" if unit.space else f"location:{unit.location}"


def spot_name(state: State, spot: str) -> str:
    """ "space:mine" -> "MINE", "location:gaze" -> "Grak's Head"."""
    kind, _, name = spot.partition(":")
    if kind == "space":
        return board.space_name(state, name)
    return f"{state.board.name}'s {state.board.location(name).name}"


# -- the changes -----------------------------------------------------------------------


def table_changes(before: State, after: State) -> list[Change]:
    """What the people must do to the table to go from ``before`` to ``after``."""
    account = _Account(before, after)
    # Claimed first: the changes that gather several places (an elimination takes its
    # card to the discard pile, an allocation empties the pool onto the units).
    _leaving_units(account)
    _arriving_units(account)
    _allocations(account)
    _cards(account, "guardian")
    _cards(account, "hero")
    _relics(account)
    _power(account)
    _status(account)
    _runes(account)
    _guardian(account)
    _units(account)
    _tribute(account)
    _locations(account)
    _roots(account)
    _deck_count(account)
    changes = account.in_order()
    if after.corrections > before.corrections:  # corrected by hand: the people did it
        changes = [replace(change, chosen=True) for change in changes]
    return settle(changes, table_places(after))


def starting_hand(state: State) -> list[Change]:
    """When the app holds the Foxen deck, the hand it deals at the start of the game."""
    cards = state.hero_cards
    if not cards.known or not cards.hand:
        return []
    names = listed(state.foxen.card(card).name for card in cards.hand)
    words = f"Take your starting hand from the sorted Foxen cards: {names}."
    return [Change(words, ("hero:hand",), target="hero:hand")]


def count(number: int, thing: str) -> str:
    """ "1 card", "2 cards"."""
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


def listed(names: Iterable[str]) -> str:
    """ "Lumber", "Lumber and Stride", "Lumber, Stride and Toss"."""
    items = list(names)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


class _Account:
    """The differing places, which of them are told already, and the instructions."""

    def __init__(self, before: State, after: State) -> None:
        self.before = before
        self.after = after
        self.old = table_places(before)
        self.new = table_places(after)
        self.differing = differences(self.old, self.new)
        self.covered: set[str] = set()
        self.ranked: list[tuple[int, Change]] = []
        #: ``before`` is the hero player's own step: what they enter, they do.
        self.entered = before.active == "hero" and not before.ended
        self.guardian = before.board.name

    def changed(self, key: str) -> bool:
        return key in self.differing and key not in self.covered

    def delta(self, key: str) -> int:
        """How much a counted place grew (absent counts as 0)."""
        old, new = self.old.get(key, 0), self.new.get(key, 0)
        assert isinstance(old, int) and isinstance(new, int)
        return new - old

    def add(
        self,
        rank: int,
        words: str,
        keys: Iterable[str],
        source: str = "",
        target: str = "",
        chosen: bool = False,
    ) -> None:
        """One instruction covering those of ``keys`` that changed and are not told yet."""
        mine = tuple(key for key in dict.fromkeys(keys) if self.changed(key))
        if mine:
            self.covered.update(mine)
            self.ranked.append((rank, Change(words, mine, source, target, chosen)))

    def in_order(self) -> list[Change]:
        ranked = sorted(self.ranked, key=lambda rc: rc[0])
        return [replace(change, phase=self.phase(rank)) for rank, change in ranked]

    def phase(self, rank: int) -> str:
        """The phase of the round (``TURN_ORDER``) a change of ``rank`` belongs to: on the
        guardian's turn, the guardian's; on the hero's, its cleanup's power cubes and
        refill once its turn ends (or its cubes are being allocated), else its Main
        Phase."""
        before, after = self.before, self.after
        if before.active == "guardian":
            return GUARDIAN_TURN
        turn_over = after.active != before.active or after.turn != before.turn
        allocating = before.pending is not None and before.pending.step == "allocate"
        if (turn_over or allocating) and rank in (ALLOCATE, GAIN):
            return ALLOCATE_POWER
        if turn_over and rank == DRAW:
            return REFILL_HAND
        return MAIN

    def the_unit(self, unit_id: str) -> str:
        """A figure as a sentence names it: "the Sentinel", "Knight 2" (board.the_unit)."""
        state = self.before if self.before.has_unit(unit_id) else self.after
        return board.the_unit(state, unit_id)

    def spot(self, place: Hashable) -> str:
        return spot_name(self.before, str(place))

    def card_names(self, side: Side, cards: Iterable[str]) -> list[str]:
        deck = self.before.foxen if side == "hero" else self.before.board
        return [deck.card(card).name for card in cards]


# -- hero figures ------------------------------------------------------------------------


def _unit_ids(state: State) -> set[str]:
    return {unit.id for unit in state.units}


def _leaving_units(account: _Account) -> None:
    """Figures that leave the board: eliminated (the rules) or taken back (an undo).

    An elimination is one instruction: the figure and its tokens go back to the supply,
    its card to the discard pile (the first one accounts for the pile when several
    heroes fall at once). The tribute token's step is an instruction of its own (below,
    ``_tribute``): one table change a step, short enough to read at a glance.
    """
    before, after = account.before, account.after
    gone = [unit for unit in before.units if not after.has_unit(unit.id)]
    eliminated = gone[: max(0, after.eliminated - before.eliminated)]
    cards = [before.unit_type(u).name for u in eliminated if not board.is_leader(before, u)]
    to_pile = _pile_moved_by(account, cards) > 0
    for unit in gone:
        name = account.the_unit(unit.id)
        keys = [f"unit:{unit.id}", f"wounds:{unit.id}", f"power:{unit.id}"]
        spot = whereabouts(unit)
        if unit not in eliminated:
            tokens = _tokens(unit)
            account.add(
                LEAVE,
                f"Take {name} off {account.spot(spot)} and back to the supply"
                + (f", with the {tokens} on its card" if tokens else "")
                + ".",
                keys,
                source=spot,
            )
            continue
        words = (
            f"{board.capital(name)} takes its last wound and is eliminated: return the "
            "figure and the tokens on its card to the supply"
        )
        if to_pile and not board.is_leader(before, unit):
            words += f", and put the {before.unit_type(unit).name} card on your discard pile"
            keys.append("hero:discard")
        account.add(LEAVE, words + ".", keys, source=spot, target=f"unit:{unit.id}")


def _tokens(unit: Unit) -> str:
    """ "1 wound and 2 power cubes": the tokens on a unit card ("" for none)."""
    return listed(
        count(n, thing) for n, thing in ((unit.wounds, "wound"), (unit.power, "power cube")) if n
    )


def _pile_moved_by(account: _Account, names: list[str]) -> int:
    """1 when the hero's discard pile changed only by the cards ``names`` put on top, -1
    when only by them taken off the top, else 0 (also for no names at all)."""
    taken, put = _pile_change(account, "hero")
    shuffled = account.before.hero_cards.shuffles != account.after.hero_cards.shuffles
    if not names or shuffled:
        return 0
    if not taken and Counter(put) == Counter(names):
        return 1
    if not put and Counter(taken) == Counter(names):
        return -1
    return 0


def _arriving_units(account: _Account) -> None:
    """Figures that come onto the board: summoned, or an elimination taken back."""
    before, after = account.before, account.after
    arriving = [unit for unit in after.units if not before.has_unit(unit.id)]
    back = arriving[: max(0, before.eliminated - after.eliminated)]
    cards = [after.unit_type(unit).name for unit in back if not board.is_leader(after, unit)]
    from_pile = _pile_moved_by(account, cards) < 0
    for unit in arriving:
        spot = whereabouts(unit)
        keys = [f"unit:{unit.id}", f"wounds:{unit.id}", f"power:{unit.id}"]
        name = account.the_unit(unit.id)
        where = account.spot(spot)
        if unit in back:  # an elimination taken back
            words = f"Bring {name} back: stand it in {where}"
            if tokens := _tokens(unit):
                words += f" with {tokens}"
            if from_pile and not board.is_leader(after, unit):
                card = after.unit_type(unit).name
                words += f", and take the {card} card back from your discard pile"
                keys.append("hero:discard")
            account.add(ARRIVE, words + ".", keys, target=spot)
            continue
        kind = after.unit_type(unit)
        if kind.figures > 1:
            words = f"Stand {with_article(kind.name)} figure in {where}: it is {name}."
        else:
            words = f"Stand {name} figure in {where}."
        account.add(ARRIVE, words, keys, target=spot, chosen=account.entered)


def with_article(name: str) -> str:
    """ "an Archer", "a Knight"."""
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _units(account: _Account) -> None:
    """Figures that stay on the board: moved, wounded or healed."""
    before = account.before
    for unit in account.after.units:
        if not before.has_unit(unit.id):
            continue
        old = before.unit(unit.id)
        _moved(account, old.id, account.old[f"unit:{unit.id}"], account.new[f"unit:{unit.id}"])
        wounds = unit.wounds - old.wounds
        if not wounds:
            continue
        name = account.the_unit(unit.id)
        if wounds > 0:
            words = f"Put {count(wounds, 'wound')} on {name}."
        else:
            words = f"Take {count(-wounds, 'wound')} off {name}, back to the supply."
        account.add(
            WOUND, words, [f"wounds:{unit.id}"], target=f"unit:{unit.id}", chosen=account.entered
        )


def _moved(account: _Account, unit_id: str, old: Hashable, new: Hashable) -> None:
    key = f"unit:{unit_id}"
    if not account.changed(key):
        return
    name = account.the_unit(unit_id)
    source, target = str(old), str(new)
    here, there = account.spot(source), account.spot(target)
    on_guardian = target.startswith("location:")
    if source.startswith("location:") and not on_guardian:
        if account.before.active == "guardian":
            words = f"Knock {name} off {here}: put it in {there}."
        else:
            words = f"Move {name} off {here}, down to {there}."
    elif on_guardian:
        words = f"Move {name} from {here} onto {there}."
    else:
        words = f"Move {name} from {here} to {there}."
    account.add(MOVE, words, [key], source=source, target=target, chosen=account.entered)


# -- the guardian ------------------------------------------------------------------------


def _guardian(account: _Account) -> None:
    old, new = account.old["guardian:space"], account.new["guardian:space"]
    account.add(
        GUARDIAN,
        f"Move {account.guardian} from {account.spot(f'space:{old}')} to "
        f"{account.spot(f'space:{new}')}.",
        ["guardian:space"],
        source=f"space:{old}",
        target=f"space:{new}",
    )


def _status(account: _Account) -> None:
    if account.new.get("guardian:status") == "air":
        words = "Flip Raptra's status card to the air side and put the cloud token under Raptra."
    else:
        words = "Flip Raptra's status card to the ground side and take the cloud token away."
    # Told even when the hero grounded Raptra: the flip follows from the move, it is not
    # the move itself (the person touched "Ground Raptra", not the card).
    account.add(STATUS, words, ["guardian:status"], target="guardian")


def _locations(account: _Account) -> None:
    before, after = account.before, account.after
    for location in before.board.locations:
        key = f"location:{location.id}"
        if not account.changed(key):
            continue
        wounds = account.delta(key)
        where = f"{account.guardian}'s {location.name} ({location.ability.upper()})"
        if wounds > 0:
            words = f"Put {count(wounds, 'wound')} on {where}"
            if board.full(after, location.id):
                words += f": it is full, so {location.ability.upper()} is disabled"
        else:
            words = f"Take {count(-wounds, 'wound')} off {where}, back to the supply"
            if board.full(before, location.id):
                words += f": {location.ability.upper()} works again"
        account.add(LOCATION, words + ".", [key], target=key, chosen=account.entered)


def _tribute(account: _Account) -> None:
    account.add(
        TRIBUTE,
        f"Move the tribute token to {account.new.get('tribute')}.",
        ["tribute"],
        target="guardian",
    )


def _runes(account: _Account) -> None:
    spaces = sorted(
        key for key in account.differing if key.startswith("rune:") and account.changed(key)
    )
    collected = account.delta("runes:collected")
    if not spaces and not collected:
        return
    parts = []
    for key in spaces:
        space = account.spot(f"space:{key.partition(':')[2]}")
        runes = account.delta(key)
        if runes < 0:
            parts.append(f"take {count(-runes, 'rune token')} from {space}")
        else:
            parts.append(f"put {count(runes, 'rune token')} back in {space}")
    total = account.new["runes:collected"]
    if collected > 0:
        parts.append(f"put it on Apoda's rune track ({total} of 4)")
    elif collected < 0:
        parts.insert(0, f"take {count(-collected, 'rune token')} off Apoda's rune track")
    words = "; ".join(parts)
    source = f"space:{spaces[0].partition(':')[2]}" if spaces else ""
    account.add(
        RUNES, words[:1].upper() + words[1:] + ".", [*spaces, "runes:collected"], source=source
    )


def _roots(account: _Account) -> None:
    keys = [k for k in account.differing if k.startswith("root:") and account.changed(k)]
    fewer = sorted(k for k in keys if account.delta(k) < 0)
    more = sorted(k for k in keys if account.delta(k) > 0)

    def space(key: str) -> str:
        return f"space:{key.partition(':')[2]}"

    moved = (
        account.before.active == "guardian"
        and len(fewer) == len(more) == 1
        and account.delta(fewer[0]) == -1
        and account.delta(more[0]) == 1
    )
    if moved:
        source, target = space(fewer[0]), space(more[0])
        account.add(
            ROOTS,
            f"Move a root token from {account.spot(source)} to {account.spot(target)}.",
            [fewer[0], more[0]],
            source=source,
            target=target,
        )
        return
    for key in fewer:
        roots = count(-account.delta(key), "root token")
        # Told even when the hero destroyed it: where a destroyed root goes is the
        # rules' to say (review N21).
        account.add(
            ROOTS,
            f"Take {roots} from {account.spot(space(key))} back to Tanthos's player mat.",
            [key],
            source=space(key),
        )
    for key in more:
        roots = count(account.delta(key), "root token")
        account.add(
            ROOTS,
            f"Put {roots} from Tanthos's player mat in {account.spot(space(key))}.",
            [key],
            target=space(key),
        )


# -- relics and power --------------------------------------------------------------------


def _owner(account: _Account, side: str) -> tuple[str, str]:
    """("your", "yourself") or ("Grak's", "Grak")."""
    if side == "hero":
        return "your", "yourself"
    return f"{account.guardian}'s", account.guardian


def _relics(account: _Account) -> None:
    for side in ("hero", "guardian"):
        key = f"{side}:relics"
        if not account.changed(key):
            continue
        relics = account.delta(key)
        whose, who = _owner(account, side)
        if relics < 0:
            # Told even when the hero spends it: a token easily left lying on the mat.
            words = f"Put {-relics} of {whose} ancient relic tokens back in the box."
            account.add(RELICS, words, [key])
            continue
        words = f"Give {who} back {count(relics, 'ancient relic token')}."
        account.add(RELICS, words, [key], chosen=account.entered)


def _holders(account: _Account, side: str) -> list[str]:
    """The places holding a side's power cubes on cards and mats (not its pool)."""
    if side == "guardian":
        return ["guardian:power"]
    both = _unit_ids(account.before) & _unit_ids(account.after)
    return [f"power:{unit_id}" for unit_id in sorted(both)]


def _holder_name(account: _Account, key: str) -> str:
    if key == "guardian:power":
        return f"{account.guardian}'s mat"
    return account.the_unit(key.partition(":")[2])


def _allocations(account: _Account) -> None:
    """Cubes from a pool onto power spaces (or the reverse, when taken back)."""
    for side in ("hero", "guardian"):
        pool = f"{side}:pool"
        if not account.changed(pool):
            continue
        cubes = account.delta(pool)
        whose, _ = _owner(account, side)
        holders = [k for k in _holders(account, side) if account.changed(k)]
        if cubes < 0:
            onto = [k for k in holders if account.delta(k) > 0]
            parts = [
                f"{count(account.delta(k), 'power cube')} on {_holder_name(account, k)}"
                for k in onto
            ]
            left = -cubes - sum(account.delta(k) for k in onto)
            if left:
                parts.append(f"{count(left, 'power cube')} back to the supply")
            words = f"Move the cubes from {whose} pool: {listed(parts)}."
            if not onto:
                words = f"Return {count(left, 'power cube')} from {whose} pool to the supply."
            picked = account.before.pending is not None and account.before.pending.step == (
                "allocate"
            )
            single = len(onto) == 1 and cubes == -1 and account.delta(onto[0]) == 1
            account.add(
                ALLOCATE,
                words,
                [pool, *onto],
                target=onto[0] if onto else "",
                chosen=account.entered and picked and single,
            )
        else:
            off = [k for k in holders if account.delta(k) < 0]
            if off:
                parts = [
                    f"{count(-account.delta(k), 'power cube')} off {_holder_name(account, k)}"
                    for k in off
                ]
                words = f"Take {listed(parts)}, back into {whose} pool"
                gained = cubes + sum(account.delta(k) for k in off)
                if gained:
                    words += f", and {count(gained, 'more power cube')} from the supply"
                account.add(ALLOCATE, words + ".", [pool, *off], source=off[0])


def _power(account: _Account) -> None:
    """Cubes spent from power spaces, gained into a pool, or placed there otherwise."""
    for side in ("hero", "guardian"):
        whose, _ = _owner(account, side)
        for key in _holders(account, side):
            if not account.changed(key):
                continue
            cubes = account.delta(key)
            name = _holder_name(account, key)
            if cubes < 0:
                words = f"Return {count(-cubes, 'power cube')} from {name} to the supply."
                rank = SPENT
            else:
                words = f"Put {count(cubes, 'power cube')} from the supply on {name}."
                rank = ALLOCATE
            target = "guardian" if side == "guardian" else f"unit:{key.partition(':')[2]}"
            account.add(rank, words, [key], target=target, chosen=account.entered)
        pool = f"{side}:pool"
        if account.changed(pool):
            cubes = account.delta(pool)
            if cubes > 0:
                words = f"Put {count(cubes, 'power cube')} from the supply in {whose} pool."
            else:
                words = f"Return {count(-cubes, 'power cube')} from {whose} pool to the supply."
            account.add(GAIN, words, [pool], target=side, chosen=account.entered)


# -- cards -------------------------------------------------------------------------------


def _pile_change(account: _Account, side: Side) -> tuple[list[str], list[str]]:
    """The card names taken off the top of a discard pile, and those put on it."""
    old = account.old[f"{side}:discard"]
    new = account.new[f"{side}:discard"]
    assert isinstance(old, tuple) and isinstance(new, tuple)
    same = 0
    while same < min(len(old), len(new)) and old[same] == new[same]:
        same += 1
    return [str(c) for c in old[same:]], [str(c) for c in new[same:]]


def _cards(account: _Account, side: Side) -> None:
    before, after = account.before.cards(side), account.after.cards(side)
    if after.shuffles != before.shuffles:
        _shuffled(account, side, before, after)
        return
    if side == "guardian":
        taken, put = _pile_change(account, side)
        parts = []
        if taken:
            parts.append(f"take {listed(taken)} back off {account.guardian}'s discard pile")
        if put:
            parts.append(f"show and discard {listed(put)}")
        words = "; then ".join(parts)
        account.add(CARDS_OUT, words[:1].upper() + words[1:] + ".", ["guardian:discard"])
        return
    _hero_cards_out(account, before, after)
    _drawn(account, before, after)


def _hero_cards_out(account: _Account, before: Cards, after: Cards) -> None:
    """The hero's cards that leave the hand without a draw, or come back to it."""
    drawn = after.drawn != before.drawn
    hand = [] if drawn else ["hero:hand"]
    taken, put = _pile_change(account, "hero")
    if put and not taken:
        # Bringing Raptra down as a main action: the app picks the card to discard.
        grounded = (
            account.old.get("guardian:status") == "air"
            and account.new.get("guardian:status") == "ground"
        )
        at_random = grounded and account.before.pending is None
        words = f"Put {listed(put)} on your discard pile"
        if at_random:
            words = f"Discard {listed(put)} from your hand (the app picked it at random)"
        account.add(
            CARDS_OUT,
            words + ".",
            ["hero:discard", *hand],
            target="hero:discard",
            chosen=account.entered and not at_random,
        )
    elif taken or put:
        words = f"Take {listed(taken)} from your discard pile back into your hand"
        if put:
            words += f", and put {listed(put)} on the pile"
        account.add(CARDS_OUT, words + ".", ["hero:discard", *hand], chosen=account.entered)
    if not drawn and account.changed("hero:hand"):
        cards = _hand_cards(account, before, after)
        if after.hand_count < before.hand_count:
            words = f"Lay {cards} from your hand in front of you."
        else:
            words = f"Take {cards} back into your hand."
        account.add(CARDS_OUT, words, ["hero:hand"], chosen=account.entered)


def _hand_cards(account: _Account, before: Cards, after: Cards) -> str:
    """The cards that left the hand or came back to it, by name where known."""
    if before.known and after.known:
        moved = (Counter(before.hand) - Counter(after.hand)) + (
            Counter(after.hand) - Counter(before.hand)
        )
        names = account.card_names("hero", sorted(moved.elements()))
        return listed(f"the {name} card" for name in names)
    pending = account.after.pending or account.before.pending
    number = abs(after.hand_count - before.hand_count)
    if pending is not None and pending.step == "summon" and number == 1:
        return f"the {account.before.foxen.card(pending.card).name} card"
    return count(number, "card")


def _drawn(account: _Account, before: Cards, after: Cards) -> None:
    drawn = after.drawn - before.drawn
    if not drawn:
        return
    refill = account.after.active != account.before.active
    if drawn > 0:
        if after.known:
            words = f"Take {listed(account.card_names('hero', before.deck[:drawn]))} "
            words += "from the sorted Foxen cards into your hand."
        else:
            words = f"Draw {count(drawn, 'card')} from your deck."
        if refill:
            words = "Refill your hand: " + words[:1].lower() + words[1:]
    elif after.known:
        words = f"Put {listed(account.card_names('hero', after.deck[:-drawn]))} from your "
        words += "hand back with the sorted Foxen cards."
    else:
        words = f"Put {count(-drawn, 'card')} from your hand back on top of your deck."
    account.add(DRAW, words, ["hero:hand", "hero:deck"], target="hero:hand")


def _deck_count(account: _Account) -> None:
    """A table-held Foxen deck whose count changed without a draw (a correction)."""
    cards = account.after.hero_cards.deck_count
    account.add(DRAW, f"Your deck holds {count(cards, 'card')}.", ["hero:deck"])


def _shuffled(account: _Account, side: Side, before: Cards, after: Cards) -> None:
    """A discard pile shuffled into a new deck (cards drawn around it), or taken back."""
    keys = [f"{side}:discard", f"{side}:hand", f"{side}:deck"]
    if after.shuffles < before.shuffles:  # taken back: the pile as it lay before
        whose, _ = _owner(account, side)
        pile = listed(account.card_names(side, after.discard)) or "no cards"
        words = f"Lay out {whose} discard pile again as it was: {pile}"
        if side == "hero" and after.hand_count != before.hand_count:
            words += f"; your hand holds {count(after.hand_count, 'card')}"
        account.add(CARDS_OUT, words + ".", keys)
        return
    if side == "guardian":
        account.add(
            CARDS_OUT,
            f"{account.guardian}'s deck has run out: put its discard pile back with its "
            "other cards (the app shuffles them).",
            keys,
        )
        return
    drawn = after.drawn - before.drawn
    first = min(max(drawn, 0), before.deck_count)  # from the old deck, before the shuffle
    rest = drawn - first
    if first:
        words = f"Draw {count(first, 'card')}; your deck is then empty: "
    else:
        words = "Your deck is empty: "
    if after.known:
        words += "put your discard pile back with the sorted Foxen cards"
        new = Counter(after.hand) - Counter(before.hand)
        if rest > 0:
            words += f" and take {listed(account.card_names('hero', sorted(new.elements())))}"
    else:
        words += "shuffle your discard pile into a new deck"
        if rest > 0:
            words += f" and draw {rest} more" if first else f" and draw {count(rest, 'card')}"
    account.add(DRAW, words + ".", keys, target="hero:hand")
