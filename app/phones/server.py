"""The page's server: ``python -m app.phones.server FOLDER [--port N] [--parent PID]``.

Its own process, so the table's window never waits for a phone: uvicorn serving a
Starlette app that only reads FOLDER (app.phones.folder) and its own page files, and
answers GET (and HEAD) alone, nothing a phone can change. Only the token in the
folder's page opens it; once the app writes a page without one (the game was left) or
stops the server (the setting turned off), no address answers. It writes where it
listens into the folder, and ends when the app that started it (``--parent``) has gone.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import secrets
import socket
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from app.phones import folder as F
from app.phones.guard import MAX_HEAD_BYTES, GuardedH11, Limits

#: The page's own files, the only ones it serves besides the folder's.
PAGE_FILES = Path(__file__).with_name("page")
ASSETS = {"page.js": "text/javascript", "page.css": "text/css"}
DEFAULT_PORT = 8765
HEADERS = {
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "content-security-policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
}
CLOSED = (
    "This game's page has closed. Scan the code on the table's screen again (Phones at the table)."
)


def make_app(folder: Path) -> Starlette:
    """The page's routes, reading ``folder``."""

    def current_page(request: Request) -> dict[str, Any] | None:
        page = F.read_json(folder / F.PAGE)
        token = page.get("token") if isinstance(page, dict) else None
        asked = request.path_params["token"]
        if not isinstance(token, str) or not secrets.compare_digest(asked, token):
            return None
        assert isinstance(page, dict)
        return page

    async def page(request: Request) -> Response:
        if current_page(request) is None:
            return PlainTextResponse(CLOSED, 404, headers=HEADERS)
        return FileResponse(PAGE_FILES / "index.html", media_type="text/html", headers=HEADERS)

    async def state(request: Request) -> Response:
        found = current_page(request)
        if found is None:
            return JSONResponse({"closed": CLOSED}, 404, headers=HEADERS)
        found = {key: value for key, value in found.items() if key != "token"}
        return JSONResponse(found, headers=HEADERS)

    async def kept_file(request: Request) -> Response:
        served = F.SERVED.get(request.path_params["name"])
        if current_page(request) is None or served is None:
            return PlainTextResponse(CLOSED, 404, headers=HEADERS)
        name, media = served
        if not (folder / name).is_file():
            return PlainTextResponse("Not ready yet: the game has not ended.", 404, headers=HEADERS)
        download = {"content-disposition": f'attachment; filename="{name}"'}
        return FileResponse(folder / name, media_type=media, headers={**HEADERS, **download})

    def asset(name: str) -> Route:
        async def send(_request: Request) -> Response:
            return FileResponse(PAGE_FILES / name, media_type=ASSETS[name], headers=HEADERS)

        return Route(f"/{name}", send)

    routes = [
        Route("/P/{token}", page),
        Route("/P/{token}/state.json", state),
        Route("/P/{token}/{name}", kept_file),
        *(asset(name) for name in ASSETS),
    ]
    app = Starlette(routes=routes)
    app.add_middleware(Limits)
    return app


def local_addresses() -> list[str]:
    """The addresses a phone on the same network reaches this machine at: the one its
    default route leaves from (a UDP socket's connect sends nothing), else loopback."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached
        found: str = probe.getsockname()[0]
    except OSError:
        found = "127.0.0.1"
    finally:
        probe.close()
    return [found]


def serve(folder: Path, port: int, host: str = "0.0.0.0", parent: int | None = None) -> None:
    """Listen on ``port`` (0: any free one) until stopped, or until ``parent`` has gone."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    config = uvicorn.Config(
        make_app(folder),
        http=GuardedH11,
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
        timeout_keep_alive=5,
        lifespan="off",
        ws="none",
        loop="asyncio",
        proxy_headers=False,
        server_header=False,
        access_log=False,
        log_level="warning",
    )
    server = uvicorn.Server(config)
    # Listening before the address is written: a phone (or the app) that reads it is
    # queued until uvicorn serves, never refused in between.
    listener.listen(config.backlog)
    F.write_json(
        folder / F.ADDRESS,
        {"port": listener.getsockname()[1], "addresses": local_addresses(), "pid": os.getpid()},
    )

    async def run() -> None:
        if parent is not None:
            asyncio.get_running_loop().create_task(_until_gone(parent, server))
        await server.serve(sockets=[listener])

    asyncio.run(run())


async def _until_gone(parent: int, server: uvicorn.Server) -> None:
    """Stop the server once the app that started it has ended (even by a kill)."""
    while os.getppid() == parent:
        await asyncio.sleep(1)
    server.should_exit = True


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m app.phones.server", description=__doc__)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--parent", type=int, default=None)
    args = parser.parse_args(argv)
    serve(args.folder, args.port, args.host, args.parent)


if __name__ == "__main__":
    main()
