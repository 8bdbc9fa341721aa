"""The heuristic policy: a fast scoring of every legal move or answer of a ``Sim``.

It is the heuristic bot, the search bot's rollout policy and its prior. It reads only
what a player sees (counts of the deck, never the order of a determinization).

The plan it follows: build a line of Allies of one type (Formskifters join any type)
clockwise from Vogter, defeat the Minion whose value the line reaches, take Refuge along
the line to gain distance, and keep Gamle Erik away with Trold missions, Nisse calls and
by not calling Gamle Erik cards while he is close.

Each move's hand-made score (weighted by ``W``) is then corrected by the fitted weight of
each of its features (``MOVES``, see ``move_features``), learned from where the search,
playing the candidates out, judges differently. Both come from ``data/advisor.toml``.
"""

from __future__ import annotations

import random

from engines.skoventyr.bots.move_features import Shares, Situation, correction
from engines.skoventyr.bots.sim import ALLY_INTS, F, G, Move, Sim
from engines.skoventyr.bots.weights import load_table
from engines.skoventyr.cards import Effect

LOSS = -1000.0

#: The names of the rule of thumb's weights. Their values are fitted and shipped in
#: ``data/advisor.toml`` (``python -m engines.skoventyr.bots.fit`` makes it; see there for
#: how and on which seeds).
NAMES: tuple[str, ...] = (
    "step",
    "urgency",
    "flip",
    "discard",
    "discard_scale",
    "call",
    "nisse_call",
    "position",
    "trold3",
    "trold4",
    "elle_left",
    "elle",
    "huldre_m",
    "nisse_m",
    "gambit",
    "gambit_g",
    "gambit_left",
    "refuge_low",
    "refuge_high",
    "revenge",
    "restoration",
    "wrath_gap",
    "wrath_equal",
    "wrath_wait",
    "first_f",
    "rally",
    "rally_ready",
    "rally_short",
    "involve",
    "involve2",
    "rescue",
    "rescue_held",
    "rescue_coming",
    "rescue_plan",
    "rescue_idle",
    "card_other",
    "card_plan",
    "card_pair",
    "card_trold",
    "card_trold2",
    "card_clears",
    "card_hostage",
    "card_full_hand",
    "cost_other",
    "off_plan",
    "reaches_minion",
    "past_minions",
    "far_side",
    "far_side_step",
    "extends_refuge",
    "on_vogter",
    "on_gamle_erik",
    "keep_trold",
    "f_no_plan",
    "wrath",
    "wrath_value",
    "wrath_ready",
    "gambit_none",
    "gambit_near",
    "trold_wasted",
    "trold1",
    "trold2",
    "elle_near",
    "huldre_wasted",
    "damage_far",
    "heal_near",
    "reveal_far",
    "under_ge",
    "return_plan",
)
#: The weights only a module's moves read (a standard game never does): ``fit`` tunes
#: them on games with the modules.
MODULE_NAMES: tuple[str, ...] = (
    *("rally", "rally_ready", "rally_short", "involve", "involve2"),
    *("rescue", "rescue_held", "rescue_coming", "rescue_plan", "rescue_idle", "card_hostage"),
)
W: dict[str, float] = load_table("policy", NAMES)
#: The fitted corrections: a weight for each move feature (``move_features``), added to
#: the hand-made score of each move that has it.
MOVES: dict[str, float] = load_table("moves", None)
#: Each move kind's share of the corrections for a situation (``move_features.
#: correction``), and the table they were worked out from: changed in place, it must be
#: changed through ``set_corrections``, which forgets them.
_SHARES: Shares = {}
_SHARES_OF: list[dict[str, float]] = [MOVES]


def set_corrections(table: dict[str, float]) -> None:
    """``table`` in place of the fitted corrections (the fit trying its own)."""
    table = dict(table)  # it may be ``MOVES`` itself: a record played in this process
    MOVES.clear()
    MOVES.update(table)
    _SHARES.clear()


def _shares() -> Shares:
    """``_SHARES`` for the corrections in force (a test may put a table of its own)."""
    if _SHARES_OF[0] is not MOVES:
        _SHARES.clear()
        _SHARES_OF[0] = MOVES
    return _SHARES


WRATH_EQUAL = True


