"""What the table must do to stay in step with the app: the physical changes between two
states, each in words for the people at the table.

Every engine describes what lies on the table as *places*: a flat mapping from a place
key ("pawn:gamle_erik", "tree:3", "future", "deck:bottom", "space:clearing") to what is
there, in the table's own terms (a Tree number, a card name, a count of wounds). Two
states' places differ exactly where the table must change something. Each engine's
``table_changes(before, after)`` turns those differences into ``Change``s, in the order
they happen at the table, so that the screen can say each one once and mark it on the
drawn board; ``check_changes`` proves that they account for every difference, each once.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

#: What lies on the table: place key -> its contents (any comparable, hashable value).
Places = Mapping[str, Hashable]


@dataclass(frozen=True)
class Change:
    """One physical change for the table.

    ``words`` is the instruction in the imperative, naming real things ("Move Gamle Erik
    2 Trees clockwise, to Tree 3"). ``keys`` are the places whose contents it changes
    (a change covers one or more places; every differing place is covered by exactly one
    change). ``source`` and ``target`` are the places to mark on the drawn board, where
    from and where to ("" when there is none). ``chosen`` is true for a change the people
    made themselves as the move they entered (they placed the Ally they chose): the screen
    need not tell them to do it; everything else is the app's to announce.
    """

    words: str
    keys: tuple[str, ...]
    source: str = ""
    target: str = ""
    chosen: bool = False

    @property
    def places(self) -> tuple[str, ...]:
        """The places to mark on the drawn board: where from, then where to."""
        return tuple(place for place in (self.source, self.target) if place)


def differences(before: Places, after: Places) -> dict[str, tuple[Hashable, Hashable]]:
    """The places whose contents differ, with (before, after); None where absent."""
    keys = sorted(set(before) | set(after))
    return {
        key: (before.get(key), after.get(key)) for key in keys if before.get(key) != after.get(key)
    }


def to_announce(changes: Iterable[Change]) -> list[Change]:
    """The changes the app must tell the table: all but the people's own moves."""
    return [change for change in changes if not change.chosen]


def check_changes(changes: Sequence[Change], before: Places, after: Places) -> list[str]:
    """What is wrong with ``changes`` as the account of going from ``before`` to ``after``:
    a differing place no change covers, a place covered twice, a change covering a place
    that did not change (or none at all), a change without words. Empty when all is well.
    """
    problems: list[str] = []
    differing = differences(before, after)
    covered: dict[str, str] = {}
    for change in changes:
        if not change.words.strip():
            problems.append(f"a change without words covers {change.keys}")
        if not change.keys:
            problems.append(f"{change.words!r} covers no place")
        for key in change.keys:
            if key not in differing:
                problems.append(f"{change.words!r} covers {key!r}, which did not change")
            elif key in covered:
                problems.append(f"{key!r} is covered twice: {covered[key]!r}, {change.words!r}")
            else:
                covered[key] = change.words
    for key, (old, new) in differing.items():
        if key not in covered:
            problems.append(f"{key!r} changed ({old!r} -> {new!r}) with no instruction")
    return problems
