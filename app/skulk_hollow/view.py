"""What the Skulk Hollow play screen shows, as plain data: the screen lays it out and
nothing else (app.skulk_hollow.play_screen). Built from the controller alone, so the same
game at the same moment shows the same screen, whether it was just played or opened
again after a pulled plug (tests compare the two).

The board, the guardian's mat and the heroes' cards are drawn from the table as the
people have been told it (``control.table()``): while a chain of instructions is told,
each change appears only once its instruction is done, never the engine's state after
the whole move. ``drawn_places`` reads back what a view draws, place by place (the keys
of ``K.table_places``), for a test to hold it to the table as told."""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from app.kit.touch_select import Target
from app.play.telling import Panel, told_panel
from app.skulk_hollow import touch_paths
from app.skulk_hollow.controller import SkulkHollowController, arrival_order
from app.skulk_hollow.look import code, short_name, space_cells
from engines import skulk_hollow as K
from engines.core import Change
from engines.skulk_hollow import board

#: The phases of the hero's own turn (``K.TURN_ORDER``): told while the header still
#: says "Your turn", though the rules have handed the turn to the guardian.
HERO_PHASES = K.TURN_ORDER.phases[:3]

#: The verbs of the hero's turn in the bottom bar, left to right (End turn next to Undo).
VERB_ORDER = ("end", "relic", "ground", "power", "prepare", "play")


@dataclass(frozen=True)
class BarButton:
    """A button of the bottom bar: its words, what it does ("pick" its ``target``,
    "end" the turn, "choose_card", "save_again", "choose_for_guardian"), whether it
    stands out and whether it can be touched now."""

    text: str
    does: str
    target: Target | None = None
    primary: bool = False
    enabled: bool = True


