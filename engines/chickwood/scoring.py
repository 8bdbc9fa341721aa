"""Final scoring, as a pure function of the final collections (RULINGS C3, C4).

Loot first, in the printed order (busts, chests, garments, jewelry, Maid Marihen,
henchmen), then castles, then villages. Every player gets the same list of lines (category,
detail, points) for the scoreboard. Where the rules leave a choice (which tied chest type a
bust discards or is scored, and the Legendary cards Travelling Entertainers, Golden Arrow
and Fake Beard, resolved in that order), ``propose`` finds the choice best for the
player who makes it and ``final_scores`` accepts the table's own choices instead.

"Best for the player" means: the largest lead over the best opponent (or the smallest
gap behind them), then the most glory of their own. Each Legendary card is decided in
turn, knowing the ones before it. A card is only used if that beats not using it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from engines.chickwood.loot import (
    CHEST_TYPES,
    ENTERTAINERS,
    FAKE_BEARD,
    GARMENT_TYPES,
    GOLDEN_ARROW,
    JEWELRY_TYPES,
    JEWELRY_VALUES,
    LEGENDARY_NAMES,
    Collection,
    check_supply,
    treasure_name,
)
from engines.chickwood.village import CardProfile, awards
from engines.core import IllegalAction, Line, Outcome, PlayerScore, Saveable

ALMS_PER_PLAYER = 15
CATEGORIES: tuple[str, ...] = (
    "Busts",
    "Chests",
    "Garments",
    "Jewelry",
    "Maid Marihen",
    "Henchmen",
    "Castles",
    "Villages",
)


@dataclass(frozen=True)
class PlayerFinal(Saveable):
    """A player's final collection: loot cards and every castle raided, starting one too."""

    name: str
    loot: Collection = field(default_factory=Collection)
    castles: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.name:
            raise ValueError("Every player needs a name.")
        for value in self.castles:
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
                raise ValueError(f"Castles are worth 1 to 6, not {value!r}.")


@dataclass(frozen=True)
class VillageFinal(Saveable):
    """A village at the end: who owns each filled space, in order (= order of giving)."""

    profile: CardProfile
    owners: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.profile.forest:
            raise ValueError("A forest takes no alms.")
        if len(self.owners) > self.profile.capacity:
            raise ValueError(
                f"{self.profile.label.capitalize()} has only {self.profile.capacity} spaces, "
                f"not {len(self.owners)}."
            )


@dataclass(frozen=True)
class FinalTable(Saveable):
    """Everything final scoring looks at. Checked as it is built, in a player's words."""

    players: tuple[PlayerFinal, ...]
    villages: tuple[VillageFinal, ...] = ()
    legendary: bool = False

    def __post_init__(self) -> None:
        names = [p.name for p in self.players]
        if not 2 <= len(names) <= 5:
            raise ValueError("Chickwood Forest is for 2 to 5 players.")
        if len(set(names)) != len(names):
            raise ValueError("Two players have the same name.")
        cards = [v.profile.card for v in self.villages]
        if len(set(cards)) != len(cards):
            raise ValueError("A village is listed twice.")
        given = {name: 0 for name in names}
        for village in self.villages:
            for owner in village.owners:
                if owner not in given:
                    raise ValueError(
                        f"{owner} gave alms on {village.profile.label} but isn't playing."
                    )
                given[owner] += 1
        for name, count in given.items():
            if count > ALMS_PER_PLAYER:
                raise ValueError(f"{name} has only {ALMS_PER_PLAYER} alms, not {count}.")
        total = Collection()
        for player in self.players:
            total = total.plus(player.loot)
        check_supply(total, self.legendary)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def player(self, name: str) -> PlayerFinal:
        for player in self.players:
            if player.name == name:
                return player
        raise IllegalAction(f"{name} isn't playing.")

    def holder(self, card: str) -> str | None:
        """Who holds a Legendary card, if anyone."""
        for player in self.players:
            if card in player.loot.legendary:
                return player.name
        return None

    def with_players(self, *changed: PlayerFinal) -> FinalTable:
        new = {player.name: player for player in changed}
        return replace(self, players=tuple(new.get(p.name, p) for p in self.players))


