"""A client that sends a game file slowly, as the issue's attack did: a 1 MB /api/import at 14 KB/s,
against the server as bin/serve runs it (gunicorn.conf.py, default BODY_READ_SECONDS). Prints what the
server answered, after how long, and how much of the body had been sent by then.

Usage: .venv/bin/python -m bench.slow_body [--megabytes 1] [--rate 14]
"""
from __future__ import annotations

import argparse
import json
import selectors
import socket
import tempfile
import time
import urllib.request
from pathlib import Path

from companion.serving import start_server, stop_server

SETUP = {"mouse": ["collin", "lily"], "minion_type": ["rat_warriors"], "minion_count": [2]}
PIECE = 1024


def game_file(base: str, size: int) -> bytes:
    """A valid export of a new game, padded with spaces to `size` bytes."""
    request = urllib.request.Request(f"{base}/api/games", data=json.dumps({"kind": "mice_mystics", "setup": SETUP})
                                     .encode(), method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        code = json.loads(response.read())["code"]
    with urllib.request.urlopen(f"{base}/api/games/{code}/export", timeout=60) as response:
        exported = response.read().rstrip()
    return exported[:-1] + b" " * (size - len(exported)) + b"}"


def trickle(port: int, body: bytes, rate: float) -> tuple[float, int, bytes]:
    """Send `body` at `rate` bytes a second until the server answers or closes: (seconds, bytes sent, answer)."""
    sock = socket.create_connection(("127.0.0.1", port))
    sock.sendall(f"POST /api/import HTTP/1.1\r\nHost: table\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(body)}\r\n\r\n".encode())
    start, sent, answer = time.monotonic(), 0, b""
    with selectors.DefaultSelector() as selector:
        selector.register(sock, selectors.EVENT_READ)
        try:
            while True:
                due = start + sent / rate
                if sent < len(body) and time.monotonic() >= due:
                    sock.sendall(body[sent:sent + PIECE])
                    sent += len(body[sent:sent + PIECE])
                    continue
                if selector.select(max(0.0, due - time.monotonic()) if sent < len(body) else 120):
                    answer = sock.recv(65536)
                    break
        except (BrokenPipeError, ConnectionResetError):
            pass
    sock.close()
    return time.monotonic() - start, sent, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--megabytes", type=float, default=1.0)
    parser.add_argument("--rate", type=float, default=14.0, help="KB a second")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp())
    server, base = start_server(f"sqlite:///{workdir / 'slow_body.db'}")
    try:
        body = game_file(base, int(args.megabytes * 1_000_000))
        seconds, sent, answer = trickle(int(base.rsplit(":", 1)[1]), body, args.rate * 1000)
    finally:
        stop_server(server)
    status = answer.split(b"\r\n", 1)[0].decode(errors="replace") or "(connection closed)"
    print(f"{len(body):,} bytes at {args.rate:g} KB/s: {status} after {seconds:.1f} s, "
          f"{sent:,} bytes ({sent / len(body):.0%}) sent by then")


if __name__ == "__main__":
    main()
