"""Read the component data files (``data/*.toml``) and check them with clear errors."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from engines.chickwood.village import CardProfile, Row
from engines.core.data_files import read_toml
from engines.core.serial import quote

DATA = Path(__file__).parent / "data"
STATUSES = ("assumed", "printed", "owner")


class DataError(ValueError):
    """A data file that can't be used; the message says which file, entry and value."""


def _whole(value: Any, where: str, what: str, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise DataError(
            f"{where}: {what} must be a whole number of at least {least}, not {quote(value)}."
        )
    return value


def parse_cards(data: object, source: str = "villages.toml") -> tuple[CardProfile, ...]:
    """Village and forest cards from parsed TOML ``data`` (a ``card`` array of tables)."""
    entries = data.get("card") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not entries:
        raise DataError(f"{source}: expected a list of [[card]] entries.")
    cards: list[CardProfile] = []
    for number, entry in enumerate(entries, start=1):
        where = f"{source}, card {number}"
        if not isinstance(entry, dict):
            raise DataError(f"{where}: expected a table.")
        unknown = set(entry) - {"card", "forest", "rows", "in_two_player", "status"}
        if unknown:
            raise DataError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}.")
        name = entry.get("card")
        if not isinstance(name, str) or not name:
            raise DataError(f"{where}: 'card' must be the card's name.")
        where = f"{source}, card {quote(name)}"
        status = entry.get("status", "assumed")
        if status not in STATUSES:
            raise DataError(f"{where}: 'status' must be one of {', '.join(STATUSES)}.")
        forest = entry.get("forest", False)
        two = entry.get("in_two_player", True)
        if not isinstance(forest, bool) or not isinstance(two, bool):
            raise DataError(f"{where}: 'forest' and 'in_two_player' must be true or false.")
        raw_rows = entry.get("rows", [])
        if not isinstance(raw_rows, list):
            raise DataError(f"{where}: 'rows' must be a list of rows.")
        if forest and raw_rows:
            raise DataError(f"{where}: a forest has no rows.")
        if not forest and not raw_rows:
            raise DataError(f"{where}: a village needs at least one row.")
        rows: list[Row] = []
        for row_number, raw in enumerate(raw_rows, start=1):
            at = f"{where}, row {row_number}"
            if not isinstance(raw, dict) or set(raw) - {"spaces", "glory"}:
                raise DataError(f"{at}: a row is {{ spaces = N, glory = G }} (glory optional).")
            spaces = _whole(raw.get("spaces"), at, "'spaces'", 1)
            glory = raw.get("glory")
            rows.append(Row(spaces, None if glory is None else _whole(glory, at, "'glory'", 0)))
        cards.append(CardProfile(name, forest, tuple(rows), two, status))
    names = [card.card for card in cards]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise DataError(f"{source}: card {quote(duplicates[0])} is listed twice.")
    return tuple(cards)


def parse_deck_sizes(data: dict[str, Any], source: str = "deck.toml") -> dict[int, int]:
    sizes = data.get("size")
    if not isinstance(sizes, dict):
        raise DataError(f"{source}: expected a [size] table of players = cards.")
    result: dict[int, int] = {}
    for players in (2, 3, 4, 5):
        if str(players) not in sizes:
            raise DataError(f"{source}: [size] has no entry for {players} players.")
        result[players] = _whole(sizes[str(players)], source, f"size for {players} players", 1)
    return result


@cache
def default_cards() -> tuple[CardProfile, ...]:
    """The shipped village and forest cards (values assumed; see villages.toml)."""
    return parse_cards(read_toml(DATA / "villages.toml", DataError))


@cache
def _deck_sizes() -> dict[int, int]:
    return parse_deck_sizes(read_toml(DATA / "deck.toml", DataError))


def default_deck_size(players: int, legendary: bool = False) -> int:
    """Loot cards in the deck before the first deal (assumed; see deck.toml)."""
    return _deck_sizes()[players] + (1 if legendary else 0)
