"""What a position is worth to the heuristic policy, without playing it to the end.

The search bot's simulated games stop a few turns ahead and score the position they
reach with ``value``: a linear estimate of what the heuristic would score if it played
on (a sixth for each defeated Minion, plus one for a win). The weights are fitted on the
policy's own games (least squares on every turn's features against the end of that
game, ``fit_value``) by ``python -m engines.skoventyr.bots.fit``, which writes them to
``data/advisor.toml``. A game with a module is judged by a table of its own set-up's
(``SETUPS``), which also weighs what only the modules have (``MODULE_NAMES``): fitted on
the search's own module games (``expert``), it changes nothing in a standard game.
A short game scored this way costs a fraction of a whole one, so the search compares
more moves on more deals within the same time.

Features read only what a player sees: the deck is counted, never looked through.
"""

from __future__ import annotations

from engines.skoventyr.bots.policy import plan_type
from engines.skoventyr.bots.sim import E, F, G, Sim, T
from engines.skoventyr.bots.weights import load_table

#: Names of the features, in the order of ``features`` and ``WEIGHTS``.
NAMES: tuple[str, ...] = (
    "bias",
    "minions defeated (share)",
    "minion values left (share of 18)",
    "gap",
    "1 / gap",
    "gap is 1",
    "gap is 2",
    "Trees",
    "Damaged Trees",
    "4 Trees or fewer",
    "Allies in the Forest",
    "a Minion can be defeated",
    "hand size",
    "hand cards for the Forest's plan",
    "Trolds in hand",
    "Ellefolk in hand",
    "deck size (share of 38)",
    "Gamle Erik share of the deck",
    "Gamle Eriks in the deck (share of 13)",
    "Gamle Eriks in the Future",
    "Gamle Erik leftmost in the Future",
    "Allies in the discard pile (share of 25)",
    "Hidden Allies",
    "gap x Gamle Erik share of the deck",
)


def features(s: Sim) -> list[float]:
    """The position's features, in the order of ``NAMES``."""
    gap = s.gap
    deck = s.deck
    size = len(deck)
    adversaries = deck.count(G)
    share = adversaries / size if size else 0.0
    hand = s.hand
    plan = plan_type(s)
    left = sum(int(m[1] or 0) for m in s.minions)
    # Only a vulnerable Minion can be defeated (Lygtemands cover the others).
    values = [int(m[1] or 0) for m in s.minions if m[2] is None]
    allies = s.ally_count()
    return [
        1.0,
        (6 - len(s.minions)) / 6,
        left / 18,
        float(gap),
        1.0 / gap if gap else 2.0,
        float(gap == 1),
        float(gap == 2),
        float(s.n),
        float(sum(t[1] for t in s.trees)),
        float(s.n <= 4),
        float(allies),
        float(any(allies >= v for v in values)),
        float(len(hand)),
        float(sum(1 for c in hand if c in (plan, F))),
        float(hand.count(T)),
        float(hand.count(E)),
        size / 38,
        share,
        adversaries / 13,
        float(s.future.count(G)),
        float(bool(s.future) and s.future[0] == G),
        sum(1 for c in s.discard if c != G) / 25,
        float(len(s.hidden_allies())),
        gap * share,
    ]


#: What only a game with a module has, weighed after ``NAMES`` by its set-up's table.
MODULE_NAMES: tuple[str, ...] = (
    "hostage types",
    "double hostages",
    "covered Minions",
    "covered Minion values (share of 18)",
)
#: The module set-ups with a value table of their own (``Sim.modules``).
SETUPS: tuple[str, ...] = ("L", "R", "LR")


def module_features(s: Sim) -> list[float]:
    """``features`` and what only the modules have, in the order of ``NAMES`` and then
    ``MODULE_NAMES``."""
    covered = [int(m[1] or 0) for m in s.minions if m[2] is not None]
    return [
        *features(s),
        float(len(s.hostages)),
        float(sum(h[1] for h in s.hostages)),
        float(len(covered)),
        sum(covered) / 18,
    ]


def table_name(setup: str) -> str:
    """The data file's table for ``setup`` ("" the standard game's)."""
    return f"value_{setup}" if setup else "value"


#: The weight of each feature, in the order of ``NAMES``: fitted and shipped in
#: ``data/advisor.toml``.
WEIGHTS: tuple[float, ...] = tuple(load_table("value", NAMES).values())
#: Each module set-up's weights, in the order of ``NAMES`` and then ``MODULE_NAMES``:
#: changed only through ``set_module_weights`` (the fit trying its own).
MODULE_WEIGHTS: dict[str, tuple[float, ...]] = {
    setup: tuple(load_table(table_name(setup), NAMES + MODULE_NAMES).values()) for setup in SETUPS
}


def set_module_weights(tables: dict[str, tuple[float, ...]]) -> None:
    """``tables`` (by set-up) in place of the module set-ups' weights."""
    for setup, weights in tables.items():
        if setup not in SETUPS or len(weights) != len(NAMES) + len(MODULE_NAMES):
            raise ValueError(f"no value table {setup!r} of {len(weights)} weights")
        MODULE_WEIGHTS[setup] = tuple(weights)


def value(s: Sim) -> float:
    """The estimated end score of ``s`` under the heuristic: between what is already won
    (a sixth per defeated Minion) and that plus one (a win)."""
    done = (6 - len(s.minions)) / 6
    if s.ended:
        return done + (1.0 if s.ended == 1 else 0.0)
    setup = s.modules
    if setup:
        pairs = zip(MODULE_WEIGHTS[setup], module_features(s), strict=True)
    else:
        pairs = zip(WEIGHTS, features(s), strict=True)
    guess = sum(w * x for w, x in pairs)
    return min(done + 1.0, max(done, guess))
