"""What the table must do to follow the app: ``table_changes(before, after)``.

The events between the two states (``engines.skoventyr.table_events``) are put in words
for the deck mode (``engines.skoventyr.table_words``), and each is given the places it
changes (``engines.skoventyr.table``), each place to one instruction only.

An undo compares a later state with an earlier one: the events are then those of the
forward move, reversed and turned round ("Move Gamle Erik 2 Trees counter-clockwise").
``State.applied`` tells which way the comparison goes.
"""

from __future__ import annotations

from collections.abc import Hashable

from engines.core import Change, differences
from engines.skoventyr.state import State
from engines.skoventyr.table import table_places
from engines.skoventyr.table_events import TableEvent, events_in_order
from engines.skoventyr.table_words import TableWords

__all__ = ["table_changes", "table_places"]


def table_changes(before: State, after: State, run: tuple[int, ...] = ()) -> list[Change]:
    """The physical changes from ``before`` to ``after``, in the order to make them.
    ``run``: the Future places (as the row lay in ``before``) of cards the people put under
    the deck one at a time in between (a Gambit, a cost): told as one move, so that the
    cards left slide once, after the last is chosen (none when the row is emptied)."""
    places_before, places_after = table_places(before), table_places(after)
    differing = differences(places_before, places_after)
    if not differing:
        return []
    if after.applied < before.applied:  # an undo: the forward move, turned round
        events = [event.inverted() for event in reversed(events_in_order(after, before, undo=True))]
        words = TableWords(before, after, back=True)
    else:
        events = events_in_order(before, after, run=run)
        words = TableWords(before, after, back=False)
    return _account(events, words, differing)


# -- from events to changes ------------------------------------------------------------


def _account(
    events: list[TableEvent], words: TableWords, differing: dict[str, tuple[Hashable, Hashable]]
) -> list[Change]:
    """Give each event the differing places it changes, each place to one event only:
    first to the rules' events (the people must be told them), then to the people's own.
    A rule's event whose places all went to others is told with the event that has
    them; any other event left with no place changed nothing on the table. A
    difference no event explains is told as it is (this should never happen)."""
    events = _join_slide_and_refill(events, words)
    owner: dict[str, int] = {}
    for own in (False, True):
        for index, event in enumerate(events):
            if event.chosen == own:
                for key in event.touches:
                    if key in differing:
                        owner.setdefault(key, index)
    told: dict[int, list[str]] = {}
    for index, event in enumerate(events):
        keys = [key for key, held in owner.items() if held == index]
        shared = [owner[key] for key in event.touches if key in owner]
        if keys:
            told.setdefault(index, []).insert(0, words.say(event))
        elif shared and not event.chosen:
            told.setdefault(shared[0], []).append(words.say(event))
    changes = []
    for index, event in enumerate(events):
        if index in told:
            source, target = words.marks(event)
            held_keys = tuple(key for key, held in owner.items() if held == index)
            said = told[index]
            text = "; then ".join([said[0], *(part[0].lower() + part[1:] for part in said[1:])])
            chosen = event.chosen and len(said) == 1
            changes.append(Change(text, held_keys, source, target, chosen=chosen))
    for key, (_, now) in differing.items():
        if key not in owner:
            changes.append(Change(f"Make {key} on the table match the app: {now}", (key,)))
    return changes


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
