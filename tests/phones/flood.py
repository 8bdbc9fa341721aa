"""A hostile phone for the tests: ``python -m tests.phones.flood PORT`` floods the page's
server from another process (as another device would) with requests, bad paths and
methods, huge heads and slow half-sent requests, until its standard input closes; then
says how many it sent."""

from __future__ import annotations

import socket
import sys
import threading
import time


def _hammer(port: int, going: threading.Event, counts: list[int]) -> None:
    requests = (
        b"GET /P/NOTATOKEN/state.json HTTP/1.1\r\nHost: t\r\n\r\n",
        b"POST /P/X HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello",
        b"GET /../../etc/passwd HTTP/1.1\r\nHost: t\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: t\r\nX-Big: " + b"a" * 30000 + b"\r\n\r\n",
        b"BREW /pot HTCPCP/1.0\r\n\r\n",
    )
    n = 0
    while going.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
                s.sendall(requests[n % len(requests)])
                s.recv(256)
        except OSError:
            pass
        n += 1
    counts.append(n)


def _slow(port: int, going: threading.Event) -> None:
    held = []
    for _ in range(40):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=2)
            s.sendall(b"GET /P/")
            held.append(s)
        except OSError:
            pass
    while going.is_set():
        time.sleep(0.2)
    for s in held:
        s.close()


def main() -> None:
    port = int(sys.argv[1])
    going = threading.Event()
    going.set()
    counts: list[int] = []
    threads = [threading.Thread(target=_hammer, args=(port, going, counts)) for _ in range(4)]
    threads.append(threading.Thread(target=_slow, args=(port, going)))
    for thread in threads:
        thread.start()
    sys.stdin.read()  # until the test closes it
    going.clear()
    for thread in threads:
        thread.join()
    print(sum(counts), flush=True)


if __name__ == "__main__":
    main()