def plan_type(s: Sim) -> int:
    """The Ally type the Forest is being built with (-1: none yet decided)."""
    ft = s.forest_type()
    if ft >= 0:
        return ft
    if ft == -2:
        return F
    best, count = -1, 0.0
    hand = s.hand
    for c in ALLY_INTS:
        if c == F:
            continue
        # A hostage type can still be the plan (Rescue frees it); a free one held as
        # often is preferred.
        k = hand.count(c) - 0.5 * s.hostage(c)
        if k > count:
            best, count = c, k
    return best


def minion_value(s: Sim, minion: int) -> int:
    """The value of the Minion with id ``minion``."""
    return next(int(m[1] or 0) for m in s.minions if m[0] == minion)


def vulnerable_values(s: Sim) -> list[int]:
    return [int(m[1] or 0) for m in s.minions if m[2] is None]


class Ctx:
    """What every option of one decision is scored against (worked out once)."""

    __slots__ = ("_card_values", "_growing", "gap", "k", "plan", "values")

    def __init__(self, s: Sim) -> None:
        self.plan = plan_type(s)
        self.gap = s.gap
        self.k = s.ally_count()
        self.values = vulnerable_values(s)
        self._growing: bool | None = None
        self._card_values: dict[int, float] = {}

    def card_value(self, s: Sim, card: int) -> float:
        """``card_value`` for this decision (a Call's safe and risky moves share it)."""
        value = self._card_values.get(card)
        if value is None:
            value = self._card_values[card] = card_value(s, card, self.plan)
        return value

    def growing(self, s: Sim) -> bool:
        """Whether the Forest's line can still grow: a free Tree to place on, and a card
        of the plan's type (or a Formskifter) in the hand or the Future."""
        if self._growing is None:
            plan = self.plan
            self._growing = bool(s.placement_trees()) and any(
                c in (plan, F) and not s.hostage(c) for c in (*s.hand, *s.future)
            )
        return self._growing


def far_side(s: Sim, tid: int, gap: int) -> bool:
    """Whether ``tid`` lies clockwise from Vogter before Gamle Erik (off his path)."""
    n = s.n
    d = (s.idx(tid) - s.idx(s.v)) % n
    return 0 < d < n - gap


def extends_refuge(s: Sim, tid: int) -> bool:
    """Whether an Ally on ``tid`` lengthens the line Refuge can walk from Vogter."""
    cur = s.v
    if s.tree(cur)[2] < 0:
        return False
    for _ in range(s.n - 1):
        cur = s.step(cur, 1)
        if cur == tid:
            return True
        if s.tree(cur)[2] < 0:
            return False
    return False


def ge_steps_cost(g: int, steps: int) -> float:
    """How bad it is for Gamle Erik to come ``steps`` Trees nearer when ``g`` away."""
    if steps >= g:
        return -LOSS
    left = g - steps
    return steps * (W["step"] + W["urgency"] / left)


def damage_cost(s: Sim, times: int = 1) -> float:
    """How bad it is to damage a Tree ``times`` times now."""
    if s.damage_capacity() < times:
        return -LOSS
    cost = 0.0
    dam = bool(s.heal_options())  # a free Tree is already damaged
    n = s.n
    for _ in range(times):
        if dam:
            cost += W["discard"] + W["discard_scale"] / max(1, n - 3)
            n -= 1
        else:
            cost += W["flip"]
        dam = not dam
    return cost


def card_value(s: Sim, card: int, plan: int) -> float:
    if card == G:
        return 0.0
    hand = s.hand
    value = W["card_other"]
    if card in (plan, F):
        value = W["card_plan"]
    elif plan < 0 and hand.count(card) >= 1:
        value = W["card_pair"]
    rule = s.rules[card]
    if rule.pushes_back:
        value = max(value, W["card_trold"] if hand.count(card) == 0 else W["card_trold2"])
    if rule.clears_future:
        value = max(value, W["card_clears"])
    if s.hostage(card) and card != plan:
        value = W["card_hostage"]
    if len(hand) >= 5:
        value -= W["card_full_hand"]
    return value


def call_score(s: Sim, slot: int, risky: bool, c: Ctx) -> float:
    card = s.future[slot]
    score = W["call"] + c.card_value(s, card)
    if risky:
        p = s.ge_odds()
        if c.gap <= 2:
            score += p * LOSS
        else:
            score -= p * ge_steps_cost(c.gap, 2)
        return score - 0.5
    for effect in s.rules[card].cost:
        score += cost_score(s, effect, c)
    return score


