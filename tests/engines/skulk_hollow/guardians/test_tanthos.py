from dataclasses import replace

from engines.skulk_hollow import rules
from engines.skulk_hollow.actions import (
    ChooseAction,
    ChooseLocation,
    ChooseSpace,
    ChooseUnit,
    Move,
    PlayCard,
)
from engines.skulk_hollow.geometry import Direction
from engines.skulk_hollow.state import State
from tests.engines.skulk_hollow.builders import (
    game,
    guardian_turn,
    leader,
    place,
    run,
    unit,
    wounds,
)


def tanthos_at(space: str, *hand: str, roots: tuple[str, ...] = ("lair",)) -> State:
    state = replace(game("tanthos"), guardian_space=space, roots=roots)
    return guardian_turn(state, hand=hand)


def test_setup_puts_one_root_in_lair() -> None:
    assert game("tanthos").roots == ("lair",)


def test_shock_hits_attached_heroes_or_those_in_its_space() -> None:
    state = place(
        tanthos_at("clearing", "jolt"),
        leader(space="keep"),
        unit("sentinel", location="crush"),
        unit("archer_1", "clearing"),
        unit("knight_1", "town_mill"),
    )
    state = run(state, PlayCard("jolt"), ChooseAction("shock"))
    assert set(rules.legal_actions(state)) == {ChooseUnit("sentinel"), ChooseUnit("archer_1")}


def test_tunnel_needs_an_empty_space() -> None:
    state = place(tanthos_at("clearing", "spread"), leader(space="keep"), unit("sentinel", "farm"))
    state = run(state, PlayCard("spread"), ChooseAction("tunnel"))
    spaces = {a.space for a in rules.legal_actions(state) if isinstance(a, ChooseSpace)}
    assert spaces == {"town_mill", "town_well", "mine", "forest_shrine", "forest_swamp"}
    state = run(state, ChooseSpace("mine"))
    assert state.roots == ("lair", "mine")


def test_crush_resolves_each_root_separately() -> None:
    state = place(
        tanthos_at("lair", "grind", roots=("mine", "mine", "keep")),
        leader(space="keep"),
        unit("sentinel", "mine"),
        unit("knight_1", "farm"),
    )
    state = run(state, PlayCard("grind"), ChooseAction("crush"))
    assert state.unit("sentinel").wounds == 2
    assert state.unit("king_of_war").wounds == 1  # alone in KEEP: not banded
    assert state.unit("knight_1").wounds == 0


def test_crush_spares_the_banded_leader() -> None:
    state = place(
        tanthos_at("lair", "grind", roots=("keep",)),
        leader(space="keep"),
        unit("sentinel", "keep"),
    )
    state = run(state, PlayCard("grind"), ChooseAction("crush"))
    assert state.unit("king_of_war").wounds == 0 and state.unit("sentinel").wounds == 1


def test_pull_drags_a_surrounding_hero_to_a_root() -> None:
    state = place(
        tanthos_at("clearing", "entangle", roots=("lair", "mine")),
        leader(space="keep"),
        unit("sentinel", "town_mill"),
    )
    state = run(state, PlayCard("entangle"), ChooseAction("pull"))
    assert set(rules.legal_actions(state)) == {ChooseUnit("sentinel"), ChooseUnit("king_of_war")}
    state = run(state, ChooseUnit("sentinel"))
    assert set(rules.legal_actions(state)) == {ChooseSpace("lair"), ChooseSpace("mine")}
    state = run(state, ChooseSpace("mine"))
    assert state.unit("sentinel").space == "mine"


def test_move_can_shift_a_root_instead() -> None:
    state = tanthos_at("clearing", "creep", roots=("lair",))
    state = run(state, PlayCard("creep"), ChooseAction("move"))
    assert set(rules.legal_actions(state)) == {ChooseUnit("guardian"), ChooseSpace("lair")}
    state = run(state, ChooseSpace("lair"), Move(Direction.UP))
    assert state.roots == ("clearing",) and state.guardian_space == "clearing"


def test_heroes_destroy_roots_with_melee_or_missile() -> None:
    base = place(
        replace(game("tanthos"), roots=("keep", "mine")),
        leader(space="keep"),
        unit("archer_1", "forest_shrine"),
    )
    state = run(base, PlayCard("strike"), ChooseAction("melee"), ChooseUnit("king_of_war"))
    assert rules.legal_actions(state) == [ChooseSpace("keep")]
    state = run(state, ChooseSpace("keep"))
    assert state.roots == ("mine",)
    state = run(base, PlayCard("strike"), ChooseAction("missile"), ChooseUnit("archer_1"))
    assert ChooseSpace("mine") in rules.legal_actions(state)
    assert run(state, ChooseSpace("mine")).roots == ("keep",)


def test_mend_heals_any_location() -> None:
    state = wounds(tanthos_at("lair", "regrow"), tunnel_left=2)
    state = run(state, PlayCard("regrow"), ChooseAction("mend"), ChooseLocation("tunnel_left"))
    assert sum(state.guardian_wounds) == 1


def test_six_roots_on_the_map_win() -> None:
    roots = ("lair", "mine", "farm", "keep", "forest_shrine")
    state = place(tanthos_at("lair", "spread", roots=roots), leader(space="clearing"))
    state = run(state, PlayCard("spread"), ChooseAction("tunnel"), ChooseSpace("town_mill"))
    result = rules.outcome(state)
    assert result is not None and (result.result, result.cause) == ("lost", "tanthos_roots")
