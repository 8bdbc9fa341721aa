"""Turn frozen dataclasses into JSON-ready data and back, exactly.

Actions, configs and states are frozen dataclasses built from plain values: ``int``,
``float``, ``str``, ``bool``, ``None``, enums, tuples (fixed or ``tuple[X, ...]``),
frozensets, ``dict`` with string keys and other such dataclasses. ``to_data`` writes
them as JSON types; ``from_data`` reads them back guided by the type hints, so a tuple
comes back a tuple and an enum an enum. Anything else is a programming error and raises
``TypeError`` at once rather than writing something that will not read back.

Reading is a trust boundary: the data come from disk or from an imported file, so
``from_data`` raises only ``ValueError`` for any JSON value at all, and its messages
quote the data cut short (``quote``): a 100,000-character or 5,000-deep value still makes
a short message.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import reprlib
import types
import typing
from typing import Any, TypeAlias, TypeVar, Union

JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"

T = TypeVar("T")

#: How long a quoted value or a whole message about saved data may be.
QUOTE_LIMIT = 60
MESSAGE_LIMIT = 300


class _ShortRepr(reprlib.Repr):
    """``reprlib`` cuts long strings and containers and stops a few levels deep; an int
    too long to print (Python refuses past 4,300 digits) is described instead."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<a number of {x.bit_length() * 3 // 10} digits or so>"
        return super().repr_int(x, level)


_SHORT_REPR = _ShortRepr()
_SHORT_REPR.maxlevel = 3
_SHORT_REPR.maxstring = 40
_SHORT_REPR.maxother = 40


def shorten(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut short, for a message quoting data read from a file."""
    return shorten(_SHORT_REPR.repr(value), limit)


def to_data(value: Any) -> JSON:
    """A JSON-ready copy of ``value``."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return to_data(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_data(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [to_data(item) for item in value]
    if isinstance(value, frozenset):
        return sorted((to_data(item) for item in value), key=repr)
    if isinstance(value, dict):
        if not all(isinstance(key, str) for key in value):
            raise TypeError(f"dictionary keys must be strings to be saved: {value!r}")
        return {key: to_data(item) for key, item in value.items()}
    raise TypeError(f"cannot save a {type(value).__name__}: {value!r}")


def from_data(kind: Any, data: Any) -> Any:
    """Rebuild a value of type ``kind`` from what ``to_data`` wrote.

    Raises ``ValueError`` when the data do not fit the type, so a damaged log or data
    file is reported instead of producing a half-built state.
    """
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if kind is Any:
        return data
    if origin in (Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        errors = []
        for option in (a for a in args if a is not type(None)):
            try:
                return from_data(option, data)
            except ValueError as error:
                errors.append(str(error))
        raise ValueError(shorten(f"{quote(data)} fits none of {kind}: {'; '.join(errors)}"))
    if origin is typing.Literal:
        # By type as well as value: True == 1, and a Literal[1] must not take True.
        if not any(type(data) is type(arg) and data == arg for arg in args):
            raise ValueError(f"{quote(data)} is not one of {args}")
        return data
    if origin is tuple:
        _expect(data, list, kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], item) for item in data)
        if len(args) != len(data):
            raise ValueError(f"expected {len(args)} items for {kind}, got {len(data)}")
        return tuple(from_data(a, item) for a, item in zip(args, data, strict=True))
    if origin is frozenset:
        _expect(data, list, kind)
        return frozenset(from_data(args[0], item) for item in data)
    if origin is dict:
        _expect(data, dict, kind)
        return {str(key): from_data(args[1], item) for key, item in data.items()}
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        # Enum values are strings or numbers; the lookup would hash a list (TypeError)
        # and quote a deep one whole (RecursionError), so other data stop here.
        if not isinstance(data, (str, int, float)) or isinstance(data, bool):
            raise ValueError(f"{quote(data)} is not a {kind.__name__}")
        try:
            return kind(data)
        except ValueError:
            raise ValueError(f"{quote(data)} is not a {kind.__name__}") from None
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass_from_data(kind, data)
    if kind is float:
        return _number(data)
    if kind in (int, str, bool):
        # bool is a subclass of int: refuse True where a count is expected.
        if type(data) is not kind:
            raise ValueError(f"expected {kind.__name__}, got {quote(data)}")
        return data
    if kind is type(None):
        if data is not None:
            raise ValueError(f"expected nothing, got {quote(data)}")
        return None
    raise TypeError(f"cannot read values of type {kind!r}")


def _expect(data: Any, json_type: type, kind: Any) -> None:
    if not isinstance(data, json_type):
        raise ValueError(f"expected {kind}, got {quote(data)}")


def _number(data: Any) -> float:
    """A finite float: an int too large for a float, NaN or infinity is refused."""
    if isinstance(data, bool) or not isinstance(data, (int, float)):
        raise ValueError(f"expected a number, got {quote(data)}")
    try:
        number = float(data)
    except OverflowError:
        raise ValueError(f"{quote(data)} is too large a number") from None
    if not math.isfinite(number):
        raise ValueError(f"expected a number, got {quote(data)}")
    return number


_FIELD_TYPES: dict[type, dict[str, Any]] = {}


def _field_types(cls: type) -> dict[str, Any]:
    """The init fields of a dataclass and their resolved types (cached: hints are slow)."""
    if cls not in _FIELD_TYPES:
        hints = typing.get_type_hints(cls)
        _FIELD_TYPES[cls] = {f.name: hints[f.name] for f in dataclasses.fields(cls) if f.init}
    return _FIELD_TYPES[cls]


def _dataclass_from_data(cls: type[T], data: Any) -> T:
    _expect(data, dict, cls.__name__)
    fields = _field_types(cls)
    unknown = set(data) - set(fields)
    if unknown:
        raise ValueError(f"{cls.__name__} has no field(s) {quote(sorted(unknown))}")
    values = {name: from_data(fields[name], data[name]) for name in fields if name in data}
    try:
        return cls(**values)
    except TypeError as error:  # a required field is missing
        raise ValueError(shorten(f"{cls.__name__}: {error}")) from None
    except ValueError as error:  # the class's own checks, which may quote what they read
        if len(str(error)) <= MESSAGE_LIMIT:
            raise
        raise ValueError(shorten(str(error))) from None


class Saveable:
    """Mixin for frozen dataclasses (states, configs) that save themselves as JSON data."""

    def to_dict(self) -> JSON:
        return to_data(self)

    @classmethod
    def from_dict(cls, data: JSON) -> Any:
        return from_data(cls, data)
