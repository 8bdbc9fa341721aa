"""Skoventyr's actions: one frozen dataclass per kind, each with a label for the log.

Three families:

* the actions a player chooses on their turn (``Call`` .. ``Rescue``);
* the answers to a step of the turn (which Tree to damage, which card came up, ...);
* manual edits (``Edit...``), primitive corrections to resolve an effect by hand. The
  rules accept them at any time before the game ends, but ``legal_actions`` never lists
  them (see ``manual_edits``), so random play and bots do not use them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core import Action
from engines.skoventyr.cards import Card

Reward = Literal["refuge", "revenge", "restoration"]
Pawn = Literal["vogter", "gamle_erik"]
#: Where a card can be moved by hand: "future", "discard", "deck" (shuffled in),
#: "deck_top", "deck_bottom", or "hand1" .. "hand4".
Zone = str

ZONE_WORDS = {
    "future": "the Future",
    "discard": "the discard pile",
    "deck": "the deck",
    "deck_top": "the top of the deck",
    "deck_bottom": "the bottom of the deck",
}


def zone_words(zone: Zone) -> str:
    if zone.startswith("hand"):
        return f"player {zone.removeprefix('hand')}'s hand"
    return ZONE_WORDS.get(zone, zone)


class SkoventyrAction(Action, game="skoventyr"):
    pass


def _slot(slot: int) -> str:
    return ("first", "second", "third")[slot] if 0 <= slot < 3 else f"number {slot + 1}"


# -- chance ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Reveal(SkoventyrAction, kind="reveal"):
    """Table-deck mode: the card that came up from the deck."""

    card: Card

    @property
    def label(self) -> str:
        said = self.card.with_article
        return f"{said[0].upper()}{said[1:]} came up"


# -- a player's action -----------------------------------------------------------------


@dataclass(frozen=True)
class Call(SkoventyrAction, kind="call"):
    """Vogter's Call: take the Future card in ``slot`` (0 = leftmost), paying its cost or,
    with ``risky``, making a Risky Draw instead."""

    slot: int
    risky: bool = False

    @property
    def label(self) -> str:
        how = "with a Risky Draw" if self.risky else "and pay its cost"
        return f"Call: take the {_slot(self.slot)} Future card {how}"


@dataclass(frozen=True)
class Gambit(SkoventyrAction, kind="gambit"):
    @property
    def label(self) -> str:
        return "Gambit: damage a Tree, then renew the Future"


@dataclass(frozen=True)
class Position(SkoventyrAction, kind="position"):
    card: Card
    tree: int

    @property
    def label(self) -> str:
        return f"Command: place {self.card.with_article} on Tree {self.tree}"


@dataclass(frozen=True)
class Mission(SkoventyrAction, kind="mission"):
    card: Card

    @property
    def label(self) -> str:
        return f"Command: discard {self.card.with_article} for its power"


@dataclass(frozen=True)
class Wrath(SkoventyrAction, kind="wrath"):
    minion: int

    @property
    def label(self) -> str:
        return f"Wrath: defeat Minion {self.minion + 1}"


@dataclass(frozen=True)
class Rally(SkoventyrAction, kind="rally"):
    """Reconciliation: Rally the Lygtemand on ``minion`` with ``card`` from the hand."""

    minion: int
    card: Card

    @property
    def label(self) -> str:
        return f"Rally the Lygtemand on Minion {self.minion + 1} with {self.card.with_article}"


@dataclass(frozen=True)
class Involve(SkoventyrAction, kind="involve"):
    """Reconciliation: spend one Rallied Lygtemand (find an Ally) or two (find two Allies
    and discard an Adversary)."""

    lygtemands: int

    @property
    def label(self) -> str:
        if self.lygtemands == 1:
            return "Involve one Lygtemand: find an Ally for the top of the deck"
        return "Involve two Lygtemands: find two Allies and discard an Adversary"


@dataclass(frozen=True)
class Rescue(SkoventyrAction, kind="rescue"):
    card: Card

    @property
    def label(self) -> str:
        return f"Rescue the {self.card.label} hostage"


# -- steps of an action ----------------------------------------------------------------


@dataclass(frozen=True)
class DamageTree(SkoventyrAction, kind="damage_tree"):
    tree: int

    @property
    def label(self) -> str:
        return f"Damage Tree {self.tree}"


@dataclass(frozen=True)
class HealTree(SkoventyrAction, kind="heal_tree"):
    tree: int

    @property
    def label(self) -> str:
        return f"Heal Tree {self.tree}"


@dataclass(frozen=True)
class RevealAlly(SkoventyrAction, kind="reveal_ally"):
    tree: int

    @property
    def label(self) -> str:
        return f"Reveal the Ally on Tree {self.tree}"


@dataclass(frozen=True)
class PutUnder(SkoventyrAction, kind="put_under"):
    """Put the Future card in ``slot`` under the deck."""

    slot: int

    @property
    def label(self) -> str:
        return f"Put the {_slot(self.slot)} Future card under the deck"


@dataclass(frozen=True)
class StopPutting(SkoventyrAction, kind="stop_putting"):
    @property
    def label(self) -> str:
        return "Keep the rest of the Future"


@dataclass(frozen=True)
class DiscardAdversary(SkoventyrAction, kind="discard_adversary"):
    slot: int

    @property
    def label(self) -> str:
        return f"Discard the Gamle Erik in the {_slot(self.slot)} Future place"


@dataclass(frozen=True)
class ReturnFromDiscard(SkoventyrAction, kind="return_from_discard"):
    card: Card

    @property
    def label(self) -> str:
        return f"Put a discarded {self.card.label} under the deck"


@dataclass(frozen=True)
class MoveGamleErikBack(SkoventyrAction, kind="move_gamle_erik_back"):
    steps: int

    @property
    def label(self) -> str:
        if self.steps == 0:
            return "Leave Gamle Erik where he is"
        return f"Move Gamle Erik {self.steps} step{'s' if self.steps > 1 else ''} back"


@dataclass(frozen=True)
class ChooseReward(SkoventyrAction, kind="choose_reward"):
    reward: Reward

    @property
    def label(self) -> str:
        return {
            "refuge": "Refuge: move Vogter through the Allies, then clear the Forest",
            "revenge": "Revenge: clear the Forest, then discard a Gamle Erik from the Future "
            "if there is one",
            "restoration": "Restoration: clear the Forest, then heal a Tree",
        }[self.reward]


@dataclass(frozen=True)
class Refuge(SkoventyrAction, kind="refuge"):
    tree: int

    @property
    def label(self) -> str:
        return f"Vogter takes refuge on Tree {self.tree}"


@dataclass(frozen=True)
class DiscardFromHand(SkoventyrAction, kind="discard_from_hand"):
    card: Card

    @property
    def label(self) -> str:
        return f"Discard {self.card.with_article} from your hand"


@dataclass(frozen=True)
class PutRevealedOnTop(SkoventyrAction, kind="put_revealed_on_top"):
    """Involve: the next Ally to go on top (the first one chosen is drawn first)."""

    card: Card

    @property
    def label(self) -> str:
        return f"Put the {self.card.label} on the deck"


@dataclass(frozen=True)
class PutRevealedUnder(SkoventyrAction, kind="put_revealed_under"):
    """Involve: the next revealed card to go under the deck (the last one is lowest)."""

    card: Card

    @property
    def label(self) -> str:
        return f"Put the {self.card.label} under the deck"


@dataclass(frozen=True)
class PlaceRecoveredTree(SkoventyrAction, kind="place_recovered_tree"):
    """Acorns: put the recovered Tree just clockwise of Tree ``after``."""

    after: int

    @property
    def label(self) -> str:
        return f"Put the recovered Tree after Tree {self.after}"


# -- manual edits ----------------------------------------------------------------------


@dataclass(frozen=True)
class EditMovePawn(SkoventyrAction, kind="edit_move_pawn"):
    pawn: Pawn
    tree: int

    @property
    def label(self) -> str:
        who = "Vogter" if self.pawn == "vogter" else "Gamle Erik"
        return f"By hand: move {who} to Tree {self.tree}"


@dataclass(frozen=True)
class EditFlipTree(SkoventyrAction, kind="edit_flip_tree"):
    tree: int

    @property
    def label(self) -> str:
        return f"By hand: flip Tree {self.tree}"


@dataclass(frozen=True)
class EditDiscardTree(SkoventyrAction, kind="edit_discard_tree"):
    tree: int

    @property
    def label(self) -> str:
        return f"By hand: discard Tree {self.tree}"


@dataclass(frozen=True)
class EditRestoreTree(SkoventyrAction, kind="edit_restore_tree"):
    tree: int
    after: int

    @property
    def label(self) -> str:
        return f"By hand: put Tree {self.tree} back after Tree {self.after}"


@dataclass(frozen=True)
class EditRevealAlly(SkoventyrAction, kind="edit_reveal_ally"):
    tree: int

    @property
    def label(self) -> str:
        return f"By hand: reveal the Ally on Tree {self.tree}"


@dataclass(frozen=True)
class EditDiscardAlly(SkoventyrAction, kind="edit_discard_ally"):
    tree: int

    @property
    def label(self) -> str:
        return f"By hand: discard the Ally on Tree {self.tree}"


@dataclass(frozen=True)
class EditPlaceAlly(SkoventyrAction, kind="edit_place_ally"):
    card: Card
    source: Zone
    tree: int

    @property
    def label(self) -> str:
        source = zone_words(self.source)
        return f"By hand: place {self.card.with_article} from {source} on Tree {self.tree}"


@dataclass(frozen=True)
class EditMoveCard(SkoventyrAction, kind="edit_move_card"):
    card: Card
    source: Zone
    target: Zone

    @property
    def label(self) -> str:
        source, target = zone_words(self.source), zone_words(self.target)
        return f"By hand: move {self.card.with_article} from {source} to {target}"


@dataclass(frozen=True)
class EditSwapTokens(SkoventyrAction, kind="edit_swap_tokens"):
    """Swap the Lygtemands (``token`` "lygtemand") or Acorns ("acorn") of two Minions, to
    match tokens laid out at the table."""

    token: Literal["lygtemand", "acorn"]
    first: int
    second: int

    @property
    def label(self) -> str:
        return f"By hand: swap the {self.token}s of Minions {self.first + 1} and {self.second + 1}"


@dataclass(frozen=True)
class EditDoubleHostage(SkoventyrAction, kind="edit_double_hostage"):
    """Say which hostage Ally holds the x2 token."""

    card: Card

    @property
    def label(self) -> str:
        return f"By hand: the x2 Hostage token is on the {self.card.label}"


@dataclass(frozen=True)
class EditSkipStep(SkoventyrAction, kind="edit_skip_step"):
    """Skip the step being asked (it was done by hand)."""

    @property
    def label(self) -> str:
        return "By hand: this step is done, skip it"


action_from_dict = SkoventyrAction.from_dict

EDITS: tuple[type[SkoventyrAction], ...] = (
    EditMovePawn,
    EditFlipTree,
    EditDiscardTree,
    EditRestoreTree,
    EditRevealAlly,
    EditDiscardAlly,
    EditPlaceAlly,
    EditMoveCard,
    EditSwapTokens,
    EditDoubleHostage,
    EditSkipStep,
)
