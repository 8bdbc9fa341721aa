"""Set-up guidance for the chosen options, in our own words."""

from __future__ import annotations

from engines.core import SetupStep
from engines.core.quick_replace import replace
from engines.skoventyr.cards import ALLIES, CARDS
from engines.skoventyr.config import Config
from engines.skoventyr.forest import starting_forest
from engines.skoventyr.steps import FUTURE_SIZE

#: How many Minions the game has (two of each kind).
MINIONS = sum(rule.count for rule in CARDS.minions)


def _each_minion(place: str) -> tuple[str, ...]:
    """The places of a token on each of the six Minions ("minion:0" .. "minion:5")."""
    return tuple(f"{place}:{i}" for i in range(MINIONS))


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
    ring = starting_forest(trees, damaged).trees
    flipped = [tree.id for tree in ring if tree.damaged]
    # The rulebook turns the Trees over before the pawns are placed: then the pawns go
    # where the app's numbering puts the Damaged Trees, just after Vogter (review N15).
    # More Damaged Trees than fit there are turned over once the pawns have numbered
    # the ring.
    first = bool(damaged) and min(flipped) > 4
    rest = 8 - trees
    text = f"Make a ring of {trees} Trees; " + (
        "the other one stays in the box." if rest == 1 else f"the other {rest} stay in the box."
    )
    if first:
        text += (
            " For a harder game, one of them goes on its Damaged side."
            if damaged == 1
            else f" For a harder game, {damaged} of them go side by side on their Damaged side."
        )
    elif config.damaged_trees:
        text += " For a harder game some start on their Damaged side."
    if config.extra_healthy_trees or config.extra_damaged_trees:
        text += " The extra Trees make the game easier."
    laid = [f"tree:{t.id}" for t in ring] + ([f"damaged:{t}" for t in flipped] if first else [])
    steps.append(SetupStep("Lay out the Forest", text, tuple(tree_items), tuple(laid)))
    where = (
        "Put Vogter on the Healthy Tree just before the Damaged "
        + ("Trees" if damaged > 1 else "Tree")
        + " (clockwise), and Gamle Erik three Trees behind Vogter, two Trees between "
        "them. Gamle Erik's Tree is Tree 1; the app counts on clockwise from it."
        if first
        else "Put Gamle Erik on any Tree: that Tree is Tree 1, and the app numbers the "
        "others clockwise from it, Tree 2, Tree 3 and so on. Put Vogter on Tree 4, so that "
        "two Trees lie between them and Gamle Erik is three steps behind."
    )
    steps.append(
        SetupStep(
            "Place the pawns",
            where,
            ("Gamle Erik pawn on Tree 1", "Vogter pawn on Tree 4"),
            ("pawn:gamle_erik", "pawn:vogter"),
        )
    )
    if damaged and not first:
        steps.append(
            SetupStep(
                "Damaged Trees",
                "Counting clockwise from Tree 1 (Gamle Erik's Tree), turn these to their "
                "Damaged side; the others stay Healthy.",
                tuple(f"Tree {tree}" for tree in flipped),
                tuple(key for tree in flipped for key in (f"tree:{tree}", f"damaged:{tree}")),
            )
        )
    steps.append(
        SetupStep(
            "Line up the Minions",
            "Lay the six Minions side by side where everyone can reach them.",
            ("2 Lindorms (4)", "2 Mares (3)", "2 Gengangers (2)"),
            _each_minion("minion"),
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
    powers = _card_powers(config)
    if powers is not None:
        steps.append(powers)
    if config.lygtemands:
        steps.append(
            SetupStep(
                "Lygtemands",
                "Cover each Minion with one Lygtemand, Trickster side showing, as the "
                "picture shows: which Lygtemand goes on which Minion is this game's deal.",
                ("6 Lygtemand cards",),
                _each_minion("lygtemand"),
            )
        )
    if config.rescue:
        steps.append(
            SetupStep(
                "Hostages",
                "Take one Ally of each type out of the cards and lay them face up apart from "
                "the deck. Each gets a Hostage token; the x2 token goes on the Ally the picture "
                "names.",
                ("5 Allies, one of each type", "5 Hostage tokens (one x2)"),
                tuple(f"hostage:{card.value}" for card in ALLIES),
            )
        )
        steps.append(
            SetupStep(
                "Acorns",
                "Put one Acorn token face up on each Minion, the numbers as the picture shows "
                "(three matching pairs).",
                ("6 Acorn tokens (3 matching pairs)",),
                _each_minion("acorn"),
            )
        )
    deck_size = 38 - (5 if config.rescue else 0)
    steps += _deck_steps(config, deck_size)
    if config.players > 1:
        steps.append(
            SetupStep(
                "Who starts",
                "Touch who takes the first turn; turns then go clockwise round the table. "
                "Hands may be shown and talked over, but whoever's turn it is decides.",
                choices=tuple(
                    (f"Player {seat + 1} starts", replace(config, first_player=seat))
                    for seat in range(config.players)
                ),
            )
        )
    return steps


def _card_powers(config: Config) -> SetupStep | None:
    """The card costs and powers the owner corrected, and those the rulebook does not
    print: what the app will go by, for people to check against their cards."""
    yours = tuple(
        f"{c.card.label} {c.box}: " + ("; ".join(e.text for e in c.effects) or "nothing")
        for c in config.profile
    )
    assumed = tuple(f"{note} (assumed)" for note in config.cards.assumed())
    where = "under Card powers on the New game page"
    if yours:
        text = f"This game uses the costs and powers you entered {where}."
        if assumed:
            text += " The rulebook prints no power for those marked assumed: the app assumes one."
    elif assumed:
        text = (
            "The rulebook prints no power for these cards, so the app assumes one. If "
            f"yours differ, enter them {where}."
        )
    else:
        return None
    return SetupStep("Card powers", text, yours + assumed)


def _deck_steps(config: Config, deck_size: int) -> list[SetupStep]:
    """The deck, the Future and the starting hands: dealt by the app from a sorted pile,
    or turned over from a real shuffled deck."""
    cards = f"the {deck_size} Ally and Gamle Erik cards"
    solo = config.players == 1
    future = tuple(f"future:{slot + 1}" for slot in range(FUTURE_SIZE))
    hands = tuple(f"hand:{player + 1}" for player in range(config.players))
    if config.deck_mode == "app":
        return [
            SetupStep(
                "The deck",
                f"Sort {cards} face up by type into a pile, with space for a discard pile. "
                "Do not shuffle them: the app shuffles and names each card to take.",
                shows=("deck",),
            ),
            SetupStep(
                "The Future and the hands",
                "When the game starts, the app names the three cards of the Future, left to "
                f"right, and the card {'you start' if solo else 'each player starts'} with. "
                "Take those from the pile.",
                shows=future + hands,
            ),
        ]
    return [
        SetupStep(
            "The deck",
            f"Shuffle {cards} into a face-down deck, with space beside it for discards. "
            "Tell the app each card you turn over.",
            shows=("deck",),
        ),
        SetupStep(
            "The Future",
            "Turn over cards until three Allies lie face up in a row: that row is the "
            "Future. Any Gamle Erik that turns up waits to one side.",
            shows=future,
        ),
        SetupStep(
            "Starting hands",
            f"{'You draw' if solo else 'Each player draws'} one card; a Gamle Erik goes to "
            "one side and is replaced until an Ally comes. Then shuffle the waiting Gamle "
            "Eriks back into the deck.",
            shows=hands,
        ),
    ]