@dataclass
class SkulkView:
    """Everything the screen shows at one moment; the screen's kv reads it as
    ``root.view`` (the empty view before a game is shown)."""

    title: str = ""
    status: str = ""
    prompt: str = ""
    #: The hero's turn has just begun: the prompt stands out.
    turn_begins: bool = False
    guardian_line: str = ""
    guardian_power: int = 0
    guardian_power_spaces: int = 0
    #: An instruction (or the guardian's thinking) fills the panel instead of the roster.
    telling: bool = False
    panel: Panel = field(default_factory=Panel)
    cells: list[dict[str, Any]] = field(default_factory=list)
    tiles: list[dict[str, Any]] = field(default_factory=list)
    chips: list[dict[str, Any]] = field(default_factory=list)
    #: The bar's buttons between Undo and its right end; ``right``: what the right end
    #: (where Done stands while the table is told something) says meanwhile.
    bar: list[BarButton] = field(default_factory=list)
    right: str = ""
    over: bool = False
    lights: tuple[str, str] = ("off", "off")
    #: The heroes the prompt asks to choose between, by id (kept in sight in the list).
    asked_units: list[str] = field(default_factory=list)

    def hero_columns(self, wide: bool) -> int:
        """The columns of the heroes' list: on a wide screen ``hero_columns``, on a tall
        one three."""
        return hero_columns(len(self.chips)) if wide else 3

    def hero_rows(self, wide: bool) -> int:
        """The rows the heroes' list takes: the prompt has the rest of the column."""
        return -(-len(self.chips) // self.hero_columns(wide))


def lit(options: set[Target], kind: str) -> set[Any]:
    return {value for k, value in options if k == kind}


def skulk_view(control: SkulkHollowController) -> SkulkView:
    state = control.state
    drawn = K.as_placed(state, control.table())  # the pieces as the table has them
    options = control.selection.options()
    current = control.telling.current
    marks = _marks(drawn, current)
    heroes = lit(options, "unit")
    return SkulkView(
        title=f"{control.guardian_name} ({state.config.level.capitalize()})",
        status=_status(control, drawn),
        prompt=_prompt(control),
        turn_begins=state.active == "hero" and "turn is over." in control.owed.note,
        guardian_line=_guardian_line(drawn),
        guardian_power=drawn.guardian_power,
        guardian_power_spaces=state.board.power,
        telling=control.telling.active or (control.guardian_turn and not state.ended),
        panel=_panel(control),
        cells=_cells(drawn, options, marks),
        tiles=_tiles(drawn, options, marks),
        chips=_chips(control, drawn, heroes, marks),
        bar=_bar(control, options),
        right=_actions_left(state),
        over=bool(state.ended),
        lights=_lights(control),
        asked_units=sorted(heroes),
    )


def _status(control: SkulkHollowController, drawn: K.State) -> str:
    state = control.state
    if state.ended:
        return f"Game over \u00b7 {_winner(control)}"
    relics = f" \u00b7 relics: {drawn.hero_relics}" if state.config.hero_relics else ""
    current = control.telling.current
    if current is not None and current.phase in HERO_PHASES and state.active == "guardian":
        return "Your turn \u00b7 clean-up"  # the hero's Cleanup told: not Grak's turn yet
    if state.active == "guardian":
        pool = drawn.guardian_pool
        return f"{control.guardian_name}'s turn" + (f" \u00b7 pool: {pool}" if pool else "")
    left = state.actions_left
    words = f"Your turn \u00b7 {left} action{'s' if left != 1 else ''} left"
    if drawn.hero_pool:  # cubes gained this turn, placed at its end
        words = f"Your turn \u00b7 {left} left \u00b7 pool: {drawn.hero_pool}"
    return words + relics


def _prompt(control: SkulkHollowController) -> str:
    if control.message:
        return control.message
    if control.replay is not None:  # what happened at this step, not what to do now
        return control.state.last or "The set-up, as the table was laid out."
    note = "" if control.selection.prefix else control.owed.note
    return " ".join(filter(None, [note, _hero_prompt(control)]))


def _hero_prompt(control: SkulkHollowController) -> str:
    state = control.state
    if state.ended:
        outcome = K.outcome(state)  # its reason names the winner; the header says it too
        return outcome.reason if outcome is not None else state.prompt
    prefix = control.selection.prefix
    if prefix == (("verb", "play"),):
        return "Which card do you play?"
    if prefix == (("verb", "power"),):
        return "Spend power from which hero? Touch a lit one."
    kinds = {kind for kind, _ in control.selection.options()} - {"verb"}
    hint = {
        "unit": ("hero", " Touch a lit hero."),
        "space": ("space", " Touch a lit space."),
        "location": ("location", f" Touch a lit location of {control.guardian_name}."),
    }
    asked = [hint[kind] for kind in sorted(kinds) if kind in hint]
    if len(asked) == 1 and f"which {asked[0][0]}" in state.prompt:
        return state.prompt + " Touch a lit one."  # the question has named it
    return state.prompt + "".join(words for _, words in asked)


def _winner(control: SkulkHollowController) -> str:
    """Who won the game over: "you won", "Grak wins"."""
    outcome = K.outcome(control.state)
    return (
        "you won"
        if outcome is not None and outcome.result == "won"
        else (f"{control.guardian_name} wins")
    )


def _guardian_line(state: K.State) -> str:
    """The guardian's mat in a few words (its power cubes are drawn beside them)."""
    special = {
        "grak": f"tribute {state.eliminated} of 8",
        "apoda": f"runes {state.runes_collected} of 4",
        "tanthos": f"roots {len(state.roots)} of 6",
        "raptra": "in the air" if state.airborne else "grounded",
    }[state.config.guardian]
    return f"{special} \u00b7 power" if state.board.power else special


def _panel(control: SkulkHollowController) -> Panel:
    if control.telling.active:
        return told_panel(control.telling)
    name = control.guardian_name
    if not control.guardian_turn or control.state.ended:
        return Panel()
    if control.owed.by_hand:
        words = (
            f"{name} could not decide what to do this time. Choose its moves "
            f"yourself until its turn is over: touch Choose for {name}."
        )
        return Panel(f"{name}'s turn", "", words, control.state.prompt)
    return Panel(f"{name}'s turn", "", control.thinking or f"{name} is thinking...")


def _cells(state: K.State, options: set[Target], marks: dict[str, str]) -> list[dict[str, Any]]:
    spaces = lit(options, "space")
    heroes = lit(options, "unit")
    choosing = bool(spaces or heroes)
    cells = space_cells(state)
    for cell in cells:
        space = cell["target"][1]
        has_hero = any(u.id in heroes for u in board.on_ground(state, space))
        cell["touchable"] = space in spaces or has_hero
        cell["dimmed"] = choosing and not cell["touchable"]
        cell["mark"] = marks.get(f"space:{space}", "")
    return cells


def _tiles(state: K.State, options: set[Target], marks: dict[str, str]) -> list[dict[str, Any]]:
    locations = lit(options, "location")
    heroes = lit(options, "unit")
    tiles = []
    for location in state.board.locations:
        riders = board.attached(state, location.id)
        touchable = location.id in locations or any(u.id in heroes for u in riders)
        tiles.append(
            {
                "ability": location.ability.upper(),
                "name": location.name,
                "wounds": board.wounds_at(state, location.id),
                "capacity": location.wounds,
                # One hero by name; more by their codes, as on a crowded map space.
                "attached": (
                    short_name(state, riders[0].id)
                    if len(riders) == 1
                    else " ".join(code(state, u.id) for u in riders)
                ),
                "disabled_ability": board.full(state, location.id),
                "target": ("location", location.id),
                "touchable": touchable,
                "dimmed": bool(locations or heroes) and not touchable,
                "mark": marks.get(f"location:{location.id}", ""),
            }
        )
    return tiles


def _chips(
    control: SkulkHollowController, state: K.State, heroes: set[Any], marks: dict[str, str]
) -> list[dict[str, Any]]:
    """The heroes on the table (``state``: as drawn) in the order they came into play, so
    that no row moves under a finger: a hero summoned later is added at the end."""
    by_id = {unit.id: unit for unit in state.units}
    compact = hero_columns(len(by_id)) > 1
    chips = []
    for unit_id in arrival_order(control.owed.roster, state):
        unit = by_id.get(unit_id)
        if unit is None:
            continue
        kind = state.unit_type(unit)
        chips.append(
            {
                "name": board.unit_name(state, unit.id),
                "short_name": short_name(state, unit.id),
                "compact": compact,
                "code": code(state, unit.id),
                "wounds": unit.wounds,
                "capacity": kind.wounds,
                "power": unit.power,
                "power_spaces": kind.power,
                "leader": board.is_leader(state, unit),
                "target": ("unit", unit.id),
                "touchable": unit.id in heroes,
                "dimmed": bool(heroes) and unit.id not in heroes,
                "mark": marks.get(f"unit:{unit.id}", ""),
            }
        )
    return chips


def hero_columns(heroes: int) -> int:
    """The heroes' list in one column up to three heroes, then two: every hero stays in
    sight under the longest prompt (seven heroes make four rows)."""
    return 1 if heroes <= 3 else 2


def _actions_left(state: K.State) -> str:
    if state.asking != "hero" or state.ended:
        return ""
    left = state.actions_left
    return f"{left} action{'s' if left != 1 else ''} left"


def _bar(control: SkulkHollowController, options: set[Target]) -> list[BarButton]:
    """The buttons of the moment: the guardian's when the person plays it, the card
    choice, the answers of a choice, else the hero's verbs, each in a fixed place (a
    verb not possible now is greyed, never taken away)."""
    state = control.state
    if state.ended or control.replay is not None:
        return []
    if control.guardian_turn:
        if control.plan is not None and not control.telling.active:  # done, not saved
            return [BarButton("Save again", "save_again", primary=True)]
        if control.owed.by_hand:
            return [
                BarButton(
                    f"Choose for {control.guardian_name}", "choose_for_guardian", primary=True
                )
            ]
        return []  # the guardian is thinking: nothing to touch but Undo
    selection = control.selection
    if selection.options_of("card") and not selection.prefix:
        return [BarButton("Choose the card", "choose_card", primary=True)]
    answers = [t for t in selection.ordered_options() if t[0] == "answer"]
    if answers:
        return [BarButton(str(t[1]), "pick", t, primary=True) for t in answers]
    chosen = selection.prefix[0][1] if selection.prefix else None
    buttons = []
    for verb in VERB_ORDER:
        if verb == "ground" and state.config.guardian != "raptra":
            continue
        if verb == "relic" and not state.config.hero_relics:
            continue
        possible = ("verb", verb) in options or verb == chosen
        buttons.append(
            BarButton(
                touch_paths.VERBS[verb],
                "end" if verb == "end" else "pick",
                ("verb", verb),
                primary=verb == chosen,
                enabled=possible,
            )
        )
    return buttons


def _lights(control: SkulkHollowController) -> tuple[str, str]:
    state = control.state
    leader = board.leader(state)
    exposed = leader is not None and not board.protected(state, leader)
    hero_turn = state.asking == "hero" and not state.ended
    turn = "on" if hero_turn else ("blink" if control.guardian_turn else "off")
    return turn, "blink" if exposed and not state.ended else "off"


def _marks(state: K.State, change: Change | None) -> dict[str, str]:
    """Where to mark the current instruction on the drawn board: "space:clearing" ->
    "to"; a hero named by the instruction is marked where it stands."""
    if change is None:
        return {}
    marks: dict[str, str] = {}
    for place, word in ((change.source, "from"), (change.target, "to")):
        if not place:
            continue
        if place.startswith("unit:") and state.has_unit(place[5:]):
            unit = state.unit(place[5:])
            marks[f"space:{unit.space}" if unit.space else f"location:{unit.location}"] = "here"
            word = "here"
        marks[place] = word
    return marks


#: The places a view draws, by their keys in ``K.table_places`` (the cards and the
#: pools are not drawn on the board: the hand is the person's, the pools are in words).
DRAWN_PLACES = re.compile(
    r"guardian:(space|power|status)$|location:|unit:|wounds:|power:|root:|rune:"
    r"|runes:collected$|tribute$"
)


def drawn_part(table: dict[str, Hashable]) -> dict[str, Hashable]:
    """The places of ``table`` a view draws (``DRAWN_PLACES``)."""
    return {key: value for key, value in table.items() if DRAWN_PLACES.match(key)}


def drawn_places(view: SkulkView) -> dict[str, Hashable]:
    """What ``view`` draws, read back place by place with the keys of ``K.table_places``
    (plain contents, as a table model keeps them): the guardian's space and mat, the
    wounds on its locations, where each hero stands and the tokens on its card, the
    tokens on the map. For a test to compare with its own model of the table."""
    places: dict[str, Hashable] = {}
    by_name: dict[str, str] = {}
    for chip in view.chips:
        unit = str(chip["target"][1])
        by_name.update({chip["name"]: unit, chip["short_name"]: unit, chip["code"]: unit})
        places[f"wounds:{unit}"] = chip["wounds"]
        places[f"power:{unit}"] = chip["power"]
    for cell in view.cells:
        space = str(cell["target"][1])
        if cell["guardian"]:
            places["guardian:space"] = space
        for name, _short, _code in cell["heroes"]:
            places[f"unit:{by_name[name]}"] = f"space:{space}"
        for token in cell["tokens"]:
            number, kind = token.split()
            places[f"{kind.removesuffix('s')}:{space}"] = int(number)
    for tile in view.tiles:
        location = str(tile["target"][1])
        places[f"location:{location}"] = tile["wounds"]
        riders = [tile["attached"]] if tile["attached"] in by_name else tile["attached"].split()
        for rider in riders:
            places[f"unit:{by_name[rider]}"] = f"location:{location}"
    if view.guardian_power_spaces:
        places["guardian:power"] = view.guardian_power
    line = view.guardian_line
    if found := re.match(r"(tribute|runes) (\d+) of", line):
        places["tribute" if found[1] == "tribute" else "runes:collected"] = int(found[2])
    elif line.startswith(("in the air", "grounded")):
        places["guardian:status"] = "air" if line.startswith("in the air") else "ground"
    return places
