"""The phones' page server (app.phones.server) as a hostile house network would meet it:
only the current token answers, GET alone, nothing outside its own files, and floods,
huge heads and slow clients refused or cut off while everyone else is still served."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.phones import folder as F
from app.phones.guard import MAX_HEAD_BYTES, MAX_PER_CLIENT

TOKEN = "A" * 26


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Path, int]]:
    """The server in its own process, on a free port, over ``tmp_path``."""
    F.write_json(tmp_path / F.PAGE, {"token": TOKEN, "version": 1, "game": "Skogen"})
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "app.phones.server",
            str(tmp_path),
            "--port",
            "0",
            "--host",
            "127.0.0.1",
        ]
    )
    try:
        deadline = time.monotonic() + 20
        while not (tmp_path / F.ADDRESS).exists():
            assert time.monotonic() < deadline and child.poll() is None, "the server never started"
            time.sleep(0.05)
        port = F.read_json(tmp_path / F.ADDRESS)["port"]
        _until_answering(port)
        yield tmp_path, port
    finally:
        child.send_signal(signal.SIGTERM)
        child.wait(timeout=10)


def _until_answering(port: int) -> None:
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert time.monotonic() < deadline
            time.sleep(0.05)


def get(port: int, path: str, method: str = "GET", source: str = "127.0.0.1") -> tuple[int, bytes]:
    """One request from ``source`` (another loopback address is another phone)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0)) as s:
        s.sendall(f"{method} {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    status = int(answer.split(b" ", 2)[1])
    return status, answer.partition(b"\r\n\r\n")[2]


def test_only_the_current_token_opens_the_page_and_nothing_can_be_changed(
    server: tuple[Path, int],
) -> None:
    folder, port = server
    status, body = get(port, f"/P/{TOKEN}/state.json")
    assert status == 200 and json.loads(body)["game"] == "Skogen"
    assert "token" not in json.loads(body)  # the page never repeats its own key
    assert get(port, f"/P/{TOKEN}")[0] == 200
    assert get(port, f"/P/{'B' * 26}/state.json")[0] == 404
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        assert get(port, f"/P/{TOKEN}/state.json", method)[0] == 405
    for path in (
        f"/P/{TOKEN}/page.json",
        f"/P/{TOKEN}/..%2Fpage.json",
        "/etc/passwd",
        f"/P/{TOKEN}/../../address.json",
        "/address.json",
    ):
        assert get(port, path)[0] == 404, path
    F.write_json(folder / F.PAGE, {"version": 2})  # the game was left
    assert get(port, f"/P/{TOKEN}/state.json")[0] == 404


def test_a_huge_head_is_refused_and_a_flood_is_slowed_while_another_phone_is_served(
    server: tuple[Path, int],
) -> None:
    _folder, port = server
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        big = "a" * (MAX_HEAD_BYTES * 3)
        s.sendall(f"GET /P/{TOKEN} HTTP/1.1\r\nHost: t\r\nX-Big: {big}\r\n\r\n".encode())
        assert int(s.recv(1024).split(b" ", 2)[1]) in (400, 431)
    flood = [get(port, f"/P/{TOKEN}/state.json")[0] for _ in range(80)]
    assert 429 in flood and flood[0] == 200
    assert get(port, f"/P/{TOKEN}/state.json", source="127.0.0.2")[0] == 200


def test_slow_clients_are_cut_off_and_never_crowd_out_the_others(
    server: tuple[Path, int],
) -> None:
    _folder, port = server
    slow = []
    for _ in range(MAX_PER_CLIENT * 3):  # each sends half a request, and waits
        s = socket.create_connection(
            ("127.0.0.1", port), timeout=5, source_address=("127.0.0.3", 0)
        )
        s.sendall(b"GET /P/")
        slow.append(s)
    try:
        assert get(port, f"/P/{TOKEN}/state.json", source="127.0.0.4")[0] == 200
        # Past one address's share, connections are closed as they are taken.
        deadline, open_ = time.monotonic() + 20, list(slow)
        while len(open_) > MAX_PER_CLIENT:
            assert time.monotonic() < deadline, f"{len(open_)} of one address still open"
            open_ = [s for s in open_ if not _closed(s)]
    finally:
        for s in slow:
            s.close()


def _closed(s: socket.socket) -> bool:
    """Whether the server has closed ``s`` (an end of file, or a reset: it closed with
    the half request unread)."""
    s.settimeout(0.2)
    try:
        return s.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_the_server_ends_with_the_app_that_started_it(tmp_path: Path) -> None:
    """Started with ``--parent`` by a process that then dies (a kill, a crash)."""
    F.write_json(tmp_path / F.PAGE, {"version": 1})
    starter = subprocess.Popen(
        [
            sys.executable,
            "-c",
            (
                "import subprocess, sys, os, time; "
                "p = subprocess.Popen([sys.executable, '-m', 'app.phones.server', "
                f"{str(tmp_path)!r}, "
                "'--port', '0', '--host', '127.0.0.1', '--parent', str(os.getpid())]); "
                "print(p.pid, flush=True); time.sleep(60)"
            ),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert starter.stdout is not None
    server_pid = int(starter.stdout.readline())
    deadline = time.monotonic() + 20
    while not (tmp_path / F.ADDRESS).exists():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    starter.kill()
    starter.wait()
    deadline = time.monotonic() + 10
    while _alive(server_pid):
        assert time.monotonic() < deadline, "the server outlived the app"
        time.sleep(0.1)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (reaped by nobody here) has ended
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False