@dataclass(frozen=True)
class ChestChoice(Saveable):
    """A player's choices among tied chest types: what each bust discards, in order, and
    which type is scored as the one they have most of. Empty means "the first tied type"."""

    player: str
    discards: tuple[str, ...] = ()
    scored: str | None = None


@dataclass(frozen=True)
class AlmsSwap(Saveable):
    """Travelling Entertainers: swap the alms in two spaces (village card, space 0 = first)."""

    first_village: str
    first_space: int
    second_village: str
    second_space: int


@dataclass(frozen=True)
class TreasureSwap(Saveable):
    """Golden Arrow: give one treasure (``"chest:gold"``...) for one of an opponent's."""

    opponent: str
    give: str
    take: str


@dataclass(frozen=True)
class Choices(Saveable):
    """The choices final scoring needs; ``None`` means the card is not used."""

    entertainers: AlmsSwap | None = None
    golden_arrow: TreasureSwap | None = None
    fake_beard: str | None = None  # the opponent who receives a henchman
    chests: tuple[ChestChoice, ...] = ()


@dataclass(frozen=True)
class Scoreboard(Saveable):
    """The final scores, the choices used, and the table after the Legendary cards."""

    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    choices: Choices
    table: FinalTable

    def player(self, name: str) -> PlayerScore:
        for score in self.players:
            if score.name == name:
                return score
        raise KeyError(name)

    def outcome(self) -> Outcome:
        best = max(score.total for score in self.players)
        if len(self.winners) == 1:
            reason = f"{self.winners[0]} has the most glory, {best}."
        else:
            reason = f"{' and '.join(self.winners)} share the win with {best} glory each."
        return Outcome(
            result="scored",
            reason=reason,
            cause="most_glory" if len(self.winners) == 1 else "shared_win",
            winners=self.winners,
            scores=tuple((score.name, score.total) for score in self.players),
        )


# --- loot ------------------------------------------------------------------------------


def _plural(count: int, word: str, many: str = "") -> str:
    return f"{count} {word}" if count == 1 else f"{count} {many or word + 's'}"


def _majority(counts: Sequence[int]) -> tuple[str, ...]:
    most = max(counts)
    return tuple(n for n, k in zip(CHEST_TYPES, counts, strict=True) if k == most and k > 0)


def _pick(why: str, options: tuple[str, ...], chosen: str | None) -> str:
    """The chosen chest type, or the first of the tied ones; refused if not among them."""
    if chosen is None:
        return options[0]
    if chosen not in options:
        raise IllegalAction(f"{why} the type held most ({' or '.join(options)}), not {chosen}.")
    return chosen


