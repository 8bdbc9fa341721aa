"""Skulk Hollow's actions: small steps a touch screen can ask one at a time.

A turn's main phase offers PlayCard, Prepare, SpendPower, SpendRelic, GroundRaptra and
EndTurn. Playing a card or spending power opens a decision (``State.pending``) answered
by ChooseAction (which action of the card), ChooseUnit (which hero unit acts or is
targeted), Move (an arrow), ChooseLocation (a guardian location), LeapOff, ChooseSpace
(a ground space) and ChooseCard (a card to discard or recall); Decline skips an optional
step (MOUNT's free leap, a second leap, Raptra's second step).
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.core import Action
from engines.skulk_hollow.geometry import Direction


def _words(name: str) -> str:
    return name.replace("_", " ")


#: Actions as the cards and the rulebook print them (a guardian's own are its words, upper).
ACTION_NAMES: dict[str, str] = {
    "melee": "MELEE ATTACK",
    "missile": "MISSILE ATTACK",
}


def action_name(action: str) -> str:
    """ "double_leap" -> "DOUBLE LEAP", "melee" -> "MELEE ATTACK", "swing" -> "SWING"."""
    return ACTION_NAMES.get(action, _words(action).upper())


def title_words(name: str) -> str:
    """ "king_of_war" -> "King of War", "knight_2" -> "Knight 2"."""
    return " ".join(w if w == "of" else w.capitalize() for w in name.split("_"))


class SkulkAction(Action, game="skulk_hollow"):
    """Base of every Skulk Hollow action."""


@dataclass(frozen=True)
class PlayCard(SkulkAction, kind="play_card"):
    card: str

    @property
    def label(self) -> str:
        return f"Play {title_words(self.card)}"


@dataclass(frozen=True)
class Prepare(SkulkAction, kind="prepare"):
    @property
    def label(self) -> str:
        return "Prepare: discard one card, draw two"


@dataclass(frozen=True)
class SpendPower(SkulkAction, kind="spend_power"):
    """Spend one power cube from a hero unit (``unit``) or, with no unit, the guardian mat."""

    unit: str = ""

    @property
    def label(self) -> str:
        return f"Spend power from {title_words(self.unit)}" if self.unit else "Spend power"


@dataclass(frozen=True)
class SpendRelic(SkulkAction, kind="spend_relic"):
    @property
    def label(self) -> str:
        return "Spend an ancient relic for one more action"


@dataclass(frozen=True)
class GroundRaptra(SkulkAction, kind="ground_raptra"):
    @property
    def label(self) -> str:
        return "Discard a random card to bring Raptra to the ground"


@dataclass(frozen=True)
class EndTurn(SkulkAction, kind="end_turn"):
    @property
    def label(self) -> str:
        return "End the turn"


@dataclass(frozen=True)
class ChooseAction(SkulkAction, kind="choose_action"):
    action: str

    @property
    def label(self) -> str:
        return action_name(self.action)


@dataclass(frozen=True)
class ChooseUnit(SkulkAction, kind="choose_unit"):
    """A hero unit (the one acting or the one targeted), or "guardian" for the guardian."""

    unit: str

    @property
    def label(self) -> str:
        return title_words(self.unit)


@dataclass(frozen=True)
class ChooseSpace(SkulkAction, kind="choose_space"):
    space: str

    @property
    def label(self) -> str:
        return _words(self.space).upper()


@dataclass(frozen=True)
class ChooseLocation(SkulkAction, kind="choose_location"):
    location: str

    @property
    def label(self) -> str:
        return _words(self.location).upper()


@dataclass(frozen=True)
class ChooseCard(SkulkAction, kind="choose_card"):
    card: str

    @property
    def label(self) -> str:
        return title_words(self.card)


@dataclass(frozen=True)
class Move(SkulkAction, kind="move"):
    direction: Direction

    @property
    def label(self) -> str:
        return f"Move {self.direction.label}"


@dataclass(frozen=True)
class LeapOff(SkulkAction, kind="leap_off"):
    @property
    def label(self) -> str:
        return "Leap off the guardian"


@dataclass(frozen=True)
class Decline(SkulkAction, kind="decline"):
    @property
    def label(self) -> str:
        return "No thanks"


action_from_dict = SkulkAction.from_dict

ALL_ACTION_TYPES: tuple[type[SkulkAction], ...] = (
    PlayCard,
    Prepare,
    SpendPower,
    SpendRelic,
    GroundRaptra,
    EndTurn,
    ChooseAction,
    ChooseUnit,
    ChooseSpace,
    ChooseLocation,
    ChooseCard,
    Move,
    LeapOff,
    Decline,
)
