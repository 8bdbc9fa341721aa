"""What the Chickwood Forest play screen shows, as plain data: the screen lays it out and
nothing else (app.chickwood.play_screen, kv/chickwood_play.kv binds to ``root.view``).
Built from the controller and from the table as the people have been told it
(``control.table()``), never from the game's state after the whole move: the alms on
the villages and the deck's count are drawn as the table has them. ``drawn_places``
reads back what the view draws, in the engine's place keys (engines.chickwood
``table_places``), for the oracle to compare with its model of the table."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from app.chickwood.controller import ChickwoodController
from app.chickwood.look import CardLook, SpaceLook, alms_colour, card_rows, marks
from app.play.telling import Telling
from engines import chickwood as C
from engines.chickwood import alms_cubes, legal_steps


@dataclass(frozen=True)
class Chip:
    """A player's chip: the legend of the marks on the villages."""

    name: str = ""
    seat: int = 0
    mark: str = ""
    selected: bool = False


@dataclass(frozen=True)
class ChickwoodView:
    title: str = ""
    status: str = ""
    phase: C.Phase = "raid"
    #: What to do now, in the side column ("" during a raid: the pad says it).
    prompt: str = ""
    #: A refused touch explained, in the bottom bar beside the button just pressed.
    refusal: str = ""
    castle: str = ""  # the castle chosen for the raid being built
    counts: dict[str, int] = field(default_factory=dict)  # loot counted on the pad
    primary_text: str = ""
    #: The primary button can act (a raid needs its castle first, a final count an
    #: entry): only then is it lit.
    primary_ready: bool = False
    can_undo: bool = False
    #: An old raid or an alms is being put right: Cancel leaves it (review P11).
    cancel: bool = False
    telling: bool = False  # an instruction for the table is shown
    instruction: Telling = field(default_factory=Telling)
    top_words: str = ""  # the top bar's button: the deck's count, or Reopen
    #: The loot deck's count as drawn (the table's), None when not shown.
    deck: int | None = None
    fixing: bool = False  # a raid is loaded on the pad to be changed
    #: Castles that cannot be raided now (raided this round).
    raided: tuple[int, ...] = ()
    chips: tuple[Chip, ...] = ()
    grid_cols: int = 3
    #: The village cards drawn: (grid index, look).
    cards: tuple[tuple[int, CardLook], ...] = ()
    #: The alms drawn come from the table as told (a tracked game); a quick score's from
    #: its count being entered.
    tracked: bool = True
    #: The side column's pieces, in order.
    side: tuple[str, ...] = ()
    #: The body shows the final scores instead of the villages.
    scores: bool = False
    over: bool = False
    lights: tuple[str, str] = ("off", "off")
    #: What the tap guard watches: the buttons change meaning when it changes.
    meaning: tuple[Hashable, ...] = ()


def chickwood_view(control: ChickwoodController) -> ChickwoodView:
    state = control.state
    telling = control.telling.active
    phase = state.phase
    title, status = _headline(control)
    primary = _primary_text(control)
    prompt = _guide(control)
    deck = _deck(control)
    return ChickwoodView(
        title=title,
        status=status,
        phase=phase,
        prompt=prompt,
        refusal=control.message,
        castle=control.castle,
        counts=control.counts(),
        primary_text=primary,
        primary_ready=bool(primary) and _primary_can_act(control),
        can_undo=control.can_take_back,
        cancel=control.correcting and control.replay is None,
        telling=telling,
        instruction=control.telling,
        top_words="Reopen scores"
        if phase == "over"
        else (f"Deck: {deck} cards" if deck is not None else ""),
        deck=deck,
        fixing=control.fixing,
        raided=state.raided if phase == "raid" and not control.fixing else (),
        chips=_chips(control),
        grid_cols=state.grid.cols,
        cards=_cards(control),
        tracked=not state.config.quick,
        side=_side(control, prompt),
        scores=phase in ("scoring", "over"),
        over=phase == "over",
        lights=("off" if phase == "over" else "on", "off"),
        meaning=_meaning(control),
    )


def drawn_places(view: ChickwoodView) -> dict[str, Hashable]:
    """What the view draws of the table, in the engine's place keys: the alms on each
    village (by the owners' names, read back from the marks in its spaces) while the
    villages of a tracked game are shown, and the deck's count while it is shown."""
    found: dict[str, Hashable] = {}
    if view.tracked and not view.scores:
        names = {chip.mark: chip.name for chip in view.chips}
        for index, look in view.cards:
            if look.forest:
                continue
            owners = tuple(
                names[space.letter] for row in look.rows for space in row.spaces if space.letter
            )
            found[f"village:{index}"] = owners
    if view.deck is not None:
        found["deck"] = view.deck
    return found


def _deck(control: ChickwoodController) -> int | None:
    """The deck's count as the table has it, during the rounds of a tracked game."""
    if control.state.phase not in ("raid", "alms"):
        return None
    deck = control.table().get("deck")
    return deck if isinstance(deck, int) else None


