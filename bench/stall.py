"""One client cannot stop the table: with 1,000 idle long polls and 300 connections trickling their
headers held open against the server (gunicorn.conf.py, as bin/serve), time an unrelated action.

Usage: .venv/bin/python -m bench.stall [--waiting 1000] [--trickling 300] [-n 200]
"""
from __future__ import annotations

import argparse
import json
import socket
import tempfile
import time
import urllib.request
from pathlib import Path

import sqlalchemy as sa

from bench.stats import report
from companion.serving import start_server, stop_server

SETUP = {"mouse": ["collin", "lily"], "minion_type": ["rat_warriors"], "minion_count": [2]}


def post_json(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def connect(port: int, n: int) -> socket.socket:
    sock = socket.socket()
    sock.bind((f"127.0.{1 + n // 200}.{2 + n % 200}", 0))
    sock.connect(("127.0.0.1", port))
    return sock


def wait_until_present(database: Path, devices: int) -> None:
    """Each waiting device is noted present after it took its place (written in batches)."""
    engine = sa.create_engine(f"sqlite:///{database}")
    try:
        for _ in range(3000):
            with engine.connect() as connection:
                if connection.execute(sa.text("SELECT count(*) FROM presence")).scalar() >= devices:
                    return
            time.sleep(0.02)
        raise SystemExit("the waiting devices never all arrived")
    finally:
        engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--waiting", type=int, default=1000)
    parser.add_argument("--trickling", type=int, default=300)
    parser.add_argument("-n", type=int, default=200, help="actions to time")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp())
    server, base = start_server(f"sqlite:///{workdir / 'stall.db'}", env={"LIVE_WAIT_SECONDS": "60"})
    port = int(base.rsplit(":", 1)[1])
    held: list[socket.socket] = []
    try:
        waited_on = post_json(f"{base}/api/games", {"kind": "mice_mystics", "setup": SETUP})["code"]
        played = post_json(f"{base}/api/games", {"kind": "mice_mystics", "setup": SETUP})["code"]
        for n in range(args.waiting):
            sock = connect(port, n)
            sock.sendall(f"GET /g/{waited_on}/live?v=0.0&wait=60 HTTP/1.1\r\nHost: table\r\n\r\n".encode())
            held.append(sock)
        started_trickle = time.monotonic()
        trickling = [connect(port, n) for n in range(args.trickling)]
        for sock in trickling:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: tab")
        held += trickling
        wait_until_present(workdir / "stall.db", args.waiting)  # every device has taken its place
        times, version = [], 0
        for _ in range(args.n):
            # Keep the trickle going, one byte now and then, as a slow-loris client would.
            if time.monotonic() - started_trickle < 4:
                for sock in trickling:
                    sock.sendall(b"l")
            started = time.perf_counter()
            version = post_json(f"{base}/api/games/{played}/actions",
                                {"action": "next_turn", "version": version, "params": {}})["version"]
            times.append(time.perf_counter() - started)
        print(f"{args.waiting} idle long polls + {args.trickling} trickling connections held; "
              "gunicorn.conf.py (2 gevent workers), SQLite; a new connection per action")
        report("unrelated action, client side", times)
    finally:
        for sock in held:
            sock.close()
        stop_server(server)


if __name__ == "__main__":
    main()
