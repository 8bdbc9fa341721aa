"""Turn frozen dataclasses into JSON-ready data and back, exactly.

Actions, configs and states are frozen dataclasses built from plain values: ``int``,
``float``, ``str``, ``bool``, ``None``, enums, tuples (fixed or ``tuple[X, ...]``),
frozensets, ``dict`` with string keys and other such dataclasses. ``to_data`` writes
them as JSON types; ``from_data`` reads them back guided by the type hints, so a tuple
comes back a tuple and an enum an enum. Anything else is a programming error and raises
``TypeError`` at once rather than writing something that will not read back.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from typing import Any, TypeAlias, TypeVar, Union

JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"

T = TypeVar("T")


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
        raise ValueError(f"{data!r} fits none of {kind}: {'; '.join(errors)}")
    if origin is typing.Literal:
        if data not in args:
            raise ValueError(f"{data!r} is not one of {args}")
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
        try:
            return kind(data)
        except ValueError:
            raise ValueError(f"{data!r} is not a {kind.__name__}") from None
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass_from_data(kind, data)
    if kind is float:
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise ValueError(f"expected a number, got {data!r}")
        return float(data)
    if kind in (int, str, bool):
        # bool is a subclass of int: refuse True where a count is expected.
        if type(data) is not kind:
            raise ValueError(f"expected {kind.__name__}, got {data!r}")
        return data
    if kind is type(None):
        if data is not None:
            raise ValueError(f"expected nothing, got {data!r}")
        return None
    raise TypeError(f"cannot read values of type {kind!r}")


def _expect(data: Any, json_type: type, kind: Any) -> None:
    if not isinstance(data, json_type):
        raise ValueError(f"expected {kind}, got {data!r}")


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
        raise ValueError(f"{cls.__name__} has no field(s) {sorted(unknown)}")
    values = {name: from_data(fields[name], data[name]) for name in fields if name in data}
    try:
        return cls(**values)
    except TypeError as error:  # a required field is missing
        raise ValueError(f"{cls.__name__}: {error}") from None


class Saveable:
    """Mixin for frozen dataclasses (states, configs) that save themselves as JSON data."""

    def to_dict(self) -> JSON:
        return to_data(self)

    @classmethod
    def from_dict(cls, data: JSON) -> Any:
        return from_data(cls, data)
