"""What the table must do to stay in step with the app: the physical changes between two
states, each in words for the people at the table.

Every engine describes what lies on the table as *places*: a flat mapping from a place
key ("pawn:gamle_erik", "tree:3", "future", "deck:bottom", "space:clearing") to what is
there, in the table's own terms (a Tree number, a card name, a count of wounds). Two
states' places differ exactly where the table must change something. Each engine's
``table_changes(before, after)`` turns those differences into ``Change``s, in the order
they happen at the table, so that the screen can say each one once and mark it on the
drawn board; ``check_changes`` proves that they account for every difference, each once.

Each change also says what its places hold once it is made (``sets``), so that a model of
the table as the people have been told it (``made``) can be kept step by step: it starts
from the set-up and changes only as each instruction is carried out, and once a chain of
instructions is over it must equal the engine's own places (``plain_places``).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

#: What lies on the table: place key -> its contents (any comparable, hashable value).
Places = Mapping[str, Hashable]
#: The table as a model keeps it: place key -> its contents in ``plain`` form; an empty
#: place is left out.
Table = dict[str, Hashable]


def plain(value: object) -> Hashable:
    """A place's contents in the one form a table model keeps and saves, so that what was
    saved reads back equal: an enum as its value, a sequence as a tuple, a mapping or a
    dataclass as its (name, contents) pairs in order, a set sorted."""
    if isinstance(value, enum.Enum):
        return plain(value.value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | list):
        return tuple(plain(item) for item in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return tuple(sorted(((str(k), plain(v)) for k, v in value.items()), key=repr))
    if isinstance(value, set | frozenset):
        return tuple(sorted((plain(item) for item in value), key=repr))
    raise TypeError(f"a place cannot hold a {type(value).__name__}: {value!r}")


def plain_places(places: Places) -> Table:
    """``places`` as a table model keeps them (``plain``), empty places left out."""
    return {key: plain(value) for key, value in places.items() if value is not None}


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
    #: What places hold once the change is made, each as (key, ``plain`` contents; None
    #: for a place left empty): every place of ``keys`` (``settle`` fills them in), and
    #: any place the change passes through on the way (a card taken from the Future leaves
    #: its place empty until the row slides, a later change's).
    sets: tuple[tuple[str, Any], ...] = field(default=(), compare=False)
    #: The step of the rulebook's turn the change belongs to (the game's ``PHASES``), so
    #: that the order the table is told in can be checked against the rulebook's. Neither
    #: this nor ``sets`` tells two instructions apart: the words and places do.
    phase: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        # Read back from a saved game as JSON lists: made plain (tuples) again.
        object.__setattr__(self, "sets", tuple((str(k), plain(v)) for k, v in self.sets))

    @property
    def places(self) -> tuple[str, ...]:
        """The places to mark on the drawn board: where from, then where to."""
        return tuple(place for place in (self.source, self.target) if place)


def settle(changes: Iterable[Change], after: Places) -> list[Change]:
    """``changes`` each saying what its places hold once made: those of its ``keys`` as
    in ``after`` (the places at the end of them all), after anything it already says of
    places on the way."""
    settled = []
    for change in changes:
        passing = tuple((key, value) for key, value in change.sets if key not in change.keys)
        ending = tuple((key, after.get(key)) for key in change.keys)
        settled.append(replace(change, sets=passing + ending))
    # A place passed on the way and left otherwise than it ends (cards put under the deck
    # known at its bottom, then more drawn from its top: they are no longer where they
    # were counted from) ends as it does with the last change of its kind from then on.
    last: dict[str, tuple[int, Any]] = {}
    for index, change in enumerate(settled):
        for key, value in change.sets:
            last[key] = (index, value)
    for key, (index, value) in last.items():
        if value != plain(after.get(key)):
            kind = key.split(":")[0]
            at = max(
                i
                for i in range(index, len(settled))
                if any(place.split(":")[0] == kind for place, _ in settled[i].sets)
            )
            settled[at] = replace(settled[at], sets=(*settled[at].sets, (key, after.get(key))))
    return settled


def made(table: Mapping[str, Hashable], changes: Iterable[Change]) -> Table:
    """The table model once ``changes`` are carried out, in order."""
    result = dict(table)
    for change in changes:
        for key, value in change.sets:
            if value is None:
                result.pop(key, None)
            else:
                result[key] = value
    return result


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
    that did not change (or none at all, nor any on its way), a change without words.
    Empty when all is well.
    """
    problems: list[str] = []
    differing = differences(before, after)
    covered: dict[str, str] = {}
    for change in changes:
        if not change.words.strip():
            problems.append(f"a change without words covers {change.keys}")
        if not change.keys and not change.sets:
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
    for change in changes:
        missing = set(change.keys) - {key for key, _value in change.sets}
        if missing:
            problems.append(f"{change.words!r} does not say what {sorted(missing)} then hold")
    modelled, ended = made(plain_places(before), changes), plain_places(after)
    for key in sorted(set(modelled) | set(ended)):
        if modelled.get(key) != ended.get(key):
            problems.append(
                f"carried out in order, the changes leave {key!r} holding "
                f"{modelled.get(key)!r}, not {ended.get(key)!r}"
            )
    return problems
