"""Skoventyr's table events in words, for the deck mode of the game: what to take from
the sorted pile (app-deck mode) or to turn over from the real deck (table-deck mode)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engines.skoventyr.cards import CARD_ORDER, Card
from engines.skoventyr.state import ANY_ALLY, State
from engines.skoventyr.table_events import TableEvent, gamle_erik_discards, zone_kind

SLOT_NAMES = ("first", "second", "third")


# -- names for the table's pieces ------------------------------------------------------


def slot_name(slot: int) -> str:
    """The Future's place ``slot`` (0 = leftmost) by its rank: "third"."""
    return SLOT_NAMES[slot] if slot < len(SLOT_NAMES) else f"number {slot + 1}"


def slot_words(slot: int) -> str:
    """The Future's place ``slot`` in full: "the third place of the Future"."""
    return f"the {slot_name(slot)} place of the Future"


def hand_words(state: State, player: int) -> str:
    """A player's hand: "your hand" in a solo game, else "player 2's hand" (the screen
    puts the players' names in)."""
    return "your hand" if len(state.hands) == 1 else f"player {player + 1}'s hand"


def minion_words(state: State, minion_id: int) -> str:
    """A Minion by its name and value, "the Mare (3)"; "the second Mare (3)" while its
    twin is in the game, so that the two can be told apart in the row."""
    everyone = sorted((*state.minions, *state.defeated), key=lambda m: m.id)
    minion = next(m for m in everyone if m.id == minion_id)
    twins = [m.id for m in everyone if m.name == minion.name]
    name = f"{minion.name.capitalize()} ({minion.value})"
    if len(twins) > 1:
        name = f"{('first', 'second', 'third')[min(twins.index(minion.id), 2)]} {name}"
    return f"the {name}"


def lygtemand_words(shown: str) -> str:
    """A Lygtemand by the Ally it shows: "the Trold Lygtemand", "the ? Lygtemand"."""
    return f"the {'?' if shown == ANY_ALLY else Card(shown).label} Lygtemand"


def count_cards(cards: Iterable[Card]) -> str:
    """Cards in words, most common first: "2 Trolds and a Huldre"."""
    counts = Counter(cards)
    parts = [
        card.with_article if n == 1 else f"{n} {card.label}s"
        for card, n in sorted(counts.items(), key=lambda item: (-item[1], CARD_ORDER[item[0]]))
    ]
    return join_words(parts)


