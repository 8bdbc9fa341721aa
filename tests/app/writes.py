"""Something done after each write a store commits (a transaction and the writes inside it
count as one): a copy of the file taken, a count kept. Taken inside a write that holds
more than one change (a move and the app's die roll), a copy would wait on it for ever."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from app.storage.store import Store


def after_each_write(store: Store, then: Callable[[], object]) -> None:
    """Call ``then`` once each outermost write of ``store`` has committed."""
    depth = [0]
    writing = store._writing

    @contextmanager
    def watched() -> Iterator[None]:
        depth[0] += 1
        try:
            with writing():
                yield
        finally:
            depth[0] -= 1
        if depth[0] == 0:
            then()

    store._writing = watched  # type: ignore[method-assign]
