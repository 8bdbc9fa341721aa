"""``dataclasses.replace`` without its cost where it does nothing but copy.

The engines make a new state for every step, and look-ahead makes millions: Python's own
``replace`` reads the class's fields and calls ``__init__`` each time, about half the
cost of replaying a saved Skoventyr game. For a dataclass that ``__init__`` only stores (no
``__post_init__``, every field set by it, nothing cached on the instance), copying the
fields and putting the changes in gives the same object; anything else falls back to
``dataclasses.replace``."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, TypeVar

T = TypeVar("T")


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of the dataclass instance ``obj`` with ``changes`` (the same as
    ``dataclasses.replace``, TypeError for a name that is not a field)."""
    names = _plain_fields(type(obj))  # type: ignore[arg-type]
    if names is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    if not names.issuperset(changes):
        unknown = ", ".join(sorted(set(changes) - names))
        raise TypeError(f"{type(obj).__name__} has no field {unknown}")
    copy = object.__new__(type(obj))
    held = obj.__dict__
    copy.__dict__.update({name: held[name] for name in names}, **changes)
    return copy


@functools.cache  # a class is hashable, whatever mypy makes of type[T]
def _plain_fields(cls: type) -> frozenset[str] | None:
    """The field names of a dataclass whose ``__init__`` only stores them; None for any
    other class."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__"):
        return None
    if "__slots__" in cls.__dict__ or any(
        isinstance(value, functools.cached_property)
        for klass in cls.__mro__
        for value in vars(klass).values()
    ):
        return None
    fields = dataclasses.fields(cls)
    if not all(field.init for field in fields):
        return None
    return frozenset(field.name for field in fields)