def after_busts(
    loot: Collection, choice: ChestChoice | None = None, who: str = "The player"
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Chest counts once every bust has discarded a chest, and the types discarded."""
    counts = list(loot.chests)
    wanted = choice.discards if choice else ()
    if len(wanted) > loot.busts:
        raise IllegalAction(f"{who} has {_plural(loot.busts, 'bust')}: too many discards chosen.")
    discarded: list[str] = []
    for bust in range(loot.busts):
        if sum(counts) == 0:
            break
        chosen = wanted[bust] if bust < len(wanted) else None
        kind = _pick(f"{who}'s bust must discard a chest of", _majority(counts), chosen)
        counts[CHEST_TYPES.index(kind)] -= 1
        discarded.append(kind)
    return tuple(counts), tuple(discarded)


def loot_lines(
    loot: Collection, choice: ChestChoice | None = None, who: str = "The player"
) -> tuple[Line, ...]:
    """The six loot lines, in the printed order."""
    chests, discarded = after_busts(loot, choice, who)
    lines: list[Line] = []

    if loot.busts == 0:
        lines.append(Line("Busts", "no busts", 0))
    elif not discarded:
        lines.append(Line("Busts", f"{_plural(loot.busts, 'bust')}, no chest to discard", 0))
    else:
        lines.append(
            Line(
                "Busts",
                f"{_plural(loot.busts, 'bust')}: discard "
                + ", then ".join(f"one {kind} chest" for kind in discarded),
                0,
            )
        )

    total = sum(chests)
    if total == 0:
        if choice and choice.scored is not None:
            raise IllegalAction(f"{who} has no chests to score.")
        lines.append(Line("Chests", "no chests", 0))
    else:
        scored = choice.scored if choice else None
        kind = _pick(f"{who} must score", _majority(chests), scored)
        most = chests[CHEST_TYPES.index(kind)]
        others = total - most
        detail = f"{most} {kind}: {most} x {most} = {most * most}"
        if others:
            detail += f"; {_plural(others, 'other chest')}: -{others}"
        lines.append(Line("Chests", detail, most * most - others))

    singles = [n for n, k in zip(GARMENT_TYPES, loot.garments, strict=True) if k == 1]
    pairs = [n for n, k in zip(GARMENT_TYPES, loot.garments, strict=True) if k >= 2]
    parts = [f"5 each for one {', '.join(singles)}"] if singles else []
    if pairs:
        parts.append(f"nothing for both {', '.join(pairs)}")
    lines.append(Line("Garments", "; ".join(parts) or "no garments", 5 * len(singles)))

    jewels = [
        (n, k, JEWELRY_VALUES[n]) for n, k in zip(JEWELRY_TYPES, loot.jewelry, strict=True) if k
    ]
    lines.append(
        Line(
            "Jewelry",
            ", ".join(f"{k} {n} x {v}" for n, k, v in reversed(jewels)) or "no jewelry",
            sum(k * v for _, k, v in jewels),
        )
    )

    if loot.maids:
        types = sum(1 for k in chests if k) + sum(1 for k in loot.garments if k)
        types += sum(1 for k in loot.jewelry if k)
        lines.append(Line("Maid Marihen", f"+1 for each of {types} treasure types", types))
    else:
        lines.append(Line("Maid Marihen", "no Maid Marihen", 0))

    lines.append(
        Line(
            "Henchmen",
            f"{_plural(loot.henchmen, 'henchman', 'henchmen')} x -3"
            if loot.henchmen
            else "no henchmen",
            -3 * loot.henchmen,
        )
    )
    return tuple(lines)


def castle_line(castles: Sequence[int]) -> Line:
    detail = " + ".join(str(v) for v in castles) if castles else "no castles"
    return Line("Castles", detail, sum(castles))


_RANKS = {1: "most alms", 2: "second most alms", 3: "third most alms"}


def village_lines(name: str, villages: Sequence[VillageFinal]) -> tuple[Line, ...]:
    lines = []
    for village in villages:
        for award in awards(village.profile, village.owners):
            if award.player == name:
                place = _RANKS.get(award.rank, f"place {award.rank}")
                detail = f"{village.profile.label.capitalize()}: {place} ({award.alms})"
                if not award.glory:
                    detail += ", no unlocked glory left"
                lines.append(Line("Villages", detail, award.glory))
    return tuple(lines) or (Line("Villages", "no alms given", 0),)


# --- Legendary cards -------------------------------------------------------------------


def _space(table: FinalTable, card: str, space: int) -> tuple[int, str]:
    for index, village in enumerate(table.villages):
        if village.profile.card == card:
            if not 0 <= space < len(village.owners):
                raise IllegalAction(
                    f"There is no alms in space {space + 1} of {village.profile.label}."
                )
            return index, village.owners[space]
    raise IllegalAction("That village is not in this game.")


def swap_alms(table: FinalTable, swap: AlmsSwap) -> FinalTable:
    a, _ = _space(table, swap.first_village, swap.first_space)
    b, _ = _space(table, swap.second_village, swap.second_space)
    owners = [list(v.owners) for v in table.villages]
    first = owners[a][swap.first_space]
    owners[a][swap.first_space] = owners[b][swap.second_space]
    owners[b][swap.second_space] = first
    villages = tuple(
        replace(v, owners=tuple(o)) for v, o in zip(table.villages, owners, strict=True)
    )
    return replace(table, villages=villages)


def _opponent(table: FinalTable, holder: str, name: str, card: str) -> PlayerFinal:
    if name == holder:
        raise IllegalAction(f"The {LEGENDARY_NAMES[card]} is used on an opponent, not on {holder}.")
    if name not in table.names:
        raise IllegalAction(f"{name} isn't playing.")
    return table.player(name)


def swap_treasures(table: FinalTable, holder: str, swap: TreasureSwap) -> FinalTable:
    mine = table.player(holder)
    theirs = _opponent(table, holder, swap.opponent, GOLDEN_ARROW)
    for player, treasure in ((mine, swap.give), (theirs, swap.take)):
        try:
            held = player.loot.count(treasure)
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        if not held:
            raise IllegalAction(f"{player.name} has no {treasure_name(treasure)} to swap.")
    mine = replace(mine, loot=mine.loot.add_treasure(swap.give, -1).add_treasure(swap.take, 1))
    theirs = replace(
        theirs, loot=theirs.loot.add_treasure(swap.take, -1).add_treasure(swap.give, 1)
    )
    return table.with_players(mine, theirs)


def give_henchman(table: FinalTable, holder: str, to: str) -> FinalTable:
    mine = table.player(holder)
    theirs = _opponent(table, holder, to, FAKE_BEARD)
    if not mine.loot.henchmen:
        raise IllegalAction(f"{holder} has no henchman to give away.")
    mine = replace(mine, loot=replace(mine.loot, henchmen=mine.loot.henchmen - 1))
    theirs = replace(theirs, loot=replace(theirs.loot, henchmen=theirs.loot.henchmen + 1))
    return table.with_players(mine, theirs)


def _holder_or_refuse(table: FinalTable, card: str) -> str:
    holder = table.holder(card)
    if holder is None:
        raise IllegalAction(f"Nobody holds the {LEGENDARY_NAMES[card]}.")
    return holder


def resolve_legendary(
    table: FinalTable, choices: Choices
) -> tuple[FinalTable, dict[str, tuple[Line, ...]]]:
    """The table after the chosen Legendary cards, and a note line for each player touched."""
    notes: dict[str, list[Line]] = {name: [] for name in table.names}
    if choices.entertainers is not None:
        holder = _holder_or_refuse(table, ENTERTAINERS)
        moved = choices.entertainers
        a, first = _space(table, moved.first_village, moved.first_space)
        b, second = _space(table, moved.second_village, moved.second_space)
        first_village, second_village = (table.villages[i].profile.label for i in (a, b))
        table = swap_alms(table, moved)
        notes[holder].append(
            Line(
                "Legendary",
                f"Travelling Entertainers: {first}'s alms on {first_village} and "
                f"{second}'s on {second_village} change places",
                0,
            )
        )
    if choices.golden_arrow is not None:
        holder = _holder_or_refuse(table, GOLDEN_ARROW)
        swap = choices.golden_arrow
        table = swap_treasures(table, holder, swap)
        text = (
            f"Golden Arrow: {holder}'s {treasure_name(swap.give)} for "
            f"{swap.opponent}'s {treasure_name(swap.take)}"
        )
        notes[holder].append(Line("Legendary", text, 0))
        notes[swap.opponent].append(Line("Legendary", text, 0))
    if choices.fake_beard is not None:
        holder = _holder_or_refuse(table, FAKE_BEARD)
        table = give_henchman(table, holder, choices.fake_beard)
        text = f"Fake Beard: {holder} gives a henchman to {choices.fake_beard}"
        notes[holder].append(Line("Legendary", text, 0))
        notes[choices.fake_beard].append(Line("Legendary", text, 0))
    return table, {name: tuple(lines) for name, lines in notes.items()}


# --- proposals -------------------------------------------------------------------------


def _base(player: PlayerFinal) -> int:
    return sum(line.points for line in loot_lines(player.loot)) + sum(player.castles)


def _village_glory(villages: Sequence[VillageFinal]) -> dict[str, int]:
    glory: dict[str, int] = {}
    for village in villages:
        for award in awards(village.profile, village.owners):
            glory[award.player] = glory.get(award.player, 0) + award.glory
    return glory


def totals(table: FinalTable) -> dict[str, int]:
    """Each player's glory with no Legendary card used (chest ties don't change points)."""
    glory = _village_glory(table.villages)
    return {p.name: _base(p) + glory.get(p.name, 0) for p in table.players}


def _merit(holder: str, scores: dict[str, int]) -> tuple[int, int]:
    best_other = max(points for name, points in scores.items() if name != holder)
    return scores[holder] - best_other, scores[holder]


def _alms_swaps(table: FinalTable) -> Iterator[AlmsSwap]:
    spaces = [
        (village.profile.card, space, owner)
        for village in table.villages
        for space, owner in enumerate(village.owners)
    ]
    for i, (card_a, space_a, owner_a) in enumerate(spaces):
        for card_b, space_b, owner_b in spaces[i + 1 :]:
            if owner_a != owner_b:
                yield AlmsSwap(card_a, space_a, card_b, space_b)


def propose_entertainers(table: FinalTable) -> AlmsSwap | None:
    holder = table.holder(ENTERTAINERS)
    if holder is None:
        return None
    base = {p.name: _base(p) for p in table.players}
    best: AlmsSwap | None = None
    best_merit = _merit(holder, totals(table))
    for swap in _alms_swaps(table):
        scores = dict(base)
        for name, glory in _village_glory(swap_alms(table, swap).villages).items():
            scores[name] += glory
        merit = _merit(holder, scores)
        if merit > best_merit:
            best, best_merit = swap, merit
    return best


def propose_golden_arrow(table: FinalTable) -> TreasureSwap | None:
    holder = table.holder(GOLDEN_ARROW)
    if holder is None:
        return None
    scores = totals(table)
    best: TreasureSwap | None = None
    best_merit = _merit(holder, scores)
    mine = table.player(holder)
    for opponent in table.players:
        if opponent.name == holder:
            continue
        for give in mine.loot.treasures():
            for take in opponent.loot.treasures():
                if give == take:
                    continue
                swap = TreasureSwap(opponent.name, give, take)
                after = swap_treasures(table, holder, swap)
                trial = dict(scores)
                for name in (holder, opponent.name):
                    trial[name] += _base(after.player(name)) - _base(table.player(name))
                merit = _merit(holder, trial)
                if merit > best_merit:
                    best, best_merit = swap, merit
    return best


def propose_fake_beard(table: FinalTable) -> str | None:
    holder = table.holder(FAKE_BEARD)
    if holder is None or not table.player(holder).loot.henchmen:
        return None
    scores = totals(table)
    best: str | None = None
    best_merit = _merit(holder, scores)
    for opponent in table.names:
        if opponent == holder:
            continue
        trial = dict(scores)
        trial[holder] += 3
        trial[opponent] -= 3
        merit = _merit(holder, trial)
        if merit > best_merit:
            best, best_merit = opponent, merit
    return best


def propose(table: FinalTable) -> Choices:
    """The choices best for each card's holder, decided in the printed order."""
    entertainers = propose_entertainers(table)
    if entertainers is not None:
        table = swap_alms(table, entertainers)
    golden_arrow = propose_golden_arrow(table)
    if golden_arrow is not None:
        holder = table.holder(GOLDEN_ARROW)
        assert holder is not None
        table = swap_treasures(table, holder, golden_arrow)
    return Choices(entertainers, golden_arrow, propose_fake_beard(table))


