"""Corrections by hand: one entry put right (a raid, an alms, an item of a final
collection) without undoing the ones after it, as logged, undoable, replayable actions;
confirmed scores reopened."""

import random
from dataclasses import replace

import pytest

from engines import chickwood
from engines.chickwood import (
    AddAlms,
    ChickwoodAction,
    Collection,
    Config,
    FixAlms,
    FixFinal,
    FixRaid,
    GiveAlms,
    Raid,
    Reopen,
    Score,
    State,
    apply,
    final_table,
    legal_actions,
    manual_edits,
    new_game,
    outcome,
    propose,
    scoreboard,
)
from engines.chickwood.corrections import CORRECTIONS, item_count
from engines.core import IllegalAction, Session
from tests.engines.table_accounts import account_problems

LAYOUT = ("village-1", "village-2", "village-3", "forest-1", "village-4", "village-5")
LAYOUT += ("village-6", "village-7", "forest-2")
GOLD = Collection.of(chests={"gold": 1})


def three_players(deck_size: int | None = None) -> State:
    """Ana (castle 1) raids first, then Bo (2), then Cy (3)."""
    config = Config(
        players=("Ana", "Bo", "Cy"), layout=LAYOUT, starting_castles=(1, 2, 3), deck_size=deck_size
    )
    return new_game(config)


def session_of(*actions: ChickwoodAction, deck_size: int | None = None) -> Session:
    state = three_players(deck_size)
    session = Session(chickwood, state.config)
    for action in actions:
        session.play(action)
    return session


def checked(session: Session, correction: ChickwoodAction) -> State:
    """Play a correction: the table is told every change, a resume rebuilds the same
    state, and undo restores the state before it. Returns the corrected state."""
    before = session.state
    after = session.play(correction)
    assert account_problems(chickwood, before, after) == []
    resumed = Session.replay(chickwood, session.config, session.seed, session.events)
    assert resumed.state == after
    assert session.undo() == before
    return session.play(correction)


FIRST_ROUND = (
    Raid("Ana", 4, GOLD, (2,)),
    GiveAlms("Ana", 0, 0),
    GiveAlms("Ana", 0, 1),
    Raid("Bo", 2, Collection.of(jewelry={"ring": 1})),
    Raid("Cy", 3, Collection(maids=1), (1,)),
    GiveAlms("Cy", 0, 0),
)


def test_corrections_are_never_legal_actions_but_are_listed_and_accepted() -> None:
    session = session_of(*FIRST_ROUND)
    edits = manual_edits(session.state)
    assert {type(edit) for edit in edits} >= {FixRaid, FixAlms, AddAlms}
    assert not any(isinstance(a, CORRECTIONS) for a in legal_actions(session.state))
    for edit in edits:
        apply(session.state, edit)


def test_a_corrected_raid_changes_that_raid_only_and_later_entries_stand() -> None:
    session = session_of(*FIRST_ROUND)
    before = session.state
    silver = Collection.of(chests={"silver": 2})
    after = checked(session, FixRaid(0, 4, silver, (2,)))
    assert after.raids[0].loot == silver and after.raids[1:] == before.raids[1:]
    assert after.players[0].loot == silver and after.players[0].castles == (1, 4)
    assert after.players[1:] == before.players[1:]
    assert after.grid == before.grid and after.placements == before.placements
    assert (after.round, after.turn, after.order, after.deck) == (
        before.round,
        before.turn,
        before.order,
        before.deck,
    )


def test_a_raid_corrected_to_another_castle_moves_it_on_the_pile_and_in_the_round() -> None:
    session = session_of(Raid("Ana", 4, GOLD), Raid("Bo", 2))
    after = checked(session, FixRaid(0, 3, GOLD))
    assert after.players[0].castles == (1, 3) and after.raided == (3, 2)
    with pytest.raises(IllegalAction, match="Castle 2 was raided by someone else"):
        apply(after, FixRaid(0, 2, GOLD))


def test_a_corrected_raid_still_respects_the_castle_limit_and_the_supply() -> None:
    state = session_of(Raid("Ana", 4, GOLD)).state
    with pytest.raises(IllegalAction, match="At most"):
        apply(state, FixRaid(0, 1, Collection.of(chests={"gold": 3})))
    with pytest.raises(IllegalAction, match="only 3 bust"):
        apply(state, FixRaid(0, 4, Collection(busts=4)))
    with pytest.raises(IllegalAction, match="no raid 2"):
        apply(state, FixRaid(1, 4))