def join_words(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


# -- the events in words ---------------------------------------------------------------


def pile_words(card: Card, zone: str = "deck:bottom") -> str:
    """Where a card put on top of or under the deck goes in app-deck mode, after "put it":
    the face-up pile sorted by kind, whose order the app keeps in mind."""
    where = {"deck:top": " on top of the deck", "deck:bottom": " under the deck"}.get(zone, "")
    return f"back on the sorted pile, with the {card.label}s (the app keeps it{where})"


class TableWords:
    """The events in words for the table, in the game's deck mode. ``back``: the events
    are an undo (the later state is ``old``)."""

    def __init__(self, old: State, new: State, back: bool) -> None:
        self.old = old
        self.new = new
        self.back = back
        self.app_deck = new.config.deck_mode == "app"

    # -- places ------------------------------------------------------------------------

    def marks(self, event: TableEvent) -> tuple[str, str]:
        """The places to mark on the drawn board: where from, where to."""
        kind = event.kind
        if kind == "pawn":
            return f"tree:{event.src}", f"tree:{event.dst}"
        if kind in ("side", "ring"):
            return "", f"tree:{event.what}"
        if kind == "reveal":
            return "", f"tree:{event.what[0]}"
        if kind in ("card", "take"):
            return self._mark(event.src), self._mark(event.dst)
        if kind == "slide":
            return f"future:{event.src[0] + 1}", f"future:{event.dst[0] + 1}"
        if kind == "slide_refill":
            return "deck", event.what[1].dst
        if kind == "clear":
            return f"tree:{event.what[0][0]}", "discard"
        if kind == "minion":
            return "", f"minion:{event.what}"
        if kind == "rally":
            minion = event.src if isinstance(event.src, int) else event.dst
            return "", f"minion:{minion}"
        if kind == "acorn":
            minion = event.src if event.src != "acorns" else event.dst
            return f"minion:{minion}", "acorns"
        if kind == "shuffle":
            return "", "deck"
        return "", ""

    @staticmethod
    def _mark(zone: str) -> str:
        if zone.startswith("ally:"):
            return f"tree:{zone[5:]}"
        if zone.startswith("deck"):
            return "deck"
        return zone

    def _zone(self, zone: str) -> str:
        """Where a card lies, after "from": "your hand", "the third place of the Future"."""
        if zone.startswith("future:"):
            return slot_words(int(zone[7:]) - 1)
        if zone.startswith("hand:"):
            return hand_words(self.new, int(zone[5:]) - 1)
        if zone.startswith("ally:"):
            return f"Tree {zone[5:]}"
        if zone.startswith("hostage:"):
            return "the Hostage Allies"
        return {
            "taken": "beside the Future",
            "set_aside": "beside the deck",
            "discard": "the discard pile",
            "deck": "the pile" if self.app_deck else "the top of the deck",
            "deck:top": "the pile" if self.app_deck else "the top of the deck",
            "deck:bottom": "the pile" if self.app_deck else "under the deck",
        }[zone]

    def _onto(self, zone: str, card: Card) -> str:
        """Where a card goes, after "put it": "in your hand", "under the deck"."""
        if zone.startswith("future:"):
            return f"in {slot_words(int(zone[7:]) - 1)}"
        if zone.startswith("hand:"):
            return f"in {hand_words(self.new, int(zone[5:]) - 1)}"
        if zone.startswith("ally:"):
            return f"on Tree {zone[5:]}, {self._side_up(int(zone[5:]))}"
        if zone.startswith("hostage:"):
            return "back with the Hostage Allies, under its Hostage token"
        if zone.startswith("deck") and self.app_deck:
            return pile_words(card, zone)
        return {
            "taken": "beside the Future until its cost is paid",
            "set_aside": "face up beside the deck",
            "discard": "on the discard pile",
            "deck": "back on top of the deck",
            "deck:top": "on top of the deck",
            "deck:bottom": "under the deck",
        }[zone]

    def _side_up(self, tree_id: int) -> str:
        tree = next((t for t in self.new.forest.trees if t.id == tree_id), None)
        revealed = tree is not None and tree.revealed
        return "revealed (across the Tree)" if revealed else "hidden (along the Tree)"

    # -- events ------------------------------------------------------------------------

    def say(self, event: TableEvent) -> str:
        words: str = getattr(self, f"_say_{event.kind}")(event)
        return words

    def _say_pawn(self, event: TableEvent) -> str:
        name = "Vogter" if event.what == "vogter" else "Gamle Erik"
        steps = abs(event.steps)
        if steps == 0:
            return f"Move {name} to Tree {event.dst}"
        way = "clockwise" if event.steps > 0 else "counter-clockwise"
        return f"Move {name} {steps} Tree{'s' if steps != 1 else ''} {way}, to Tree {event.dst}"

    def _say_side(self, event: TableEvent) -> str:
        return f"Flip Tree {event.what} to its {event.dst} side"

    def _say_ring(self, event: TableEvent) -> str:
        if event.dst[0] == "out":
            return f"Discard Tree {event.what}: take it out of the ring of Trees"
        ring = self.new.forest
        index = ring.index(event.what)
        left = ring.trees[index - 1].id
        right = ring.trees[(index + 1) % len(ring.trees)].id
        return (
            f"Put Tree {event.what} back in the ring, {event.dst[1]} side up, between "
            f"Tree {left} and Tree {right}"
        )

    def _say_order(self, event: TableEvent) -> str:
        order = ", ".join(str(t) for t in event.dst)
        return f"Lay the Trees out in this order, clockwise: {order}"

    def _say_reveal(self, event: TableEvent) -> str:
        tree, card = event.what
        if event.dst == "revealed":
            return f"Reveal the {card.label} on Tree {tree}: turn it across the Tree"
        return f"Hide the {card.label} on Tree {tree} again: turn it back along the Tree"

    def _say_card(self, event: TableEvent) -> str:
        card: Card = event.what
        source, target = zone_kind(event.src), zone_kind(event.dst)
        if source.startswith("deck") and target.startswith("deck"):
            return self._within_deck(event)
        if source == "deck" and not self.back:
            if self.app_deck:
                return self._from_pile(event)
            return (
                f"Turn over the top card of the deck, {card.with_article}, and put it "
                f"{self._onto(event.dst, card)}"
            )
        if source.startswith("deck") and self.app_deck:
            return (
                f"Take {card.with_article} from the pile and put it {self._onto(event.dst, card)}"
            )
        where = self._zone(event.src)
        if target == "discard":
            if source == "ally":
                return self._ally_discarded(event)
            return f"Discard the {card.label} from {where}"
        if source == "taken" and card is Card.GAMLE_ERIK and target == "deck:bottom":
            # A Gamle Erik never stays in a hand.
            return f"Put the Gamle Erik you took {self._onto(event.dst, card)}"
        if target == "taken":
            return f"Take the {card.label} from {where}" + (
                " and hold it beside the Future" if self.back else ""
            )
        if target == "hand":
            if source == "taken":
                return f"Put the {card.label} you took into {self._zone(event.dst)}"
            return f"Take the {card.label} from {where} into {self._zone(event.dst)}"
        if source == "hostage":
            return (
                f"Take the Hostage token off the {card.label} and put the {card.label} "
                f"{self._onto(event.dst, card)}"
            )
        if source == "taken":
            return f"Put the {card.label} you took {self._onto(event.dst, card)}"
        if source == "set_aside":
            return f"Put the {card.label} lying beside the deck {self._onto(event.dst, card)}"
        if source in ("deck:top", "deck:bottom"):
            return f"Take the {card.label} from {where} and put it {self._onto(event.dst, card)}"
        return f"Put the {card.label} from {where} {self._onto(event.dst, card)}"

    def _from_pile(self, event: TableEvent) -> str:
        card: Card = event.what
        return f"Take {card.with_article} from the pile and put it {self._onto(event.dst, card)}"

    def _within_deck(self, event: TableEvent) -> str:
        """A card moving within the real deck (the app's pile never needs this)."""
        card: Card = event.what
        if event.dst == "deck:bottom" and event.src == "deck":
            if event.note == "reported":
                return f"Put the {card.label} card under the deck"
            return (
                f"Turn over the top card of the deck, {card.with_article}, and put it under "
                "the deck"
            )
        if event.dst == "deck:top":
            source = "from under the deck" if event.src == "deck:bottom" else "from the deck"
            return f"Take the {card.label} {source} and put it on top of the deck"
        if event.dst == "deck:bottom":
            return f"Take the {card.label} from the top of the deck and put it under the deck"
        return (
            f"Take the {card.label} from {self._zone(event.src)} and put it back on top of the deck"
        )

    def _ally_discarded(self, event: TableEvent) -> str:
        card: Card = event.what
        tree = int(event.src[5:])
        reason = "" if self.back else gamle_erik_discards(self.old, self.new).get(tree)
        if reason:
            return f"Discard the revealed {card.label} from Tree {tree}: {reason}"
        return f"Discard the {card.label} from Tree {tree}"

    def _say_take(self, event: TableEvent) -> str:
        return f"Take the {event.what.label} from {self._zone(event.src)}"

    def _say_lone(self, event: TableEvent) -> str:  # pragma: no cover - cards are conserved
        return f"Check the {event.what.label} at {self._zone(event.src)}"

    def _say_slide(self, event: TableEvent) -> str:
        if len(event.what) == 1:
            return (
                f"Slide the {event.what[0].label} from {slot_words(event.src[0])} to the "
                f"{slot_name(event.dst[0])} place"
            )
        way = "left" if all(d < s for s, d in zip(event.src, event.dst, strict=True)) else "right"
        moves = join_words(
            [
                f"the {card.label} to the {slot_name(slot)} place"
                for card, slot in zip(event.what, event.dst, strict=True)
            ]
        )
        return f"Slide the Future's cards {way}: {moves}"

    def _say_slide_refill(self, event: TableEvent) -> str:
        slide, refill = event.what
        first = self._say_slide(slide)
        second = self._say_card(refill)
        return f"{first}, then {second[0].lower()}{second[1:]}"

    def _say_clear(self, event: TableEvent) -> str:
        if event.dst == "discard":
            cards = join_words([f"the {card.label} on Tree {tree}" for tree, card in event.what])
            return f"Discard every Ally in the Forest: {cards}"
        cards = join_words(
            [
                f"{card.with_article} on Tree {tree}, {self._side_up(tree)}"
                for tree, card in event.what
            ]
        )
        return f"Put the Allies back in the Forest from the discard pile: {cards}"

    def _say_shuffle(self, event: TableEvent) -> str:
        cards = [card for card, _ in event.what]
        if event.steps > 0:
            if cards:
                where = {zone for _, zone in event.what}
                said = count_cards(cards)
                if where == {"set_aside"}:
                    said += " lying beside the deck"
                if self.app_deck:
                    return f"Put {said} back on the pile"
                return f"Shuffle {said} into the deck"
            if self.app_deck:
                return "The app shuffles the deck for you: leave the sorted pile as it is"
            return "Shuffle the deck"
        # Undoing a shuffle: take out what was shuffled in, put back what was known.
        top, bottom = event.dst
        parts = []
        for zone in dict.fromkeys(zone for _, zone in event.what):
            out = [card for card, where in event.what if where == zone]
            them = "it" if len(out) == 1 else "them"
            source = "from the pile" if self.app_deck else "out of the deck"
            parts.append(
                f"take {count_cards(out)} {source} and put {them} {self._onto(zone, out[0])}"
            )
        if top and not self.app_deck:
            parts.append(
                f"find {count_cards(top)} in the deck and put them on top, in the order "
                + ", ".join(c.label for c in top)
            )
        if bottom and not self.app_deck:
            parts.append(
                f"find {count_cards(bottom)} in the deck and put them under it, in the order "
                f"{', '.join(c.label for c in bottom)} (the last at the very bottom)"
            )
        if not parts:
            pile = "sorted pile" if self.app_deck else "deck"
            return f"The deck's shuffle is taken back: leave the {pile} as it is"
        text = "; ".join(parts)
        return text[0].upper() + text[1:]

    def _say_minion(self, event: TableEvent) -> str:
        name = minion_words(self.new, event.what)
        if event.dst == "defeated":
            return f"Remove {name} from the game"
        return f"Put {name} back in the row of Minions"

    def _say_acorn(self, event: TableEvent) -> str:
        if event.dst == "acorns":
            name = minion_words(self.new, event.src)
            return f"Put the Acorn {event.what} token from {name} in the centre of the Forest"
        name = minion_words(self.new, event.dst)
        return f"Put the Acorn {event.what} token from the centre of the Forest back on {name}"

    def _say_acorns_out(self, event: TableEvent) -> str:
        pair = join_words([f"Acorn {a}" for a in event.what])
        if event.dst == "out":
            return f"Remove the {pair} tokens in the centre of the Forest from the game"
        return f"Put the {pair} tokens back in the centre of the Forest"

    def _say_rally(self, event: TableEvent) -> str:
        who = lygtemand_words(event.what)
        if event.dst == "rallied":
            name = minion_words(self.new, event.src)
            return (
                f"Take {who} off {name}, flip it to its Rallied side and lay it beside the Future"
            )
        name = minion_words(self.new, event.dst)
        return f"Flip {who} back to its Trickster side and put it on {name}"

    def _say_lygtemands_out(self, event: TableEvent) -> str:
        shown = join_words([lygtemand_words(shown) for shown in event.what])
        if event.dst == "out":
            return f"Remove the Rallied {shown.removeprefix('the ')} from the game"
        return f"Put {shown} back beside the Future, Rallied side up"

    def _say_tokens(self, event: TableEvent) -> str:
        """Lygtemands or Acorns moved between Minions by hand: where each now lies."""
        if event.what == "lygtemand":
            parts = [
                f"{lygtemand_words(shown)} on {minion_words(self.new, minion)}"
                for minion, shown in event.dst
                if shown is not None
            ]
            return "Put the Lygtemands on the Minions like this: " + join_words(parts)
        parts = [
            f"Acorn {acorn} on {minion_words(self.new, minion)}"
            for minion, acorn in event.dst
            if acorn is not None
        ]
        return "Put the Acorn tokens on the Minions like this: " + join_words(parts)

    def _say_x2(self, event: TableEvent) -> str:
        if event.dst is None:
            return f"Put an x1 Hostage token on the {event.src.label} instead of the x2 token"
        return f"Move the x2 Hostage token to the {event.dst.label}; the other Hostages are x1"