# --- the score -------------------------------------------------------------------------


def final_scores(table: FinalTable, choices: Choices | None = None) -> Scoreboard:
    """Score the table with ``choices`` (``None``: the proposed ones). Quick score and the
    end of a tracked game both come here. A choice the rules forbid raises IllegalAction."""
    if choices is None:
        choices = propose(table)
    chest_choices = {c.player: c for c in choices.chests}
    for name in chest_choices:
        if name not in table.names:
            raise IllegalAction(f"{name} isn't playing.")
    resolved, notes = resolve_legendary(table, choices)
    scores = []
    for player in resolved.players:
        lines = (
            notes[player.name]
            + loot_lines(player.loot, chest_choices.get(player.name), player.name)
            + (castle_line(player.castles),)
            + village_lines(player.name, resolved.villages)
        )
        scores.append(PlayerScore(player.name, lines, sum(line.points for line in lines)))
    best = max(score.total for score in scores)
    winners = tuple(score.name for score in scores if score.total == best)
    return Scoreboard(tuple(scores), winners, choices, resolved)


def quick_score(
    players: Sequence[PlayerFinal],
    villages: Sequence[VillageFinal] = (),
    legendary: bool = False,
    choices: Choices | None = None,
) -> Scoreboard:
    """Score final collections entered directly, without tracking the rounds."""
    return final_scores(FinalTable(tuple(players), tuple(villages), legendary), choices)