def test_an_alms_moved_or_taken_off_leaves_the_others_in_order() -> None:
    session = session_of(*FIRST_ROUND)
    before = session.state
    # The village top left holds Ana's then Cy's alms: Ana's is taken off, Cy's moves up.
    assert before.grid.cells[0].owners == (0, 2)
    removed = checked(session, FixAlms(0))
    assert removed.grid.cells[0].owners == (2,)
    assert removed.grid.cells[1].owners == before.grid.cells[1].owners == (0,)
    assert removed.players[0].alms_given == 1 and removed.players[2].alms_given == 1
    assert [p.space for p in removed.placements] == [0, 0]
    moved = checked(session_of(*FIRST_ROUND), FixAlms(0, 1, 1))
    assert moved.grid.cells[4].owners == (0,) and moved.grid.cells[0].owners == (2,)
    assert moved.players[0].alms_given == 2 and moved.placements[0].cell == 4


def test_an_alms_never_entered_can_be_added() -> None:
    session = session_of(*FIRST_ROUND)
    after = checked(session, AddAlms("Bo", 2, 1))
    assert after.grid.cells[7].owners == (1,) and after.players[1].alms_given == 1
    with pytest.raises(IllegalAction, match="takes no alms"):
        apply(after, AddAlms("Bo", 1, 0))


def test_an_alms_of_the_snake_being_laid_is_for_undo() -> None:
    state = session_of(Raid("Ana", 4, benefactors=(3,)), GiveAlms("Ana", 0, 0)).state
    assert state.phase == "alms"
    with pytest.raises(IllegalAction, match="being given now"):
        apply(state, FixAlms(0))
    with pytest.raises(IllegalAction, match="giving the alms of this raid now"):
        apply(state, FixRaid(0, 4, benefactors=(1,)))
    assert apply(state, FixRaid(0, 4, GOLD, (3,))).players[0].loot == GOLD


def scored_quick_game() -> Session:
    config = Config(players=("Ana", "Bo"), quick=True)
    session = Session(chickwood, config)
    table = chickwood.rounds.blank_table(session.state)
    ana = replace(table.players[0], loot=Collection.of(chests={"gold": 3}), castles=(4,))
    bo = replace(table.players[1], loot=Collection(henchmen=1), castles=(2, 5))
    session.play(chickwood.EnterFinal(table.with_players(ana, bo)))
    session.play(Score(propose(final_table(session.state))))
    return session


def test_a_confirmed_final_count_is_reopened_by_a_correction_and_scored_again() -> None:
    session = scored_quick_game()
    assert outcome(session.state) is not None
    after = checked(session, FixFinal("Ana", "chest:gold", 2))
    assert outcome(after) is None and after.phase == "scoring"
    assert item_count(final_table(after), "Ana", "chest:gold") == 2
    board = scoreboard(after)
    assert board is not None and board.player("Ana").points("Chests") == 4
    assert final_table(after).player("Bo") == final_table(session.state).player("Bo")
    rescored = session.play(Score(propose(final_table(after))))
    assert outcome(rescored) is not None


def test_final_items_castles_and_villages_are_counts_too() -> None:
    session = scored_quick_game()
    after = checked(session, FixFinal("Bo", "castle:5", 0))
    assert final_table(after).player("Bo").castles == (2,)
    after = checked(session, FixFinal("Bo", "castle:6", 2))
    assert final_table(after).player("Bo").castles == (2, 6, 6)
    village = final_table(after).villages[0].profile.card
    after = checked(session, FixFinal("Ana", f"village:{village}", 2))
    assert final_table(after).villages[0].owners == ("Ana", "Ana")
    with pytest.raises(IllegalAction, match="only 7 gold chest"):
        apply(after, FixFinal("Ana", "chest:gold", 8))
    with pytest.raises(IllegalAction, match="no kind of loot card"):
        apply(after, FixFinal("Ana", "chest:brass", 1))


def test_reopen_takes_the_choices_back() -> None:
    session = scored_quick_game()
    after = checked(session, Reopen())
    assert after.phase == "scoring" and after.choices is None and outcome(after) is None
    with pytest.raises(IllegalAction, match="nothing to reopen"):
        apply(after, Reopen())


