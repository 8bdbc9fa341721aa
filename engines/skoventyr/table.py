"""What lies on a Skoventyr table, as places (see ``engines.core.changes``), and what the
table must do to follow the app: ``table_places(state)`` and ``table_changes(before, after)``.

Place keys and what each holds:

* ``pawn:vogter``, ``pawn:gamle_erik``: the Tree the pawn stands on;
* ``forest``: the Trees of the ring, clockwise; ``tree:<id>``: each Tree of the game,
  "Healthy", "Damaged" or "discarded"; ``ally:<id>``: the Ally on it and whether it is
  hidden or revealed;
* ``future:<n>``: the card in the n-th place of the Future, counted from the left;
* ``hand:<n>``: player n's hand; ``taken``: the card taken with Call while its cost is
  paid; ``set_aside``: cards lying face up beside the deck; ``discard``: the discard pile;
* ``deck``: how many cards the face-down deck holds (table-deck mode), or
  ``deck:pile:<card>``: how many of that card the sorted pile holds (app-deck mode);
  ``deck:top:<n>`` and ``deck:bottom:<n>``: the cards known to lie on top of the real deck
  and under it, counted from the unknown middle outwards, so that a card put on top or
  under has a place of its own (table-deck mode only: in app-deck mode the app keeps the
  deck's order in mind, and the pile on the table, sorted by kind, does not change when a
  card moves within the deck);
  ``deck:shuffles``: how often the real deck has been shuffled (table-deck mode);
* ``minion:<id>``: "in play" or "defeated"; ``lygtemand:<id>`` and ``acorn:<id>``: the
  Trickster Lygtemand and the Acorn token on it; ``rallied``, ``lygtemands_out``: the
  Rallied Lygtemands beside the Future and those out of the game;
* ``hostage:<card>``: the Hostage token ("x1" or "x2") on that Ally, lying apart from the
  deck; ``acorns``, ``acorns_out``: Acorn tokens in the centre of the Forest and spent.

An empty place is left out (it reads as None).

The changes: the events between the two states (``engines.skoventyr.table_events``) are put
in words for the deck mode (``engines.skoventyr.table_words``), and each is given the places
it changes, each place to one instruction only. An undo compares a later state with an
earlier one: the events are then those of the forward move, reversed and turned round
("Move Gamle Erik 2 Trees counter-clockwise"). ``State.applied`` tells which way the
comparison goes.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Iterable, Sequence

from engines.core import Change, Places, TurnOrder, differences, settle
from engines.core.quick_replace import replace
from engines.skoventyr.actions import Call, PutUnder, SkoventyrAction
from engines.skoventyr.cards import CARD_ORDER, Card
from engines.skoventyr.state import State
from engines.skoventyr.table_events import (
    R_ACORNS_OUT,
    R_TREE_BACK,
    TableEvent,
    deck_count_key,
    events_in_order,
    top_key,
    zone_kind,
)
from engines.skoventyr.table_words import TableWords


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=CARD_ORDER.__getitem__))


def table_places(state: State) -> dict[str, Hashable]:
    """Everything the people can see or handle on the table, place by place."""
    forest = state.forest
    deck = state.deck
    app_deck = state.config.deck_mode == "app"
    places: dict[str, Hashable] = {
        "pawn:vogter": forest.vogter,
        "pawn:gamle_erik": forest.gamle_erik,
        "forest": forest.ids,
    }
    if app_deck:
        places.update({deck_count_key(state, card): n for card, n in deck.counts().items() if n})
    else:
        places["deck"] = deck.size
        places.update({top_key(deck.top, i): card for i, card in enumerate(deck.top)})
        places.update({f"deck:bottom:{i + 1}": card for i, card in enumerate(deck.bottom)})
    for tree in forest.trees:
        places[f"tree:{tree.id}"] = tree.side
        if tree.ally is not None:
            places[f"ally:{tree.id}"] = (tree.ally, "revealed" if tree.revealed else "hidden")
    for tree_id in forest.discarded:
        places[f"tree:{tree_id}"] = "discarded"
    for slot, card in enumerate(state.future):
        places[f"future:{slot + 1}"] = card
    for player, hand in enumerate(state.hands):
        if hand:
            places[f"hand:{player + 1}"] = hand
    optional: dict[str, Hashable] = {
        "taken": state.taken,
        "set_aside": _sorted(state.revealed),
        "discard": _sorted(state.discard),
        "deck:shuffles": 0 if app_deck else deck.shuffles,
        "rallied": tuple(sorted(state.rallied)),
        "lygtemands_out": tuple(sorted(state.lygtemands_removed)),
        "acorns": tuple(sorted(state.acorns)),
        "acorns_out": tuple(sorted(state.acorns_spent)),
    }
    places.update({key: value for key, value in optional.items() if value})
    for minion in state.minions:
        places[f"minion:{minion.id}"] = "in play"
        if minion.lygtemand is not None:
            places[f"lygtemand:{minion.id}"] = minion.lygtemand
        if minion.acorn is not None:
            places[f"acorn:{minion.id}"] = minion.acorn
    for minion in state.defeated:
        places[f"minion:{minion.id}"] = "defeated"
    for hostage in state.hostages:
        places[f"hostage:{hostage.card.value}"] = "x2" if hostage.double else "x1"
    return places


def table_changes(before: State, after: State, run: tuple[int, ...] = ()) -> list[Change]:
    """The physical changes from ``before`` to ``after``, in the order to make them.
    ``run``: the Future places (as the row lay in ``before``) of cards the people put under
    the deck one at a time in between (a Gambit, a cost): told as one move, so that the
    cards left slide once, after the last is chosen (none when the row is emptied)."""
    places_before, places_after = table_places(before), table_places(after)
    differing = differences(places_before, places_after)
    if not differing and not run:  # (a run may put back like for like: still told)
        return []
    if after.applied < before.applied:  # an undo: the forward move, turned round
        events = [event.inverted() for event in reversed(events_in_order(after, before, undo=True))]
        words = TableWords(before, after, back=True)
    else:
        events = events_in_order(before, after, run=run)
        words = TableWords(before, after, back=False)
    changes = _account(events, words, differing, places_before, places_after)
    changes = settle(changes, places_after)
    paid_call = after.entered == "call" and not after.entered_risky
    if paid_call and after.applied == before.applied + 1:
        changes = _cost_then_card(changes)
    return changes


def run_place(start: State, run: tuple[int, ...], slot: int) -> int:
    """The place, as the Future lay in ``start``, of the card at ``slot`` of the row as it
    is now, while the places of ``run`` are left empty on the table."""
    return [place for place in range(len(start.future)) if place not in run][slot]


def run_places(start: State, actions: Iterable[SkoventyrAction]) -> tuple[int, ...]:
    """The Future places (as the row lay in ``start``) that ``actions`` left empty on the
    table until the row slides: a called card's while its cost is paid, and each card
    put under the deck one at a time (``table_changes``' ``run``)."""
    run: tuple[int, ...] = ()
    for action in actions:
        if isinstance(action, Call) and not action.risky:
            run = (action.slot,)
        elif isinstance(action, PutUnder):
            run = (*run, run_place(start, run, action.slot))
    return run


def own_part(states: Sequence[State], actions: Sequence[SkoventyrAction]) -> list[Change]:
    """What the people did themselves over a move of several steps (``states`` from
    before the first, one after each of ``actions``): on the board, each step's own
    part as they made it; of the Future, the cards they put under the deck one at a time
    from the places it leaves empty (``run_places``), the rest being told."""
    run = run_places(states[0], actions)
    steps = [
        change
        for before, after in itertools.pairwise(states)
        for change in table_changes(before, after)
        if change.chosen and not (run and _touches_the_cards(change))
    ]
    if not run:
        return steps
    return [*steps, *(c for c in table_changes(states[0], states[-1], run=run) if c.chosen)]


def _cost_then_card(changes: list[Change]) -> list[Change]:
    """A Call paid with its cost in one move, in the rulebook's order: the cost first,
    then the card taken from the Future (told: until then it lies there), then the
    Future's slide. A card with nothing to pay is the people's own move, as they touched
    it."""
    takes = [c for c in changes if c.chosen and c.source.startswith("future")]
    rest = [c for c in changes if c not in takes]
    if not any(not c.chosen and not _by_the_future(c) for c in rest):
        return changes  # no cost the table pays: nothing to take the card after
    at = next(
        (i for i, c in enumerate(rest) if c.chosen or _by_the_future(c) or _to_the_future(c)),
        len(rest),
    )
    return [*rest[:at], *(replace(c, chosen=False) for c in takes), *rest[at:]]


def _touches_the_cards(change: Change) -> bool:
    """A change that reads or writes the Future, the card taken, a hand or the deck
    anywhere: its places, its way, where from and where to (a card put under the deck in
    the middle of a run changes no place of its own step, yet names the row as the engine
    holds it, closed up)."""
    places = (*change.keys, *dict(change.sets), change.source, change.target)
    return any(place.startswith(("future", "taken", "hand", "deck")) for place in places)


def _to_the_future(change: Change) -> bool:
    """A change that fills or empties a Future place, on its way included."""
    return any(key.startswith("future") for key in (*change.keys, *dict(change.sets)))


def _by_the_future(change: Change) -> bool:
    """A change to the Future, the card taken, a hand or the deck."""
    return any(key.startswith(("future", "taken", "hand", "deck")) for key in change.keys)


# -- from events to changes ------------------------------------------------------------


#: The rulebook's order of a turn (Gameplay, "After your turn's action"): two like Acorns
#: in the centre leave the game (and a Tree comes back) at its start; the action on a
#: Vogter card with all its steps (its costs and every Gamle Erik it brings up), then
#: the hand down to 5, then the Future refilled. The deal at set-up comes before all.
TURN_ORDER = TurnOrder(
    source="Skoventyr rulebook, Gameplay: a Vogter card's action, then After your turn's "
    "action; Rescue module: Acorn tokens, at the start of your turn",
    phases=("set-up", "start of turn", "action", "hand limit", "refill"),
    opening=("start of turn",),
)


def _phase(event: TableEvent) -> str:
    """The step of the turn ``event`` belongs to: the Future sliding and filling from the
    deck is the refill, all else the action's (the hand limit's discards are the people's
    own choice, never told)."""
    if event.rank in (R_ACORNS_OUT, R_TREE_BACK):
        return "start of turn"
    if event.kind in ("slide", "slide_refill") or (
        event.kind == "card"
        and zone_kind(event.src).startswith("deck")
        and zone_kind(event.dst) == "future"
    ):
        return "refill"
    return "action"


def _account(
    events: list[TableEvent],
    words: TableWords,
    differing: dict[str, tuple[Hashable, Hashable]],
    before: Places,
    after: Places,
) -> list[Change]:
    """Give each event the differing places it changes, each place to one event only:
    first to the rules' events (the people must be told them), then to the people's own.
    A rule's event whose places all went to others is told with the event that has
    them. A card taken from a Future place and one put there again later are changes of
    no place of their own (the place is empty on the way: ``Change.sets``). Any other
    event left with no place changed nothing on the table. A difference no event
    explains is told as it is (this should never happen)."""
    events = _join_slide_and_refill(events, words)
    owner: dict[str, int] = {}
    for own in (False, True):
        # A Future place goes to the event that fills it rather than one that empties
        # it on the way (the slide, not the card taken): its contents then change on
        # the screen when the table's do.
        for leaving in (False, True):
            for index, event in enumerate(events):
                if event.chosen == own:
                    left = _left_empty(event)
                    for key in event.touches:
                        if key in differing and (key in left) == leaving:
                            owner.setdefault(key, index)
    told: dict[int, list[str]] = {}
    home: dict[int, int] = {}  # each event told: the change that tells it
    emptied: set[str] = set()  # the Future places left empty by the events so far
    between: dict[int, list[tuple[str, Hashable]]] = {}  # what those changes set
    for index, event in enumerate(events):
        keys = [key for key, held in owner.items() if held == index]
        shared = [owner[key] for key in event.touches if key in owner]
        if keys:
            told.setdefault(index, []).insert(0, words.say(event))
            home[index] = index
        elif shared and not event.chosen:
            told.setdefault(shared[0], []).append(words.say(event))
            home[index] = shared[0]
        else:
            # A card taken from a Future place and one put there again (a like one
            # perhaps): the place is no change's in the end, yet stands empty between.
            refilled = {place for later in events[index + 1 :] for place in _fills(later)}
            gap = [p for p in _left_empty(event) if p in refilled and owner.get(p, index) >= index]
            filled = [p for p in _fills(event) if p in emptied and p not in owner]
            if (event.chosen and gap) or (not event.chosen and filled):
                told[index] = [words.say(event)]
                home[index] = index
                # (a place a later change has says it is empty on the way: _on_the_way)
                gap = [p for p in gap if p not in owner]
                between[index] = [(p, None) for p in gap] + [(p, after.get(p)) for p in filled]
        emptied.update(_left_empty(event))
    passing = _on_the_way(events, owner, home, after)
    for index, counts in _counts_on_the_way(events, home, before, differing).items():
        passing.setdefault(index, []).extend(counts)
    for index, places in between.items():
        passing.setdefault(index, []).extend(places)
    changes = []
    for index, event in enumerate(events):
        if index in told:
            source, target = words.marks(event)
            held_keys = tuple(key for key, held in owner.items() if held == index)
            said = told[index]
            text = "; then ".join([said[0], *(part[0].lower() + part[1:] for part in said[1:])])
            chosen = event.chosen and len(said) == 1
            sets = tuple(passing.get(index, ()))
            changes.append(Change(text, held_keys, source, target, chosen, sets, _phase(event)))
    for key, (_, now) in differing.items():
        if key not in owner:
            changes.append(Change(f"Make {key} on the table match the app: {now}", (key,)))
    return changes


def _on_the_way(
    events: list[TableEvent], owner: dict[str, int], home: dict[int, int], after: Places
) -> dict[int, list[tuple[str, Hashable]]]:
    """What the Future's places hold between two instructions, by the change that says
    it (``Change.sets``): a card taken from a place leaves it empty until a later
    instruction fills it (the slide, a refill), even when the place ends as it began (a
    card like the one taken slides in)."""
    passing: dict[int, list[tuple[str, Hashable]]] = {}
    for index, event in enumerate(events):
        here = home.get(index, index)
        for place in _left_empty(event):
            held = owner.get(place)
            if held is None:  # unchanged in the end: the change that fills it again says so
                refill = next(
                    (
                        home[j]
                        for j in range(index + 1, len(events))
                        if home.get(j, here) > here and place in events[j].touches
                    ),
                    None,
                )
                if refill is not None:
                    passing.setdefault(here, []).append((place, None))
                    passing.setdefault(refill, []).append((place, after.get(place)))
            elif held > here:
                passing.setdefault(here, []).append((place, None))
    return passing


def _counts_on_the_way(
    events: list[TableEvent],
    home: dict[int, int],
    before: Places,
    differing: dict[str, tuple[Hashable, Hashable]],
) -> dict[int, list[tuple[str, Hashable]]]:
    """What a deck count (a kind in the sorted pile, or the deck's size) that ends as it
    began holds after each change that takes a card from it or puts one in: a card the
    people put under the deck and a like one an instruction then takes from it leave the
    count as it was, yet the table holds one more between the two."""
    running = {key: int(str(count)) for key, count in before.items() if _counts(key) and count}
    pile = any(key.startswith("deck:pile:") for key in before)
    passing: dict[int, list[tuple[str, Hashable]]] = {}
    for index, event in enumerate(events):
        moves = event.what if event.kind == "slide_refill" else (event,)
        for move in moves:
            if move.kind != "card" or not isinstance(move.what, Card):
                continue
            key = f"deck:pile:{move.what.value}" if pile else "deck"
            taken = zone_kind(str(move.src)).startswith("deck")
            put = zone_kind(str(move.dst)).startswith("deck")
            if taken == put:
                continue
            running[key] = running.get(key, 0) + (1 if put else -1)
            if index in home and key not in differing:  # else no change of the end's
                passing.setdefault(home[index], []).append((key, running[key] or None))
    # Only a count the changes told bring back to where it began (far-apart states may
    # hold moves no change names, a shuffle's).
    last = {key: value for index in sorted(passing) for key, value in passing[index]}
    back = {key for key, value in last.items() if value == before.get(key)}
    return {
        index: kept
        for index, sets in passing.items()
        if (kept := [(key, value) for key, value in sets if key in back])
    }


def _counts(key: str) -> bool:
    return key == "deck" or key.startswith("deck:pile:")


def _fills(event: TableEvent) -> list[str]:
    """The Future places ``event`` puts a card in."""
    if event.kind == "slide_refill":
        return [place for part in event.what for place in _fills(part)]
    if event.kind == "slide":
        return [f"future:{now + 1}" for now in event.dst]
    if event.kind in ("card", "take") and str(event.dst).startswith("future:"):
        return [str(event.dst)]
    return []


def _left_empty(event: TableEvent) -> list[str]:
    """The Future places a card leaves with ``event``: where it was taken from, or where
    the cards that slide left came from and no other card slid to."""
    if event.kind in ("card", "take"):
        return [str(event.src)] if str(event.src).startswith("future:") else []
    slide = event.what[0] if event.kind == "slide_refill" else event
    if slide.kind != "slide":
        return []
    return [f"future:{was + 1}" for was in slide.src if was not in slide.dst]


def _join_slide_and_refill(events: list[TableEvent], words: TableWords) -> list[TableEvent]:
    """The Future slides left and is refilled from the deck: one instruction."""
    joined: list[TableEvent] = []
    for event in events:
        previous = joined[-1] if joined else None
        if (
            previous is not None
            and previous.kind == "slide"
            and not previous.chosen
            and not event.chosen
            and event.kind == "card"
            and event.src == "deck"
            and event.dst.startswith("future:")
            and not words.back
        ):
            joined[-1] = TableEvent(
                "slide_refill",
                (previous, event),
                touches=tuple(dict.fromkeys((*previous.touches, *event.touches))),
                rank=event.rank,
            )
            continue
        joined.append(event)
    return joined
