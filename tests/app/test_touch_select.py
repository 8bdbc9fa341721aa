import pytest

from app.kit.touch_select import Path, TouchSelection

ACTIONS = ["place nisse on 2", "place nisse on 3", "power of nisse", "gambit"]


def path_of(action: str) -> Path:
    return {
        "place nisse on 2": (("verb", "command"), ("hand", "nisse"), ("tree", 2)),
        "place nisse on 3": (("verb", "command"), ("hand", "nisse"), ("tree", 3)),
        "power of nisse": (("verb", "command"), ("hand", "nisse"), ("choice", "power")),
        "gambit": (("verb", "gambit"),),
    }[action]


def test_touches_narrow_the_choice_until_one_action_is_complete() -> None:
    selection = TouchSelection(ACTIONS, path_of)
    assert selection.options() == {("verb", "command"), ("verb", "gambit")}
    assert selection.choose(("verb", "command")) is None
    assert selection.options() == {("hand", "nisse")}
    assert selection.choose(("hand", "nisse")) is None
    assert selection.options_of("tree") == {2, 3}
    assert selection.options_of("choice") == {"power"}
    assert selection.completed_by(("tree", 2)) == "place nisse on 2"
    assert selection.completed_by(("hand", "nisse")) is None
    assert selection.choose(("tree", 3)) == "place nisse on 3"


def test_a_one_touch_action_completes_at_once() -> None:
    assert TouchSelection(ACTIONS, path_of).choose(("verb", "gambit")) == "gambit"


def test_what_is_not_on_a_legal_path_cannot_be_touched() -> None:
    selection = TouchSelection(ACTIONS, path_of)
    selection.choose(("verb", "command"))
    with pytest.raises(ValueError, match="cannot be touched"):
        selection.choose(("tree", 2))
    assert selection.prefix == (("verb", "command"),)


def test_back_and_reset() -> None:
    selection = TouchSelection(ACTIONS, path_of)
    selection.choose(("verb", "command"))
    selection.choose(("hand", "nisse"))
    selection.back()
    assert selection.options() == {("hand", "nisse")}
    selection.reset()
    assert selection.prefix == ()


def test_ambiguous_paths_are_refused() -> None:
    with pytest.raises(ValueError, match="share one path"):
        TouchSelection(["a", "b"], lambda _action: (("verb", "x"),))
    with pytest.raises(ValueError, match="ends inside"):
        TouchSelection(
            ["a", "b"], lambda a: (("verb", "x"),) if a == "a" else (("verb", "x"), ("tree", 1))
        )
