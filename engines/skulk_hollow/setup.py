"""Set-up guidance for the chosen guardian, leader and handicap, in our own words."""

from __future__ import annotations

from engines.core import SetupStep
from engines.skulk_hollow.config import Config
from engines.skulk_hollow.guardians import module


def setup_steps(config: Config | None = None) -> list[SetupStep]:
    """The steps to lay out a game with ``config`` on the table."""
    config = config or Config()
    components = config.components
    guardian = components.guardian(config.guardian)
    foxen = components.foxen
    leader = foxen.unit(config.leader)
    # The map goes down before the guardian's own set-up, which puts its figure (and
    # its runes or root) on it; the heroes follow.
    steps = [
        SetupStep(
            "Sides and mats",
            f"The app plays {guardian.name}; you lead the Foxen with the {leader.name}. "
            f"Take the Foxen player mat and the reference card for {guardian.name}; put "
            f"{guardian.name}'s player mat where the app's side of the table is.",
            (f"{guardian.name} player mat", "Foxen heroes player mat", "Reference cards"),
            shows=(f"{guardian.name} mat", "Foxen mat", "Reference card"),
        ),
        SetupStep(
            "Back in the box",
            "The other three guardians and the other leaders are not used this game: put "
            "their boards, mats, decks, figures and tokens away.",
        ),
        SetupStep(
            "The map",
            f"Put the Skulk Hollow map in the middle, turned so that LAIR points at "
            f"{guardian.name}'s side and KEEP at yours. Set {guardian.name}'s board beside it.",
            ("Skulk Hollow map", f"{guardian.name} board"),
            shows=("Skulk Hollow map", f"{guardian.name} board"),
        ),
        *module(config.guardian).setup_steps(),
        SetupStep(
            "Figures",
            f"Stand the Sentinel and the {leader.name} on KEEP.",
            ("Sentinel on KEEP", f"{leader.name} on KEEP"),
            shows=("Sentinel on KEEP", f"{leader.name} on KEEP"),
        ),
        SetupStep(
            "The supply",
            "Pile the power cubes, the wound tokens and the other hero figures next to the "
            "map, within reach of both sides.",
            ("25 power cubes", "25 wound tokens", "Remaining hero figures"),
            shows=("Power cubes", "Wounds", "Hero figures"),
        ),
    ]
    if config.foxen_deck == "table":
        deck_text = (
            f"Lay the Sentinel's and the {leader.name}'s unit cards face up in front of you. "
            f"Shuffle the other Foxen cards into your deck, leave room for a discard pile, "
            f"and draw {foxen.hand_size} cards. Tell the app what each card you play does."
        )
    else:
        deck_text = (
            f"Lay the Sentinel's and the {leader.name}'s unit cards face up in front of you. "
            "The app holds the Foxen deck: keep the other Foxen cards sorted in a pile and "
            f"take the {foxen.hand_size} the app names as your starting hand."
        )
    steps.append(SetupStep("Foxen cards", deck_text))
    steps.append(
        SetupStep(
            f"{guardian.name}'s cards",
            f"The app shuffles {guardian.name}'s deck and holds a hand of "
            f"{guardian.hand_size} cards. Keep the real cards sorted nearby: whenever "
            f"{guardian.name} plays or discards one, the app names it so you can show it "
            "and lay it on the discard pile; when the deck runs out, it tells you to put "
            "the pile back with the others.",
        )
    )
    for count, text in (
        (config.hero_relics, "Take {tokens} for yourself"),
        (config.guardian_relics, f"Put {{tokens}} beside {guardian.name}'s player mat"),
    ):
        if count:
            tokens = f"{count} ancient relic token{'s' if count != 1 else ''}"
            steps.append(
                SetupStep(
                    "Ancient relics",
                    text.format(tokens=tokens) + ". Each one, spent on a turn, buys one more "
                    "action and then goes back in the box.",
                    (tokens,),
                    shows=(f"{count} relic{'s' if count != 1 else ''}",),
                )
            )
    limit = foxen.action_limit
    steps.append(SetupStep("First turn", f"The heroes start. You have {limit} actions a turn."))
    return steps
