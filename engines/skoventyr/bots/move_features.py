"""What a move is, in words a fitted correction can weigh: part of the rule of thumb.

The hand-made scores (``policy``) follow one plan. The search, which plays each candidate
out, often prefers another move in a recognisable situation: a Call rather than a
placement when Gamle Erik is far, more Future cards under the deck in a Gambit. Each move
gets a few yes/no features (its kind, and its kind in the situation: how far Gamle Erik
is, how many of his cards the deck holds, whether a Minion can already be defeated, how
full the hand is, what the card is to the plan), and ``policy`` adds the fitted weight
of each to the move's hand-made score. ``record`` and ``fit_moves`` fit those weights to
the search's own choices.

A game with a module plays differently (a Tree damaged to free a hostage type, a
covered Minion to rally before Wrath), so its moves also get each feature again under
the modules' name (``L:``, ``R:``, ``LR:``), with the modules' own situation (how many
Ally types are free, whether a Minion is uncovered): fitted on module games alone, they
change nothing in a standard game.
"""

from __future__ import annotations

from engines.skoventyr.bots.sim import ALLY_INTS, CARD_LIST, F, G, Move, Sim


class Situation:
    """The words every move of one decision is set in (worked out once per decision)."""

    __slots__ = ("gap", "hand", "module_tags", "modules", "odds", "plan", "ready", "tags")

    def __init__(self, s: Sim, plan: int, k: int, values: list[int]) -> None:
        self.plan = plan
        gap = s.gap
        self.gap = f"g{min(gap, 5)}"
        share = s.ge_odds()
        self.odds = "p0" if share < 0.25 else "p1" if share < 0.4 else "p2"
        self.ready = "ready" if any(v <= k for v in values) else "building"
        size = len(s.hand)
        self.hand = "h0" if size <= 1 else "h2" if size <= 3 else "h4"
        self.tags = (self.gap, self.odds, self.ready, self.hand)
        #: The modules' prefix ("" in a standard game) and their own situation.
        self.modules = s.modules
        extra: tuple[str, ...] = ()
        if s.rescue_mod:
            extra += (f"free{min(len(ALLY_INTS) - len(s.hostages), 3)}",)
        if s.lyg_mod:
            extra += ("open" if any(m[2] is None for m in s.minions) else "covered",)
        self.module_tags = self.tags + extra

    def card(self, card: int) -> str:
        """What ``card`` is to the plan."""
        if card == G:
            return "adversary"
        if card == F:
            return "formskifter"
        if card == self.plan:
            return "plan"
        return "other" if self.plan >= 0 else "unplanned"


def kind_of(s: Sim, move: Move, at: Situation) -> str:
    """The move's kind, with what matters most about it."""
    kind = move[0]
    if kind == "call":
        card = s.future[move[1]] if move[1] < len(s.future) else G
        return f"call{'-risky' if move[2] else ''}:{at.card(card)}"
    if kind in ("position", "mission", "retdisc", "handdisc"):
        return f"{kind}:{CARD_LIST[move[1]].name.lower()}"
    if kind == "under":
        card = s.future[move[1]] if move[1] < len(s.future) else G
        return f"under:{at.card(card)}"
    if kind == "reward":
        return f"reward:{move[1]}"
    if s.tasks and kind == "stop":
        return f"stop:{len(s.future)}"
    return str(kind)


#: Moves that name a Tree, and the item of the move that does.
TREE_AT = {"position": 2, "damage": 1, "heal": 1, "reveal": 1, "refuge": 1}


def where(s: Sim, tid: int) -> str:
    """Where Tree ``tid`` stands: Vogter's, Gamle Erik's, on his path to Vogter, or
    clockwise beyond Vogter (the near half or the far one)."""
    if tid == s.v:
        return "vogter"
    if tid == s.ge:
        return "gamle-erik"
    n = s.n
    ahead = (s.idx(tid) - s.idx(s.v)) % n
    if ahead >= n - s.gap:
        return "path"
    return "beyond" if 2 * ahead <= n - s.gap else "far"


def features(s: Sim, move: Move, at: Situation) -> list[str]:
    """The names of the move's yes/no features."""
    op = s.tasks[0][0] if s.tasks else "turn"
    kind = f"{op}/{kind_of(s, move, at)}"
    names = [kind, *(f"{kind}|{tag}" for tag in at.tags)]
    item = TREE_AT.get(move[0])
    if item is not None:
        names.append(f"{op}/{move[0]}@{where(s, move[item])}")
    if at.modules:
        pre = f"{at.modules}:"
        names += [pre + kind, *(f"{pre}{kind}|{tag}" for tag in at.module_tags)]
        if item is not None:
            names.append(f"{pre}{op}/{move[0]}@{where(s, move[item])}")
    return names


def for_modules(name: str) -> bool:
    """Whether the feature ``name`` is one only games with a module have."""
    return ":" in name.split("/", 1)[0]


def correction(
    s: Sim, move: Move, at: Situation, weights: dict[str, float], shares: Shares
) -> float:
    """The sum of ``weights`` over the move's ``features``, without naming each feature
    again: each kind's share for a situation is kept in ``shares``, found by what the
    kind's name is made of (the rollouts ask a million times a minute, of a few hundred
    kinds). ``shares`` belongs to ``weights``: empty it whenever they change."""
    op = s.tasks[0][0] if s.tasks else "turn"
    name = move[0]
    if name == "call" or name == "under":
        made_of: tuple[object, ...] = (s.future[move[1]] if move[1] < len(s.future) else G, move)
    elif name == "stop":
        made_of = (len(s.future),)
    else:
        made_of = move if name in _NAMED_BY_ITEM else (name,)
    key = (op, made_of, at.plan, at.modules, at.module_tags)
    total = shares.get(key)
    get = weights.get
    if total is None:
        kind = f"{op}/{kind_of(s, move, at)}"
        total = get(kind, 0.0) + sum(get(f"{kind}|{tag}", 0.0) for tag in at.tags)
        if at.modules:
            kind = f"{at.modules}:{kind}"
            total += get(kind, 0.0) + sum(get(f"{kind}|{tag}", 0.0) for tag in at.module_tags)
        shares[key] = total
    item = TREE_AT.get(name)
    if item is not None:
        spot = f"{op}/{name}@{where(s, move[item])}"
        total += get(spot, 0.0)
        if at.modules:
            total += get(f"{at.modules}:{spot}", 0.0)
    return total


#: The moves whose kind is named by their first item (a card, a reward), not only by
#: what they are (``kind_of``); others are named by the move as a whole, or alone.
_NAMED_BY_ITEM = frozenset(("position", "mission", "retdisc", "handdisc", "reward"))

#: A kind's share of a table of weights in a situation (``correction``).
Shares = dict[tuple[object, ...], float]
