"""What keeps the page's server standing on a network anyone at the house can reach:
the connection limits that uvicorn leaves to a proxy, and a rate limit.

uvicorn reads a request's head with h11, bounded in size (``MAX_HEAD_BYTES``: huge
headers are refused with 431/400), but it has no limit on how many connections stay
open, nor on how long a client may take to send its request: a client that trickles a
byte a second keeps its connection for ever (no "slowloris" defence, uvicorn issue
1192). ``GuardedH11`` adds both: at most ``MAX_CONNECTIONS`` in all and
``MAX_PER_CLIENT`` from one address (more are closed at once), and each connection
closed ``CONNECTION_LIFE_S`` after it opened (a request under way is answered first;
a browser opens a new one for its next request). ``Limits`` answers 431 to a request
whose head is over ``MAX_HEAD_BYTES`` however it arrived (h11 bounds only a head still
incomplete), and 429 to a client asking more than ``REQUESTS_A_SECOND`` on average
(bursts of ``BURST``)."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from typing import Any, ClassVar

from uvicorn.protocols.http.h11_impl import H11Protocol

MAX_HEAD_BYTES = 8 * 1024
MAX_CONNECTIONS = 64
MAX_PER_CLIENT = 8
CONNECTION_LIFE_S = 20.0
REQUESTS_A_SECOND = 10.0
BURST = 30.0
#: Clients whose request rate is remembered at most (the oldest forgotten first).
CLIENTS_KEPT = 1024


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a cap on connections and a life for each."""

    open_from: ClassVar[Counter[str]] = Counter()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._host = self.client[0] if self.client else ""
        self._counted = False
        self._life: asyncio.TimerHandle | None = None
        crowded = len(self.connections) > MAX_CONNECTIONS
        if crowded or self.open_from[self._host] >= MAX_PER_CLIENT:
            transport.close()
            return
        self.open_from[self._host] += 1
        self._counted = True
        self._life = self.loop.call_later(CONNECTION_LIFE_S, self.shutdown)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._life is not None:
            self._life.cancel()
        if self._counted:
            self.open_from[self._host] -= 1
            if not self.open_from[self._host]:
                del self.open_from[self._host]
            self._counted = False
        super().connection_lost(exc)


class Limits:
    """ASGI middleware: the head's size, and a token bucket per client address."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.buckets: dict[str, tuple[float, float]] = {}  # tokens, when last counted

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            head = len(scope["raw_path"]) + len(scope["query_string"])
            head += sum(len(name) + len(value) for name, value in scope["headers"])
            if head > MAX_HEAD_BYTES:
                await _refuse(send, 431, b"Request header fields too large.")
                return
            if not self._allowed(scope["client"][0] if scope.get("client") else ""):
                await _refuse(send, 429, b"Too many requests.", [(b"retry-after", b"1")])
                return
        await self.app(scope, receive, send)

    def _allowed(self, client: str) -> bool:
        now = time.monotonic()
        tokens, then = self.buckets.pop(client, (BURST, now))
        tokens = min(BURST, tokens + (now - then) * REQUESTS_A_SECOND)
        allowed = tokens >= 1
        self.buckets[client] = (tokens - 1 if allowed else tokens, now)  # newest last
        if len(self.buckets) > CLIENTS_KEPT:
            del self.buckets[next(iter(self.buckets))]
        return allowed


async def _refuse(
    send: Any, status: int, words: bytes, headers: list[tuple[bytes, bytes]] | None = None
) -> None:
    start = [(b"content-type", b"text/plain"), (b"connection", b"close"), *(headers or [])]
    await send({"type": "http.response.start", "status": status, "headers": start})
    await send({"type": "http.response.body", "body": words})