def cost_score(s: Sim, effect: Effect, c: Ctx) -> float:
    """How good (mostly how bad) paying one effect of a cost is."""
    name = effect.effect
    if name == "move_ge":
        if effect.direction == "clockwise":
            return -ge_steps_cost(c.gap, effect.count)
        return 0.0
    if name == "damage_tree":
        return -damage_cost(s, effect.count)
    if name == "move_vogter":
        return W["nisse_call"]
    return -W["cost_other"]


def position_score(s: Sim, card: int, tid: int, c: Ctx) -> float:
    k, values, plan = c.k, c.values, c.plan
    if plan >= 0 and card != plan and card != F:
        return -W["off_plan"]
    score = W["position"]
    if k + 1 in values:
        score += W["reaches_minion"]
    if values and k + 1 > max(values):
        score -= W["past_minions"]
    if far_side(s, tid, c.gap):
        d = (s.idx(tid) - s.idx(s.v)) % s.n
        score += W["far_side"] - W["far_side_step"] * d
        if extends_refuge(s, tid):
            score += W["extends_refuge"]
    elif tid == s.v:
        score += W["on_vogter"]
    if tid == s.ge:
        score -= W["on_gamle_erik"]
    if s.rules[card].pushes_back and c.gap <= 2 and s.hand.count(card) <= 1:
        score -= W["keep_trold"]
    if card == F and plan < 0 and any(c != F for c in s.hand):
        score -= W["f_no_plan"]
    if card == F and k == 0:
        # A Forest of only Formskifters takes no other type: start it with the plan's type.
        score -= W["first_f"]
    return score


def move_score(s: Sim, move: Move, c: Ctx) -> float:
    kind = move[0]
    g = c.gap
    if kind == "call":
        return call_score(s, move[1], move[2], c)
    if kind == "position":
        return position_score(s, move[1], move[2], c)
    if kind == "wrath":
        k, values = c.k, c.values
        value = minion_value(s, move[1])
        score = W["wrath"] + value * W["wrath_value"]
        if value < max(v for v in values if v <= k):
            return 0.0
        if k >= max(values) or g <= W["wrath_gap"] or not c.growing(s):
            score += W["wrath_ready"]
        elif WRATH_EQUAL and value == k:
            score += W["wrath_equal"]
        else:
            score = W["wrath_wait"]
        return score
    if kind == "mission":
        return sum((power_score(s, effect, c) for effect in s.rules[move[1]].power), 0.0)
    if kind == "gambit":
        adv = s.future.count(G)
        if adv == 0:
            return W["gambit_none"]
        score = W["gambit"] + W["gambit_g"] * adv + (W["gambit_left"] if s.future[0] == G else 0.0)
        if g <= 2 and s.future[0] == G:
            score += W["gambit_near"]
        return score - damage_cost(s)
    if kind == "rally":
        return rally_score(s, move[1], move[2], c)
    if kind == "involve":
        return W["involve"] + (W["involve2"] if move[1] == 2 else 0.0)
    if kind == "rescue":
        return rescue_score(s, move[1], c)
    return 0.0


def rally_score(s: Sim, minion: int, card: int, c: Ctx) -> float:
    """How good rallying the Lygtemand on ``minion`` with ``card`` from the hand is now:
    best the Minion the Forest can already defeat, else the one it is nearest to."""
    value = minion_value(s, minion)
    score = W["rally"]
    if value <= c.k:
        score += W["rally_ready"] + value
    else:
        score -= W["rally_short"] * (value - c.k)
    return score - 0.5 * c.card_value(s, card)


def rescue_score(s: Sim, card: int, c: Ctx) -> float:
    """How good freeing the hostage Ally type ``card`` is now."""
    double = any(h[1] for h in s.hostages if h[0] == card)
    held = s.hand.count(card)
    coming = s.future.count(card)
    score = W["rescue"] + W["rescue_held"] * held + W["rescue_coming"] * coming
    if card == c.plan or card == F:
        score += W["rescue_plan"]
    elif held + coming == 0:
        score = W["rescue_idle"]
    return score - damage_cost(s, 2 if double else 1)


