"""What the bots know of each guardian beyond the rules, as data: one ``Traits`` entry per
guardian, so that a new guardian is one entry here (``TRAITS``).

A guardian's ``values`` and ``aims`` are weighted features of a state: ``policy.score``
adds its ``values`` (both sides judge by them), ``policy.aim`` its ``aims`` (the
guardian's own plan). ``normal_slips`` and ``normal_plans`` tune its Normal level
(``guardian.NormalGuardian``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engines.skulk_hollow import board
from engines.skulk_hollow.guardians import raptra
from engines.skulk_hollow.state import State


@dataclass(frozen=True)
class Term:
    """``weight`` times a feature of the state."""

    weight: float
    feature: Callable[[State], float]


@dataclass(frozen=True)
class Traits:
    #: What the guardian values beyond the score every guardian shares.
    values: tuple[Term, ...] = ()
    #: The guardian's own plan (the set-up of its next blow); the hero bots ignore it.
    aims: tuple[Term, ...] = ()
    #: Normal: how often a main decision goes to the second-best option.
    normal_slips: float = 0.0
    #: Normal: how often a decision is thought through to the end of the turn (on one
    #: guess at the hidden cards).
    normal_plans: float = 0.0


def add(value: float, terms: tuple[Term, ...], state: State) -> float:
    """``value`` plus each term in turn (in order, so the sum rounds as it always has)."""
    for term in terms:
        value += term.weight * term.feature(state)
    return value


def runes_collected(state: State) -> float:
    return state.runes_collected


def nearest_rune(state: State) -> float:
    """How far (in spaces, diagonals counting one) the nearest rune is; 0 with none left."""
    if not state.runes:
        return 0
    layout = state.layout
    here = layout.at(state.guardian_space)
    return min(
        max(abs(layout.at(r)[0] - here[0]), abs(layout.at(r)[1] - here[1])) for r in state.runes
    )


def roots(state: State) -> float:
    return len(state.roots)


def others_on_map(state: State) -> float:
    """Hero units on the map other than the leader."""
    return sum(1 for u in board.on_map(state) if not board.is_leader(state, u))


def airborne(state: State) -> float:
    return state.airborne


def others_in_reach(state: State) -> float:
    """Hero units other than the leader that Raptra's next CLAW or SHRIEK would wound."""
    return sum(1 for u in raptra.in_reach(state) if not board.is_leader(state, u))


#: Normal's slips: without them Normal Grak and Tanthos beat the search hero about nine
#: games in ten; with them, about five and seven in ten (32 games each). Raptra's Hard
#: gains least from thinking its turn through (about 12 points over Normal against the
#: greedy hero, 200 games), so its Normal slips too, to keep Hard a clear step up: 51% ->
#: 39.5% against the greedy hero (200 games, seeds 400-449 per leader).
#: Normal's plans: Apoda's runes take a turn's plan to reach; without them Normal Apoda won
#: under three games in ten against the search hero; with them, half (32 games).
TRAITS: dict[str, Traits] = {
    "grak": Traits(normal_slips=0.2),
    "apoda": Traits(
        values=(Term(60, runes_collected), Term(-14, nearest_rune)),
        normal_plans=0.2,
    ),
    "tanthos": Traits(values=(Term(25, roots),), normal_slips=0.5),
    "raptra": Traits(
        # In the air no hero can leap onto it: only missiles still reach it.
        values=(Term(-6, others_on_map), Term(10, airborne)),
        # Its win needs the other hero units gone, and its blows land only where it can
        # FLAP them: what each is worth to it while in reach (FLAP one there, then strike).
        aims=(Term(15.0, others_in_reach),),
        normal_slips=0.1,
    ),
}
