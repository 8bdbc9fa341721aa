"""Set-up guidance for the chosen options, in our own words."""

from __future__ import annotations

from engines.core import SetupStep
from engines.skoventyr.config import Config


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def setup_steps(config: Config | None = None) -> list[SetupStep]:
    """The steps to lay out a game with ``config`` on the table."""
    config = config or Config()
    trees = config.trees
    damaged = config.starting_damaged
    healthy = trees - damaged
    steps: list[SetupStep] = []

    tree_items = [_plural(healthy, "Tree") + ", Healthy side up"]
    if damaged:
        tree_items.append(_plural(damaged, "Tree") + ", Damaged side up")
    text = f"Make a ring of {trees} Trees; the other {8 - trees} stay in the box."
    if config.damaged_trees:
        text += " For a harder game some start on their Damaged side."
    if config.extra_healthy_trees or config.extra_damaged_trees:
        text += " The extra Trees make the game easier."
    steps.append(SetupStep("Lay out the Forest", text, tuple(tree_items)))
    if damaged:
        steps.append(
            SetupStep(
                "Damaged Trees",
                "The app starts counting at Gamle Erik's Tree (Tree 1) and goes clockwise. "
                "The Damaged Trees are the ones it marks on the screen; flip those.",
            )
        )
    steps.append(
        SetupStep(
            "Place the pawns",
            "Put Gamle Erik on a Tree. Count two Trees clockwise past him and put Vogter on "
            "the Tree after them, so Gamle Erik is three steps behind.",
            ("Vogter pawn", "Gamle Erik pawn"),
        )
    )
    steps.append(
        SetupStep(
            "Line up the Minions",
            "Lay the six Minions side by side where everyone can reach them.",
            ("2 Lindorms (4)", "2 Mares (3)", "2 Gengangers (2)"),
        )
    )
    cards = ["Vogter's Call", "Vogter's Gambit", "Vogter's Command", "Vogter's Wrath"]
    if config.lygtemands:
        cards.append("Vogter's Reconciliation")
    if config.rescue:
        cards.append("Vogter's Rescue")
    steps.append(
        SetupStep("Action cards", "Keep the action cards next to the play area.", tuple(cards))
    )
    if config.lygtemands:
        steps.append(
            SetupStep(
                "Lygtemands",
                "Cover each Minion with one Lygtemand, Trickster side showing. The app shows "
                "which Lygtemand goes on which Minion.",
                ("6 Lygtemand cards",),
            )
        )
    if config.rescue:
        steps.append(
            SetupStep(
                "Hostages",
                "Take one Ally of each type out of the cards and lay them face up apart from "
                "the deck. Each gets a Hostage token; the app shows where the x2 token goes.",
                ("5 Allies, one of each type", "5 Hostage tokens (one x2)"),
            )
        )
        steps.append(
            SetupStep(
                "Acorns",
                "Put one Acorn token face up on each Minion, as shown by the app.",
                ("6 Acorn tokens (3 matching pairs)",),
            )
        )
    deck_size = 38 - (5 if config.rescue else 0)
    if config.deck_mode == "table":
        deck_text = (
            f"Shuffle the {deck_size} Ally and Gamle Erik cards into a face-down deck, with "
            "space beside it for discards. Tell the app each card you turn over."
        )
    else:
        deck_text = (
            f"Sort the {deck_size} Ally and Gamle Erik cards face up by type, with space for "
            "a discard pile. The app shuffles and tells you which card to take each time."
        )
    steps.append(SetupStep("The deck", deck_text))
    steps.append(
        SetupStep(
            "The Future",
            "Turn over cards until three Allies lie face up in a row: that row is the "
            "Future. Any Gamle Erik that turns up waits to one side.",
        )
    )
    who = "You draw" if config.players == 1 else "Each player draws"
    steps.append(
        SetupStep(
            "Starting hands",
            f"{who} one card; a Gamle Erik goes to one side and is replaced until an Ally "
            "comes. Then shuffle the waiting Gamle Eriks back into the deck.",
        )
    )
    if config.players > 1:
        steps.append(
            SetupStep(
                "Who starts",
                "Pick a first player; turns go round the table from there. Hands may be shown "
                "and discussed, but the player whose turn it is decides.",
            )
        )
    return steps
