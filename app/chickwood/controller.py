"""Keeping a Chickwood Forest game without a window: the raid being keyed on the pad, the
alms snake, the quick score's count, the final choices, corrections, and what the table
is owed.

The engine holds every rule. A raid is built key by key (a castle, then each loot card
counted), each key refused at once when the table could not hold it (review N13); a step
of the snake is one touch on a village. Every move is one write, with what the table is
then owed (``record``): what the rules change on the table without the people's choice
(a round's end: the new hands, then the next round's scouting) is told as a chain of
instructions, one Done each; an undo tells what to put back. Each key of a move being
entered is one write too (``note_entry``), so a pulled plug comes back to the same pad.

The phase is the engine's own (``C.Phase``, a Literal), so every branch on it is one mypy
checks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import replace

from app.chickwood import loot_entry
from app.chickwood.by_hand import ChangeRaid, PlaceAlms
from app.chickwood.final_entry import FinalDraft
from app.play.controller import GamePlay, PlayController
from app.play.owed import Owed
from app.play.telling import Telling
from engines import chickwood as C
from engines.core import GameRules, plain_places

#: One key of the raid being built: ("castle", "3") or ("loot", "chest:gold").
Key = tuple[str, str]

REPLAY_ONLY = "This is a replay: it can only be watched, and nothing in it can be changed."


class ChickwoodController(PlayController[C.State, C.ChickwoodAction, C.Config]):
    def __init__(
        self,
        rules: GameRules[C.State, C.ChickwoodAction, C.Config],
        play: GamePlay[C.State, C.ChickwoodAction, C.Config],
    ) -> None:
        super().__init__(rules, play)
        #: The raid being built (or the old one being changed), key by key for Undo.
        self.keys: list[Key] = []
        self.fixed_raid: int | None = None  # the raid loaded on the pad to be changed
        self.placing: PlaceAlms | None = None  # an alms waiting for the village touched
        self.seat = 0  # quick score: whose collection is being entered
        self.draft = self._fresh_draft()
        #: The final choices the table changed from the proposed ones (None: proposed).
        self.choices: C.Choices | None = None

    def fresh_owed(self) -> Owed:
        """A new game opens on the first round's scouting, told before the first raid
        (review N14); saved with the first Done, so it is told once."""
        state = self.state
        if self.play.session.events or self.replay is not None or state.phase != "raid":
            return Owed()
        table = plain_places(C.table_places(state))
        return Owed(telling=Telling.start([C.scouting(state)], heading="Round 1", table=table))

    @property
    def phase(self) -> C.Phase:
        return self.state.phase

    @property
    def fixing(self) -> bool:
        return self.fixed_raid is not None

    @property
    def building_raid(self) -> bool:
        """The pad keys a raid: this turn's, or an old one being changed."""
        return self.phase == "raid" or self.fixing

    # -- the move being entered ----------------------------------------------------------

    def entered(self) -> tuple[Hashable, ...]:
        """The keys of the move being entered, as plain values: a raid's (after the old
        raid being changed, or the alms waiting for its village), or the quick score's
        count (after whose it is)."""
        found: list[Hashable] = []
        if self.fixed_raid is not None:
            found.append(("fix", self.fixed_raid))
        if self.placing is not None:
            alms = -1 if self.placing.alms is None else self.placing.alms
            found.append(("place", alms, self.placing.player))
        if self.phase == "entry":
            found.append(("seat", self.seat))
            found += self.draft.touches
        else:
            found += self.keys
        return tuple(found)

    def resume_entry(self) -> None:
        """The keys kept with the game, entered again (the game opened again)."""
        for touch in self.owed.entry:
            if not isinstance(touch, tuple) or not touch:
                break
            kind = touch[0]
            if kind == "fix" and len(touch) == 2 and isinstance(touch[1], int):
                if 0 <= touch[1] < len(self.state.raids):
                    self.fixed_raid = touch[1]
            elif kind == "place" and len(touch) == 3:
                alms = touch[1] if isinstance(touch[1], int) and touch[1] >= 0 else None
                self.placing = PlaceAlms(alms, str(touch[2]))
            elif kind == "seat" and len(touch) == 2 and isinstance(touch[1], int):
                self.seat = touch[1] if 0 <= touch[1] < len(self.state.players) else 0
            elif len(touch) == 3 and self.phase == "entry":
                self.draft.add(str(kind), int(str(touch[1])), touch[2])
            elif len(touch) == 2 and kind in ("castle", "loot"):
                self.keys.append((str(kind), str(touch[1])))
            else:
                break
        self.message = ""

    def clear_entry(self) -> None:
        """Nothing being entered (a move was made, or the change given up)."""
        self.keys = []
        self.fixed_raid = None
        self.placing = None
        if self.phase != "entry":  # a quick score's count once entered: it is over
            self.seat, self.draft = 0, self._fresh_draft()

    def _fresh_draft(self) -> FinalDraft:
        config = self.state.config
        villages = tuple(c for c in config.cards_in_play if not c.forest)
        return FinalDraft(config.players, villages, config.legendary)

    @property
    def castle(self) -> str:
        return next((value for kind, value in self.keys if kind == "castle"), "")

    def counts(self) -> dict[str, int]:
        """The loot counted on the pad, kind -> cards."""
        if self.phase == "entry":
            return self.draft.counts(self.seat)
        return dict(Counter(value for kind, value in self.keys if kind == "loot"))

    def add_loot(self, key: str) -> None:
        if self.phase == "entry":
            self._enter("loot", key)
        elif self.building_raid:
            self._press([*self.keys, ("loot", key)])
        self.note_entry()

    def choose_castle(self, value: str) -> None:
        if self.phase == "entry":
            self._enter("castle", int(value))
        elif self.building_raid:
            others = [key for key in self.keys if key[0] != "castle"]
            self._press([*others, ("castle", value)])
        self.note_entry()

    def _press(self, keys: list[Key]) -> None:
        """A key of the raid's pad: taken, unless the raid so far could then not be what
        lies on the table (review N13: refused on the key, not on Raid)."""
        refusal = "" if self.fixing else self._raid_refusal(keys)
        if not refusal:
            self.keys = keys
        self.message = refusal

    def _raid_refusal(self, keys: list[Key]) -> str:
        counts = dict(Counter(value for kind, value in keys if kind == "loot"))
        castle = next((int(value) for kind, value in keys if kind == "castle"), None)
        collection = loot_entry.collection(counts)
        return C.loot_refusal(self.state, castle, collection, loot_entry.benefactors(counts))

    def _enter(self, kind: str, what: object) -> None:
        """A key of the quick score's count: taken, unless the count would then hold what
        the game does not (more of a kind than the box holds)."""
        wrong_before = self.draft.wrong()
        self.draft.add(kind, self.seat, what)
        wrong = self.draft.wrong()
        if wrong and wrong != wrong_before:
            self.draft.undo()
        self.message = wrong if wrong != wrong_before else ""

    def choose_seat(self, seat: int) -> None:
        """Quick score: whose collection the keys now count."""
        self.seat = seat
        self.message = ""
        self.note_entry()

    def raid(self) -> C.Raid | C.FixRaid | None:
        """The raid built on the pad: this turn's, or the old one being changed."""
        if not self.castle:
            return None
        counts = self.counts()
        loot, benefactors = loot_entry.collection(counts), loot_entry.benefactors(counts)
        if self.fixed_raid is not None:
            return C.FixRaid(self.fixed_raid, int(self.castle), loot, benefactors)
        state = self.state
        name = state.players[state.order[state.turn]].name
        return C.Raid(name, int(self.castle), loot, benefactors)

    # -- moves ---------------------------------------------------------------------------

    def take(self, action: C.ChickwoodAction) -> bool:
        """Play ``action``, saved with what the table is then told; what was being keyed
        for it is then over."""
        played = super().take(action)
        if played:
            self.clear_entry()
            self.choices = None
        return played

    def owed_after(self, before: C.State, action: C.ChickwoodAction, after: C.State) -> Owed:
        """The rules' changes (a round's end: the new hands, then the next round's
        scouting: engines.chickwood.told_changes), one chain."""
        changes = C.told_changes(before, after)
        heading = "The round is over" if after.round > before.round else "On the table"
        return replace(self.owed, telling=self.chain(changes, heading=heading), note="")

    def primary(self) -> bool:
        """The main button of the moment: Done, the raid, the count, the scores (the
        question to confirm them is the screen's: True when it should ask it)."""
        if self.telling.active:
            self.done()
        elif self.building_raid:
            raid = self.raid()
            if raid is None:
                self.message = "Touch the castle raided first."
            else:
                self.take(raid)
        elif self.phase == "entry":
            self._score_count()
        elif self.phase == "scoring":
            return True
        return False

    def _score_count(self) -> None:
        if not self.draft.touches:  # an extra tap after New game's button, say
            self.message = "Nothing is entered yet: touch each player's cards, castles and alms."
            return
        try:
            table = self.draft.table()
        except ValueError as refusal:
            self.message = str(refusal)
            return
        self.take(C.EnterFinal(table))

    def final_choices(self) -> C.Choices:
        """The final choices to confirm: the table's, else the proposed ones."""
        return self.choices or C.propose(C.final_table(self.state))

    def confirm_scores(self) -> None:
        self.take(C.Score(self.final_choices()))

    def touch_village(self, index: int) -> None:
        """A village touched: where an alms being corrected goes, an alms of the quick
        score's count, or the next step of the snake."""
        state = self.state
        where = state.grid.position(index)
        if self.placing is not None:
            placing, self.placing = self.placing, None
            if placing.alms is None:
                self.take(C.AddAlms(placing.player, *where))
            else:
                self.take(C.FixAlms(placing.alms, *where))
            return
        match state.phase:
            case "entry":
                try:
                    self.draft.give_alms(self.seat, state.grid.cells[index].profile)
                except ValueError as refusal:
                    self.message = str(refusal)
                else:
                    self.message = ""
                self.note_entry()
            case "alms" if state.seat is not None:
                self.take(C.GiveAlms(state.players[state.seat].name, *where))
            case "raid":
                self.message = "Alms are given after a raid with benefactor cards."
            case _:
                pass

    # -- corrections -----------------------------------------------------------------------

    def load_raid(self, change: ChangeRaid) -> None:
        """An old raid loaded on the pad, to be changed and saved."""
        raid = self.state.raids[change.raid]
        self.fixed_raid = change.raid
        self.placing = None
        self.keys = [("castle", str(raid.castle))]
        counts = {**C.kind_counts(raid.loot)}
        counts.update({f"alms:{n}": raid.benefactors.count(n) for n in (1, 2, 3)})
        self.keys += [("loot", key) for key, n in counts.items() for _ in range(n)]
        self.message = ""
        self.note_entry()

    def place_alms(self, placing: PlaceAlms) -> None:
        """Wait for the village an alms really went to."""
        self.placing = placing
        self.message = ""
        self.note_entry()

    @property
    def correcting(self) -> bool:
        """An old raid or an alms is being put right: Cancel leaves it (review P11)."""
        return self.fixing or self.placing is not None

    def cancel(self) -> None:
        """Leave the correction being made, changing nothing."""
        self.clear_entry()
        self.message = ""
        self.note_entry()

    def choose(self, choices: C.Choices) -> None:
        """The table changed a final choice (checked by the screen's list)."""
        self.choices = choices

    def about(self, seat: int) -> str:
        """What a player holds, in a line: the heading of their entries to correct."""
        player = self.state.players[seat]
        castles = " + ".join(str(v) for v in player.castles)
        return (
            f"{player.name}: castles {castles}, {C.describe(player.loot)}, "
            f"{C.alms_cubes(player.store)} in store"
        )

    # -- undo ----------------------------------------------------------------------------

    def back_one_key(self) -> bool:
        """Take back the last key of what is being entered (the alms waiting for its
        village, the raid's last key, the changed raid itself once its pad is empty,
        the count's last key, the changed final choices); whether there was one."""
        if self.placing is not None:
            self.placing = None
        elif self.building_raid and self.keys:
            self.keys.pop()
        elif self.fixing:
            self.fixed_raid = None  # nothing left on the pad: the change is given up
        elif self.phase == "entry" and self.draft.touches:
            self.draft.undo()
        elif self.phase == "scoring" and self.choices is not None:
            self.choices = None
        else:
            return False
        self.message = ""  # what was refused no longer stands
        return True

    @property
    def can_take_back(self) -> bool:
        """Undo has something to take back: a key or a move."""
        counting = self.phase == "entry" and bool(self.draft.touches)
        entering = bool(self.keys) or self.correcting or self.choices is not None or counting
        return self.can_undo or entering