def _headline(control: ChickwoodController) -> tuple[str, str]:
    state = control.state
    if control.fixed_raid is not None and not control.telling.active:
        # The raid being changed, named above the pad: the side column keeps the whole
        # pad in sight (review P11).
        raid = state.raids[control.fixed_raid]
        return (
            f"Changing raid {control.fixed_raid + 1}",
            f"Round {raid.round}, castle {raid.castle}",
        )
    match state.phase:
        case "entry":
            return "Final count", ""
        case "scoring" | "over":
            return "Final scores", ""
        case "raid" | "alms":
            pass
    assert state.seat is not None
    if state.phase == "raid" and not state.raided and control.telling.active:
        return "Scouting", f"Round {state.round}"  # told before the first raid (N14)
    who = state.players[state.seat].name
    doing = "gives alms" if state.phase == "alms" else "raids"
    return f"{who} {doing}", f"Round {state.round}"


def _primary_text(control: ChickwoodController) -> str:
    if control.telling.active:
        return "Done"
    if control.fixed_raid is not None:
        return f"Save raid {control.fixed_raid + 1}"
    match control.state.phase:
        case "raid":
            return f"Raid castle {control.castle}" if control.castle else "Raid"
        case "entry":
            return "Score these"
        case "scoring":
            return "Confirm scores"
        case "over":
            return "Home"
        case "alms":
            return ""


def _primary_can_act(control: ChickwoodController) -> bool:
    """Whether the primary button does something now, rather than say what is missing."""
    if control.telling.active or control.fixing:
        return True
    if control.phase == "raid":
        return bool(control.castle)
    if control.phase == "entry":
        return bool(control.draft.touches)
    return True


def _guide(control: ChickwoodController) -> str:
    """What to do now, in one or two lines: while an alms is put right, while the snake
    is laid, and for each player of a final count (with their castles so far)."""
    state = control.state
    if control.placing is not None:
        whose = "the alms" if control.placing.alms is not None else "the alms to add"
        return f"Touch the village {whose} really went to (Cancel: leave it)."
    if control.fixed_raid is not None:
        return ""  # named in the title: the pad has the whole column (review P11)
    if state.phase == "entry":
        name = state.config.players[control.seat]
        castles = control.draft.castles(control.seat)
        total = " + ".join(str(v) for v in castles) or "none yet"
        if len(castles) > 1:
            total += f" = {sum(castles)}"
        return f"{name}: touch each loot card, castle and alms.\n{name}'s castles: {total}"
    snake = state.snake
    if state.phase != "alms" or snake is None:
        return ""
    store = state.players[snake.seat].store
    where = "a lit village next to the last one" if snake.visited else "any lit village"
    return f"{alms_cubes(snake.to_give)} to give ({store} in store): touch {where}."


def _chips(control: ChickwoodController) -> tuple[Chip, ...]:
    state = control.state
    names = state.config.players
    chosen = control.seat if state.phase == "entry" else state.seat
    return tuple(
        Chip(name, seat, mark, seat == chosen)
        for seat, (name, mark) in enumerate(zip(names, marks(names), strict=True))
    )


def _cards(control: ChickwoodController) -> tuple[tuple[int, CardLook], ...]:
    """The village cards, their alms as the table has them (``table()``): the alms of a
    move appear once the table has been told them, and an alms being put back stays
    drawn until it is."""
    state = control.state
    grid = state.grid
    table = control.table()
    seat_of = {name: seat for seat, name in enumerate(state.config.players)}
    mark = marks(state.config.players)
    lit: tuple[int, ...] = ()
    visited: tuple[int, ...] = ()
    if state.phase == "alms" and state.snake is not None and not control.telling.active:
        visited = state.snake.visited
        lit = legal_steps(grid, visited)
    looks: list[tuple[int, CardLook]] = []
    for index, cell in enumerate(grid.cells):
        if state.config.quick:
            if cell.forest:
                continue  # the app does not know the layout: just the villages
            owners = control.draft.owners(cell.profile.card)
        else:
            told = table.get(f"village:{index}", ())
            names = told if isinstance(told, tuple) else ()
            owners = tuple(seat_of[str(name)] for name in names if str(name) in seat_of)
        spaces = [SpaceLook(mark[s], alms_colour(s)) for s in owners]
        look = CardLook(
            forest=cell.forest,
            rows=card_rows(cell.profile, spaces),
            lit=index in lit,
            step=visited.index(index) + 1 if index in visited else 0,
        )
        looks.append((index, look))
    return tuple(looks)


def _side(control: ChickwoodController, prompt: str) -> tuple[str, ...]:
    """The side column holds what the phase needs: an instruction for the table; or
    what to do now, castles and the pad (a raid, a raid changed, a count)."""
    if control.telling.active:
        return ("instruction",)
    names: list[str] = ["prompt"] if prompt else []
    if control.phase in ("raid", "entry") or control.fixing:
        names += ["castle_row", "pad_view"]
    else:
        names.append("filler")
    return tuple(names)


def _meaning(control: ChickwoodController) -> tuple[Hashable, ...]:
    """Another player or phase, the next step of the snake, whose count is entered, the
    next instruction, a correction begun (keys that build a raid or a count are not
    changes: a card kind may be touched twice in quick succession)."""
    state = control.state
    steps = len(state.raids), len(state.placements), state.phase, state.final is not None
    placing = None if control.placing is None else (control.placing.alms, control.placing.player)
    return (steps, control.seat, control.telling.current, control.fixed_raid, placing)
