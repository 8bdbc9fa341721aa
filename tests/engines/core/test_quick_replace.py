"""The engines' quick ``replace`` gives what ``dataclasses.replace`` gives."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Any

import pytest

from engines.core.quick_replace import replace
from engines.skoventyr import rules as skoventyr
from engines.skoventyr.config import Config


@dataclass(frozen=True)
class Plain:
    a: int
    b: tuple[int, ...] = ()


@dataclass(frozen=True)
class Checked:
    a: int

    def __post_init__(self) -> None:
        if self.a < 0:
            raise ValueError("negative")


@dataclass(frozen=True)
class Cached:
    a: int

    @functools.cached_property
    def double(self) -> int:
        return self.a * 2


@dataclass(frozen=True)
class Derived:
    a: int
    twice: int = field(init=False, default=0)


def test_a_plain_copy_equals_the_standard_one_and_leaves_the_original() -> None:
    before = Plain(1, (2,))
    after = replace(before, b=(3,))
    assert after == dataclasses.replace(before, b=(3,)) == Plain(1, (3,))
    assert before == Plain(1, (2,)) and type(after) is Plain
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.a = 5  # type: ignore[misc]


def test_an_unknown_field_is_refused() -> None:
    with pytest.raises(TypeError, match="no field c"):
        replace(Plain(1), c=2)


def test_a_class_whose_init_does_more_takes_the_standard_way() -> None:
    with pytest.raises(ValueError, match="negative"):
        replace(Checked(1), a=-1)  # __post_init__ still runs
    cached = Cached(2)
    assert cached.double == 4
    assert replace(cached, a=5).double == 10  # the cached value is not carried over
    with pytest.raises(ValueError):
        replace(Derived(1), twice=3)  # as dataclasses.replace: init=False is not replaced


def test_a_whole_game_state_copies_as_the_standard_way_does() -> None:
    state = skoventyr.new_game(Config(players=1), seed=3)
    changes: dict[str, Any] = {"prompt": "changed", "future": state.future[1:]}
    assert replace(state, **changes) == dataclasses.replace(state, **changes)
