"""The physical events between two Skoventyr states, in the order the rules make them
happen: "Gamle Erik walked 2 Trees clockwise", "a Gamle Erik card went from the deck
under it", "the Future slid left".

The states are compared thing by thing (pawns, Trees, Allies, the Future, hands, the
piles, Minions and tokens). Card movements are found by pairing, card by card, what one
zone lost with what another gained (zones: "future:<n>", "hand:<n>", "taken",
"set_aside", "discard", "deck" for its top card or unknown middle, "deck:top",
"deck:bottom", "ally:<tree>", "hostage:<card>"). ``State.entered`` tells which move the
people entered, so that their own part is marked ``chosen``. Each event lists the places
(see ``engines.skoventyr.table``) it changes.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Any

from engines.core.quick_replace import replace
from engines.skoventyr.cards import CARD_ORDER, Card
from engines.skoventyr.state import State


# The deck's place keys, shared with ``table_places``.
def deck_count_key(state: State, card: Card) -> str:
    """The place that counts a card in the deck: its size, or its kind in the pile."""
    return f"deck:pile:{card.value}" if state.config.deck_mode == "app" else "deck"


def top_key(top: tuple[Card, ...], index: int) -> str:
    """The place of the known top card ``top[index]`` (the first is drawn first)."""
    return f"deck:top:{len(top) - index}"


# Where each kind of event comes in a turn: the rules' order of effects.
R_CHOSEN, R_ACORN, R_SHUFFLE, R_VOGTER, R_REVEAL, R_GAMLE_ERIK, R_ALLY_OFF = 0, 1, 2, 3, 4, 5, 6
R_UNDER, R_TAKEN, R_ON_TOP, R_SET_ASIDE, R_OTHER, R_REFILL, R_DISCARD = 7, 8, 9, 10, 11, 12, 13
R_ACORNS_OUT, R_TREE_BACK = 14, 15


@dataclass(frozen=True)
class TableEvent:
    """One thing that happens at the table, from ``src`` to ``dst`` (which ``inverted``
    swaps): ``kind`` says what sort of thing, ``what`` which one."""

    kind: str
    what: Any
    src: Any = None
    dst: Any = None
    steps: int = 0
    touches: tuple[str, ...] = ()
    rank: int = R_OTHER
    chosen: bool = False
    #: "reported": the people turned this card over and said what it was.
    note: str = ""

    def inverted(self) -> TableEvent:
        return replace(self, src=self.dst, dst=self.src, steps=-self.steps, chosen=False, note="")


def events_in_order(
    old: State, new: State, undo: bool = False, run: tuple[int, ...] = ()
) -> list[TableEvent]:
    """The events of going forward from ``old`` to ``new``, the people's own move first
    (for an ``undo`` of that move, the people's part needs no telling apart). ``run``:
    the Future places (as the row lay in ``old``) of the cards the people put under the
    deck one by one between the two states, told as one move: the cards that stay slide
    once, after the last is chosen."""
    events = _events(old, new, run)
    _mark_chosen(events, old, new, run)
    if not undo:
        events = _split_gamle_erik_call(events, new.entered, new.config.deck_mode == "app")
    if new.config.deck_mode == "table":
        # A card the app knew was on top: the people turn it over before its effect.
        events = [
            replace(e, rank=R_REVEAL)
            if e.kind == "card" and (e.src, e.dst) == ("deck", "deck:bottom") and not e.note
            else e
            for e in events
        ]
    else:
        # The app keeps the deck's order in mind: a card that moves within the deck (a
        # Risky Draw's card going under it) leaves the sorted pile as it is.
        events = [e for e in events if not (e.kind == "card" and _within_deck(e))]
    indexed = sorted(enumerate(events), key=lambda pair: (pair[1].rank, pair[0]))
    return [event for _, event in indexed]


# -- finding the events ----------------------------------------------------------------


def _events(old: State, new: State, run: tuple[int, ...] = ()) -> list[TableEvent]:
    events: list[TableEvent] = []
    events += _pawn_events(old, new)
    events += _tree_events(old, new)
    slide, losses, gains = _future_moves(old, new, run)
    events += slide
    shuffled = new.deck.shuffles != old.deck.shuffles
    for zone_losses, zone_gains in (
        _hand_moves(old, new),
        _pile_moves(old, new),
        _deck_moves(old, new, shuffled),
        _ally_moves(old, new),
        _hostage_moves(old, new),
    ):
        losses += zone_losses
        gains += zone_gains
    flows = _through_the_deck(losses, gains, run, new) if run else []
    flows += _pair(losses, gains)
    events += _minion_events(old, new)
    if shuffled:
        shuffled_in = [f for f in flows if f.dst == "deck"]
        flows = [f for f in flows if f.dst != "deck"]
        events.append(_shuffle_event(old, new, shuffled_in))
    events += _group_forest_clearing(flows, old, new)
    events += _token_events(old, new)
    return events


def _through_the_deck(
    losses: list[_Move], gains: list[_Move], run: tuple[int, ...], new: State
) -> list[TableEvent]:
    """A card of a run leaves the Future only under the deck: a like card in a Future
    place at the end came back from the deck (a deck of little more than the run), not
    across the row nor staying put. Those pairs are taken out of ``losses`` and
    ``gains`` (in place) and returned as the two flows they are."""
    places = {f"future:{place + 1}" for place in run}
    flows: list[TableEvent] = []
    for loss in [m for m in losses if m[1] in places]:
        like = [m for m in gains if m[0] is loss[0]]
        if any(not m[1].startswith("future:") for m in like):
            continue  # it went where a like card arrived elsewhere (a called card's hand)
        gain = next((m for m in like if m[1].startswith("future:")), None)
        if gain is None:
            continue
        losses.remove(loss)
        gains.remove(gain)
        count = deck_count_key(new, loss[0])
        flows.append(TableEvent("card", loss[0], loss[1], "deck:bottom", touches=(loss[1], count)))
        flows.append(TableEvent("card", gain[0], "deck", gain[1], touches=(gain[1], count)))
    return [replace(flow, rank=_flow_rank(flow)) for flow in flows]


def _pawn_events(old: State, new: State) -> list[TableEvent]:
    events = []
    for pawn, rank in (("vogter", R_VOGTER), ("gamle_erik", R_GAMLE_ERIK)):
        start, end = getattr(old.forest, pawn), getattr(new.forest, pawn)
        walked = getattr(new.forest, f"{pawn}_walked") - getattr(old.forest, f"{pawn}_walked")
        if start != end:
            events.append(
                TableEvent("pawn", pawn, start, end, walked, (f"pawn:{pawn}",), rank=rank)
            )
    return events


def _tree_events(old: State, new: State) -> list[TableEvent]:
    events = []
    old_trees = {t.id: t for t in old.forest.trees}
    new_trees = {t.id: t for t in new.forest.trees}
    for tree_id in sorted(set(old_trees) | set(new_trees)):
        was, now = old_trees.get(tree_id), new_trees.get(tree_id)
        key = f"tree:{tree_id}"
        if was is not None and now is not None:
            if was.side != now.side:
                events.append(TableEvent("side", tree_id, was.side, now.side, touches=(key,)))
            if was.ally is not None and was.ally is now.ally and was.revealed != now.revealed:
                shown = ("hidden", "revealed")
                events.append(
                    TableEvent(
                        "reveal",
                        (tree_id, now.ally),
                        shown[was.revealed],
                        shown[now.revealed],
                        touches=(f"ally:{tree_id}",),
                        rank=R_REVEAL,
                    )
                )
        elif was is not None:
            events.append(
                TableEvent("ring", tree_id, ("in", was.side), ("out", ""), touches=(key, "forest"))
            )
        elif now is not None:
            events.append(
                TableEvent(
                    "ring",
                    tree_id,
                    ("out", ""),
                    ("in", now.side),
                    touches=(key, "forest"),
                    rank=R_TREE_BACK,
                )
            )
    if old.forest.ids != new.forest.ids and not any(e.kind == "ring" for e in events):
        # The same Trees in another order (a correction by hand).
        events.append(
            TableEvent("order", None, old.forest.ids, new.forest.ids, touches=("forest",))
        )
    return events


# Card movements: each zone says which cards it lost and gained, as (card, zone, touches).
_Move = tuple[Card, str, tuple[str, ...]]


def _at(card: Card, zone: str, *also: str) -> _Move:
    """A card lost or gained by ``zone``, which changes that place and ``also`` these."""
    return (card, zone, (zone, *also))


def _counter_moves(
    old: Counter[Card], new: Counter[Card], zone: str
) -> tuple[list[_Move], list[_Move]]:
    lost = [_at(card, zone) for card in (old - new).elements()]
    got = [_at(card, zone) for card in (new - old).elements()]
    return lost, got


def _future_moves(
    old: State, new: State, run: tuple[int, ...] = ()
) -> tuple[list[TableEvent], list[_Move], list[_Move]]:
    """The Future loses cards from anywhere and gains them at its right end; the cards
    that stay slide left. The cards the people's own move took (``run``: a run of them)
    leave first; the cards kept are the longest start of the new row found, in order, in
    what is left of the old one (placed to slide as few cards as can be)."""
    before, after = old.future, new.future
    own = set(run) if run else {new.entered_slot} if new.applied == old.applied + 1 else set()
    left = [i for i in range(len(before)) if i not in own]
    kept: tuple[int, ...] = ()
    for length in range(min(len(left), len(after)), -1, -1):
        fits = [
            chosen
            for chosen in itertools.combinations(left, length)
            if all(before[i] is after[slot] for slot, i in enumerate(chosen))
        ]
        if fits:
            kept = min(fits, key=lambda chosen: sum(i != s for s, i in enumerate(chosen)))
            break
    slid = [(after[slot], was, slot) for slot, was in enumerate(kept) if was != slot]
    events = []
    if slid:
        touches = [f"future:{slot + 1}" for _, _, slot in slid]
        touches += [f"future:{was + 1}" for _, was, _ in slid if was >= len(after)]
        events.append(
            TableEvent(
                "slide",
                tuple(card for card, _, _ in slid),
                tuple(was for _, was, _ in slid),
                tuple(slot for _, _, slot in slid),
                touches=tuple(touches),
                rank=R_REFILL,
            )
        )
    losses = [_at(card, f"future:{i + 1}") for i, card in enumerate(before) if i not in kept]
    gains = [_at(after[slot], f"future:{slot + 1}") for slot in range(len(kept), len(after))]
    return events, losses, gains


def _hand_moves(old: State, new: State) -> tuple[list[_Move], list[_Move]]:
    losses: list[_Move] = []
    gains: list[_Move] = []
    for player in range(max(len(old.hands), len(new.hands))):
        was = old.hands[player] if player < len(old.hands) else ()
        now = new.hands[player] if player < len(new.hands) else ()
        lost, got = _counter_moves(Counter(was), Counter(now), f"hand:{player + 1}")
        losses += lost
        gains += got
    return losses, gains


def _pile_moves(old: State, new: State) -> tuple[list[_Move], list[_Move]]:
    """The taken card, the cards set aside and the discard pile."""
    losses: list[_Move] = []
    gains: list[_Move] = []
    for zone, was, now in (
        ("taken", [old.taken] if old.taken else [], [new.taken] if new.taken else []),
        ("set_aside", old.revealed, new.revealed),
        ("discard", old.discard, new.discard),
    ):
        lost, got = _counter_moves(Counter(was), Counter(now), zone)
        losses += lost
        gains += got
    return losses, gains


def _deck_moves(old: State, new: State, shuffled: bool) -> tuple[list[_Move], list[_Move]]:
    """Cards drawn from the deck (zone "deck") and put back: on top ("deck:top"), under
    it ("deck:bottom") or into its unknown middle ("deck", by a shuffle or an undo)."""
    was, now = old.deck, new.deck

    def counted(card: Card, zone: str, *also: str) -> _Move:
        return _at(card, zone, deck_count_key(new, card), *also)

    losses: list[_Move] = []
    gains: list[_Move] = []
    if shuffled:
        losses += [counted(card, "deck") for card in (was.counts() - now.counts()).elements()]
        gains += [counted(card, "deck") for card in (now.counts() - was.counts()).elements()]
        return losses, gains
    # The known top: some of it drawn, then cards put on top.
    drawn, put_on = _ends_changed(was.top, now.top, at_start=True)
    losses += [counted(card, "deck", top_key(was.top, i)) for i, card in enumerate(drawn)]
    gains += [counted(card, "deck:top", top_key(now.top, i)) for i, card in enumerate(put_on)]
    # The unknown middle.
    middle_was, middle_now = Counter(dict(was.unknown)), Counter(dict(now.unknown))
    losses += [counted(card, "deck") for card in (middle_was - middle_now).elements()]
    gains += [counted(card, "deck") for card in (middle_now - middle_was).elements()]
    # The known bottom: drawn from its start once the middle is gone (the cards below
    # move up a place), put under at its end.
    drawn, put_under = _ends_changed(was.bottom, now.bottom, at_start=False)
    shifted = [f"deck:bottom:{i + 1}" for i in range(max(len(was.bottom), len(now.bottom)))]
    losses += [counted(card, "deck", *shifted) for card in drawn]
    first = len(now.bottom) - len(put_under)
    gains += [
        counted(card, "deck:bottom", f"deck:bottom:{first + i + 1}")
        for i, card in enumerate(put_under)
    ]
    return losses, gains


def _ends_changed(
    was: tuple[Card, ...], now: tuple[Card, ...], at_start: bool
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A known run of cards that was drawn from its start, then added to (at its start
    for the top of the deck, at its end for the bottom): (cards drawn, cards added)."""
    for drawn in range(len(was) + 1):
        rest = was[drawn:]
        if at_start and now[len(now) - len(rest) :] == rest:
            return was[:drawn], now[: len(now) - len(rest)]
        if not at_start and now[: len(rest)] == rest:
            return was[:drawn], now[len(rest) :]
    raise AssertionError("unreachable: an empty rest always matches")  # pragma: no cover


def _ally_moves(old: State, new: State) -> tuple[list[_Move], list[_Move]]:
    losses: list[_Move] = []
    gains: list[_Move] = []
    old_allies = {t.id: t.ally for t in old.forest.trees if t.ally is not None}
    new_allies = {t.id: t.ally for t in new.forest.trees if t.ally is not None}
    for tree_id in sorted(set(old_allies) | set(new_allies)):
        was, now = old_allies.get(tree_id), new_allies.get(tree_id)
        key = f"ally:{tree_id}"
        if was is not now:
            if was is not None:
                losses.append((was, key, (key,)))
            if now is not None:
                gains.append((now, key, (key,)))
    return losses, gains


def _hostage_moves(old: State, new: State) -> tuple[list[_Move], list[_Move]]:
    was = {h.card for h in old.hostages}
    now = {h.card for h in new.hostages}
    losses = [_at(c, f"hostage:{c.value}") for c in sorted(was - now, key=CARD_ORDER.__getitem__)]
    gains = [_at(c, f"hostage:{c.value}") for c in sorted(now - was, key=CARD_ORDER.__getitem__)]
    return losses, gains


#: Which zone's loss goes with which zone's gain when a card could have gone either way:
#: the moves the rules make, most likely first.
_LIKELY = (
    ("future", "hand"),
    ("future", "taken"),
    ("taken", "hand"),
    ("taken", "deck:bottom"),
    ("future", "deck:bottom"),
    ("future", "discard"),
    ("deck", "future"),
    ("deck", "deck:bottom"),
    ("deck", "set_aside"),
    ("deck", "hand"),
    ("hand", "ally"),
    ("hand", "discard"),
    ("hand", "deck:bottom"),
    ("ally", "discard"),
    ("set_aside", "deck:top"),
    ("set_aside", "deck:bottom"),
    ("set_aside", "discard"),
    ("set_aside", "deck"),
    ("deck", "deck:top"),
    ("discard", "deck:bottom"),
    ("hostage", "deck:top"),
)


def _within_deck(event: TableEvent) -> bool:
    return bool(event.src.startswith("deck") and event.dst.startswith("deck"))


def zone_kind(zone: str) -> str:
    return zone if zone.startswith("deck") else zone.split(":")[0]


def _pair(losses: list[_Move], gains: list[_Move]) -> list[TableEvent]:
    """Each card lost by one zone and gained by another is one flow from the first to
    the second."""
    flows: list[TableEvent] = []
    losses, gains = list(losses), list(gains)
    preferences = [*_LIKELY, None]
    for preferred in preferences:
        for loss in list(losses):
            if loss not in losses:
                continue
            card, source, source_touches = loss
            match = next(
                (
                    gain
                    for gain in gains
                    if gain[0] is card
                    and gain[1] != source
                    and (preferred is None or (zone_kind(source), zone_kind(gain[1])) == preferred)
                ),
                None,
            )
            if match is None:
                continue
            losses.remove(loss)
            gains.remove(match)
            touches = tuple(dict.fromkeys((*source_touches, *match[2])))
            flows.append(TableEvent("card", card, source, match[1], touches=touches))
    for card, zone, touches in losses + gains:  # not a conserved card: cannot happen
        flows.append(TableEvent("lone", card, zone, zone, touches=touches))  # pragma: no cover
    flows = [replace(flow, rank=_flow_rank(flow)) for flow in flows]
    # Cards dealt to the Future go left to right.
    return sorted(flows, key=lambda f: f.dst if f.dst.startswith("future:") else "")


def _flow_rank(flow: TableEvent) -> int:
    source, target = zone_kind(flow.src), zone_kind(flow.dst)
    if source == "ally" and target == "discard":
        return R_ALLY_OFF
    if source == "taken":
        return R_TAKEN
    if source == "deck" and target in ("future", "hand", "set_aside"):
        return R_REFILL
    if target == "deck:bottom":
        return R_UNDER
    if target == "deck:top":
        return R_ON_TOP
    if source == "set_aside":
        return R_SET_ASIDE
    if source == "hand" and target == "discard":
        return R_DISCARD
    return R_OTHER


def _shuffle_event(old: State, new: State, shuffled_in: list[TableEvent]) -> TableEvent:
    known = [
        *(top_key(state.deck.top, i) for state in (old, new) for i in range(len(state.deck.top))),
        *(f"deck:bottom:{i + 1}" for i in range(max(len(old.deck.bottom), len(new.deck.bottom)))),
    ]
    touches = [*known, "deck:shuffles"]
    touches += [key for flow in shuffled_in for key in flow.touches]
    return TableEvent(
        "shuffle",
        tuple((card.what, card.src) for card in shuffled_in),
        (old.deck.top, old.deck.bottom),
        (new.deck.top, new.deck.bottom),
        steps=new.deck.shuffles - old.deck.shuffles,
        touches=tuple(dict.fromkeys(touches)),
        rank=R_SET_ASIDE if shuffled_in else R_SHUFFLE,
    )


def gamle_erik_discards(old: State, new: State) -> dict[int, str]:
    """The Trees whose Revealed Ally goes because of Gamle Erik, with the reason: those
    he steps onto, and his own Tree when the Ally there is revealed."""
    forest = old.forest
    walked = new.forest.gamle_erik_walked - forest.gamle_erik_walked
    way = 1 if walked > 0 else -1
    reasons = {
        forest.step(forest.gamle_erik, way * s): "Gamle Erik reached its Tree"
        for s in range(1, abs(walked) + 1)
    }
    if new.entered in ("reveal_ally", "edit_reveal_ally"):
        reasons[forest.gamle_erik] = "it was revealed on Gamle Erik's Tree"
    return reasons


def _group_forest_clearing(flows: list[TableEvent], old: State, new: State) -> list[TableEvent]:
    """Allies that leave the Forest for the discard pile together (a Wrath's reward)
    are one event; one that Gamle Erik's arrival discards is an event of its own."""
    by_gamle_erik = gamle_erik_discards(old, new)
    leaving = [
        f
        for f in flows
        if f.src.startswith("ally:") and f.dst == "discard" and int(f.src[5:]) not in by_gamle_erik
    ]
    if len(leaving) < 2:
        return flows
    rest = [f for f in flows if f not in leaving]
    trees = tuple((int(f.src[5:]), f.what) for f in leaving)
    touches = tuple(dict.fromkeys(t for f in leaving for t in f.touches))
    return [
        *rest,
        TableEvent("clear", trees, "forest", "discard", touches=touches, rank=R_ALLY_OFF),
    ]


def _minion_events(old: State, new: State) -> list[TableEvent]:
    events = []
    old_status = {m.id: "in play" for m in old.minions} | {m.id: "defeated" for m in old.defeated}
    new_status = {m.id: "in play" for m in new.minions} | {m.id: "defeated" for m in new.defeated}
    for minion_id in sorted(old_status):
        if old_status[minion_id] != new_status.get(minion_id):
            events.append(
                TableEvent(
                    "minion",
                    minion_id,
                    old_status[minion_id],
                    new_status.get(minion_id),
                    touches=(f"minion:{minion_id}",),
                )
            )
    return events


def _token_events(old: State, new: State) -> list[TableEvent]:
    """Lygtemands, Acorns and the x2 Hostage token."""
    events = _minion_tokens(old, new, "lygtemand", old.rallied, new.rallied, "rally", "rallied")
    events += _spent(
        old.lygtemands_removed, new.lygtemands_removed, "lygtemands_out", "rallied", R_OTHER
    )
    events += _minion_tokens(old, new, "acorn", old.acorns, new.acorns, "acorn", "acorns")
    events += _spent(old.acorns_spent, new.acorns_spent, "acorns_out", "acorns", R_ACORNS_OUT)
    old_double = next((h.card for h in old.hostages if h.double), None)
    new_double = next((h.card for h in new.hostages if h.double), None)
    if new_double is not None and new_double != old_double:
        held = {h.card for h in old.hostages}
        if new_double in held:  # the token moved by hand (a rescue takes its Ally along)
            x2_touches = tuple(
                f"hostage:{c.value}" for c in (old_double, new_double) if c is not None
            )
            events.append(TableEvent("x2", None, old_double, new_double, touches=x2_touches))
    return events


def _minion_tokens(
    old: State,
    new: State,
    token: str,
    pool_was: tuple[Any, ...],
    pool_now: tuple[Any, ...],
    kind: str,
    pool: str,
) -> list[TableEvent]:
    """A token that leaves its Minion for a pool (a Rallied Lygtemand beside the
    Future, an Acorn in the centre of the Forest): one event each; tokens moved between
    Minions by hand: one event for all."""
    was = {m.id: getattr(m, token) for m in old.minions if getattr(m, token) is not None}
    now = {m.id: getattr(m, token) for m in new.minions if getattr(m, token) is not None}
    arrived = Counter(pool_now) - Counter(pool_was)
    rank = R_ACORN if token == "acorn" else R_OTHER
    events = []
    for minion_id, value in sorted(was.items()):
        if minion_id not in now and arrived[value] > 0:
            arrived[value] -= 1
            touches = (f"{token}:{minion_id}", pool)
            events.append(TableEvent(kind, value, minion_id, pool, touches=touches, rank=rank))
            del was[minion_id]
    if was != now:
        changed = sorted(k for k in set(was) | set(now) if was.get(k) != now.get(k))
        events.append(
            TableEvent(
                "tokens",
                token,
                tuple((k, was.get(k)) for k in changed),
                tuple((k, now.get(k)) for k in changed),
                touches=tuple(f"{token}:{k}" for k in changed),
            )
        )
    return events


def _spent(
    out_was: tuple[Any, ...], out_now: tuple[Any, ...], kind: str, pool: str, rank: int
) -> list[TableEvent]:
    """Tokens that leave a pool for good (Lygtemands Involved, a pair of Acorns)."""
    out = Counter(out_now) - Counter(out_was)
    if Counter(out_now) == Counter(out_was):
        return []
    what = tuple(sorted(out.elements()))
    touches = (pool, "lygtemands_out" if pool == "rallied" else "acorns_out")
    return [TableEvent(kind, what, pool, "out", touches=touches, rank=rank)]


# -- the people's own move -------------------------------------------------------------

#: For each move the people enter, the card flows (from, to) that are that move itself.
_OWN_FLOWS: dict[str, tuple[tuple[str, str], ...]] = {
    # A called card whose cost is still to be paid lies in the Future on the table until
    # it is: taking it is told after the cost (review P13), not theirs.
    "call": (("future", "hand"), ("future", "deck:bottom")),
    "position": (("hand", "ally"),),
    "mission": (("hand", "discard"),),
    "put_under": (("future", "deck:bottom"),),
    "discard_adversary": (("future", "discard"),),
    "return_from_discard": (("discard", "deck:bottom"),),
    "discard_from_hand": (("hand", "discard"),),
    "put_revealed_on_top": (("set_aside", "deck:top"),),
    "put_revealed_under": (("set_aside", "deck:bottom"),),
}
#: For each move the people enter, the other events that are that move itself.
_OWN_EVENTS: dict[str, tuple[str, ...]] = {
    # A Damaged Tree damaged again is discarded: the rules' doing, told (review N21).
    "damage_tree": ("side",),
    "heal_tree": ("side",),
    "reveal_ally": ("reveal",),
    "wrath": ("minion",),
    "rally": ("rally",),
    "involve": ("lygtemands_out",),
    "place_recovered_tree": ("ring",),
}
_OWN_PAWN = {"move_gamle_erik_back": "gamle_erik", "refuge": "vogter"}


def _mark_chosen(
    events: list[TableEvent], old: State, new: State, run: tuple[int, ...] = ()
) -> None:
    """Mark the people's own move (in place): what they did as they entered it."""
    entered = new.entered
    if run:  # each card of the run went from the Future under the deck by their hand
        for index, event in enumerate(events):
            route = (zone_kind(event.src), zone_kind(event.dst)) if event.kind == "card" else ()
            if route == ("future", "deck:bottom"):
                events[index] = replace(event, chosen=True)
        return
    if new.applied != old.applied + 1:
        return  # not one move apart: nothing can be told apart as theirs
    if entered.startswith("edit_"):
        events[:] = [replace(e, chosen=True) for e in events]
        return
    flows = _OWN_FLOWS.get(entered, ())
    if new.entered_risky:  # a Risky Draw's card is taken as touched: it has no cost
        flows = (*flows, ("future", "taken"))
    own_kinds = _OWN_EVENTS.get(entered, ())
    pawn = _OWN_PAWN.get(entered)
    reported = new.drawn[0] if entered == "reveal" and new.drawn else None
    found_flow = False
    for index, event in enumerate(events):
        own = False
        if event.kind == "card":
            route = (zone_kind(event.src), zone_kind(event.dst))
            if route == ("taken", "hand") and entered == "reveal":
                own = True  # the card they took with a Risky Draw joins their hand
            elif not found_flow and route in flows:
                own = found_flow = True
            elif reported is not None and event.src == "deck" and event.what is reported:
                reported = None
                if route == ("deck", "deck:bottom"):  # a Risky Draw: they turned it over
                    events[index] = replace(event, note="reported")
                else:
                    own = True
        elif event.kind == "shuffle" and entered == "wrath" and new.config.deck_mode == "app":
            own = True  # the app shuffles for the people: nothing for them to do
        else:
            own = event.kind in own_kinds or (event.kind == "pawn" and event.what == pawn)
        if own:
            events[index] = replace(events[index], chosen=True)


def _split_gamle_erik_call(
    events: list[TableEvent], entered: str, app_deck: bool
) -> list[TableEvent]:
    """A Gamle Erik taken with Call goes from the Future into the hand and at once under
    the deck: the taking is the people's, putting it under the deck is the rules'. With
    the app dealing, the card goes back on the sorted pile, whose count of Gamle Eriks
    may not change (the refill may take one from it): its step then answers for the
    Future's place it was taken from, so that it is still told."""
    result = []
    for event in events:
        called = event.kind == "card" and event.chosen and zone_kind(event.src) == "future"
        if called and event.dst == "deck:bottom" and entered == "call":
            take = TableEvent("take", event.what, event.src, "taken", touches=(event.src,))
            result.append(replace(take, chosen=True))
            under = tuple(t for t in event.touches if app_deck or t != event.src)
            result.append(replace(event, src="taken", touches=under, chosen=False, rank=R_TAKEN))
            continue
        result.append(replace(event, rank=R_CHOSEN) if event.chosen else event)
    return result
