"""What a position is worth to the heuristic policy, without playing it to the end.

The search bot's simulated games stop a few turns ahead and score the position they
reach with ``value``: a linear estimate of what the heuristic would score if it played
on (a sixth for each defeated Minion, plus one for a win). The weights are fitted on the
policy's own games (least squares on every turn's features against the end of that
game, ``fit_value``) by ``python -m engines.skoventyr.bots.fit``, which writes them to
``data/advisor.toml``.
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


#: The weight of each feature, in the order of ``NAMES``: fitted and shipped in
#: ``data/advisor.toml``.
WEIGHTS: tuple[float, ...] = tuple(load_table("value", NAMES).values())


def value(s: Sim) -> float:
    """The estimated end score of ``s`` under the heuristic: between what is already won
    (a sixth per defeated Minion) and that plus one (a win)."""
    done = (6 - len(s.minions)) / 6
    if s.ended:
        return done + (1.0 if s.ended == 1 else 0.0)
    guess = sum(w * x for w, x in zip(WEIGHTS, features(s), strict=True))
    return min(done + 1.0, max(done, guess))