def test_a_tracked_game_over_is_reopened_by_a_raid_correction() -> None:
    session = session_of(deck_size=30)
    chooser = random.Random(3)
    while session.state.phase not in ("scoring", "over"):
        session.play(chooser.choice(legal_actions(session.state)))
    session.play(legal_actions(session.state)[0])
    assert outcome(session.state) is not None
    after = checked(session, FixRaid(0, session.state.raids[0].castle, GOLD))
    assert after.phase == "scoring" and outcome(after) is None
    assert final_table(after).player(after.players[after.raids[0].seat].name).loot.chests[0] >= 1


@pytest.mark.parametrize("seed", range(8))
def test_random_corrections_in_seeded_games_stay_accounted_for_and_the_game_goes_on(
    seed: int,
) -> None:
    """Corrections interleaved with random play: every step told both ways, the log
    replays to the same state, and play goes on to a confirmed score."""
    chooser = random.Random(seed)
    players = ("Ana", "Bo", "Cy", "Dag", "Eve")[: 2 + seed % 4]
    config = Config(players=players, legendary=seed % 2 == 0, deck_size=40, quick=seed == 7)
    session = Session(chickwood, config, seed)
    corrections = 0
    for _ in range(3000):
        state = session.state
        edits = manual_edits(state) if chooser.random() < 0.25 else []
        if edits:
            action: ChickwoodAction = chooser.choice(edits)
            corrections += 1
        elif state.phase == "over":
            break
        else:
            action = chooser.choice(legal_actions(state))
        after = session.play(action)
        assert account_problems(chickwood, state, after) == []
    assert session.state.phase == "over" and corrections > 0
    resumed = Session.replay(chickwood, config, seed, session.events)
    assert resumed.state == session.state


# --- RULINGS C5 and actions without effect -------------------------------------------------


def test_maid_marihen_counts_the_types_left_after_the_busts() -> None:
    """RULINGS C5, worked: gold and silver chests, an armor, two busts, Maid Marihen. The
    first bust discards the gold chest (gold and silver tie: the first type), the second
    the silver one; Maid Marihen then sees one treasure type, the armor: +1, not +3."""
    loot = Collection.of(chests={"gold": 1, "silver": 1}, garments={"armor": 1}, maids=1, busts=2)
    lines = {line.category: line for line in chickwood.scoring.loot_lines(loot)}
    assert lines["Busts"].detail == "2 busts: discard one gold chest, then one silver chest"
    assert lines["Chests"].points == 0
    assert lines["Maid Marihen"].points == 1


def test_a_raid_taking_nothing_and_benefactors_with_an_empty_store_are_recorded() -> None:
    """Moves the rulebook allows whose effect is empty are accepted and logged."""
    state = apply(three_players(), Raid("Ana", 4))
    assert state.raids[-1].loot == Collection() and state.seat == 1
    bo = replace(state.players[1], alms_given=15)  # Bo's store is empty
    state = replace(state, players=(state.players[0], bo, state.players[2]))
    state = apply(state, Raid("Bo", 2, benefactors=(3,)))
    assert state.raids[-1].benefactors == (3,) and state.phase == "raid" and state.seat == 2


def test_a_card_changed_into_another_is_one_correction_of_the_same_sort() -> None:
    from engines.chickwood import ChangeFinal
    from engines.chickwood.corrections import final_items

    session = scored_quick_game()
    after = checked(session, ChangeFinal("Ana", "chest:gold", "garment:cloak"))
    assert final_table(after).player("Ana").loot == Collection.of(
        chests={"gold": 2}, garments={"cloak": 1}
    )
    assert after.phase == "scoring" and outcome(after) is None  # reopened
    after = checked(session, ChangeFinal("Bo", "castle:5", "castle:6"))
    assert final_table(after).player("Bo").castles == (2, 6)
    with pytest.raises(IllegalAction, match="A card changes into a card"):
        apply(after, ChangeFinal("Bo", "henchmen", "castle:3"))
    with pytest.raises(IllegalAction, match="holds no rings"):
        apply(after, ChangeFinal("Bo", "jewelry:ring", "busts"))
    # Only what this game can hold: no Legendary card without the variant.
    assert not any(item.startswith("legendary:") for item in final_items(after))