def power_score(s: Sim, effect: Effect, c: Ctx) -> float:
    """How good using one effect of a card's power is now."""
    g = c.gap
    name = effect.effect
    if name == "move_ge" and effect.direction == "counterclockwise":
        steps = min(effect.count, s.n - g - 1)
        if steps <= 0:
            return -W["trold_wasted"]
        return (
            W["trold1"]
            if g <= 1
            else W["trold2"]
            if g <= 2
            else W["trold3"]
            if g <= 3
            else W["trold4"]
        ) + steps
    if name == "move_ge":
        return -ge_steps_cost(g, effect.count)
    if name == "future_to_bottom" and effect.which != "ally":
        bonus = W["elle_left"] if s.future and s.future[0] == G else W["elle"]
        return bonus + (W["elle_near"] if g <= 2 else 0.0)
    if name == "heal_tree":
        return W["huldre_m"] if s.heal_options() else -W["huldre_wasted"]
    if name == "discard_to_bottom":
        return W["nisse_m"]
    if name == "damage_tree":
        return -damage_cost(s, effect.count)
    return 0.0


def answer_score(s: Sim, move: Move, c: Ctx) -> float:
    kind = move[0]
    plan = c.plan
    if kind == "damage":
        return W["damage_far"] if far_side(s, move[1], c.gap) else 0.0
    if kind == "heal":
        return 0.0 if far_side(s, move[1], c.gap) else W["heal_near"]
    if kind == "reveal":
        return W["reveal_far"] if far_side(s, move[1], c.gap) else 0.0
    if kind == "under":
        card = s.future[move[1]]
        if card == G:
            return W["under_ge"] - float(move[1])
        return -c.card_value(s, card)
    if kind == "stop":
        return 0.0
    if kind == "discadv":
        return -float(move[1])
    if kind == "retdisc":
        return W["return_plan"] if move[1] == plan else 0.0
    if kind == "geback":
        safe = s.n - c.gap - 1
        return float(move[1]) if move[1] <= safe else LOSS
    if kind == "reward":
        r = move[1]
        if r == "refuge":
            reach = s.refuge_trees()
            gain = (s.idx(reach[-1]) - s.idx(s.v)) % s.n
            return gain * (W["refuge_low"] if c.gap <= 3 else W["refuge_high"])
        if r == "revenge":
            return W["revenge"] if G in s.future else -1.0
        return W["restoration"]
    if kind == "refuge":
        return float((s.idx(move[1]) - s.idx(s.v)) % s.n)
    if kind == "handdisc":
        card = move[1]
        return -c.card_value(s, card) - 0.5 * (s.hand.count(card) == 1)
    return 0.0


def choose(s: Sim, rng: random.Random | None = None) -> Move:
    """The policy's move or answer for ``s`` (ties broken by ``rng`` if given)."""
    options = s.options()
    return best(s, options, rng)


def scored(s: Sim, options: list[Move]) -> list[tuple[float, Move]]:
    """Each option's score: the hand-made one plus its features' fitted corrections."""
    c = Ctx(s)
    if s.tasks:
        ranked = [(answer_score(s, m, c), m) for m in options]
    else:
        ranked = [(move_score(s, m, c), m) for m in options]
    if not MOVES:
        return ranked
    at = Situation(s, c.plan, c.k, c.values)
    shares = _shares()
    return [(score + correction(s, m, at, MOVES, shares), m) for score, m in ranked]


def best(s: Sim, options: list[Move], rng: random.Random | None = None) -> Move:
    """The best-scored of ``options`` (ties broken by ``rng`` if given, else the first)."""
    if len(options) == 1:  # a forced step: nothing to weigh
        return options[0]
    ranked = scored(s, options)
    top = max(score for score, _ in ranked)
    ties = [m for score, m in ranked if score == top]
    if rng is not None and len(ties) > 1:
        return rng.choice(ties)
    return ties[0]


def rollout(s: Sim, horizon: int | None = None) -> int:
    """Play ``s`` with the policy to its end, or (with a ``horizon``) to the first turn
    that starts after that many steps: +1 won, -1 lost, 0 cut short."""
    steps = 0
    limit = 2000 if horizon is None else horizon
    while not s.ended and (steps < limit or (horizon is not None and s.tasks)):
        options = s.options()
        if not options:
            s.ended = -1
            break
        s.play(best(s, options))
        steps += 1
    return s.ended


__all__ = ["ALLY_INTS", "choose", "rollout", "scored"]
