"""One client cannot stop the table: with 1,000 idle long polls and 300 connections trickling their
headers held open against the server (gunicorn.conf.py, as bin/serve), time an unrelated action.

With --postgres URL (a server where the role may create databases, e.g. from bin/postgres-for-tests): one
game stalls no other. Another session holds game A's row (SELECT ... FOR UPDATE) for --hold seconds while
--actions changes to A wait on it; game B is read meanwhile, again and again: B's worst answer time, and how
A's changes were answered.

Usage: .venv/bin/python -m bench.stall [--waiting 1000] [--trickling 300] [-n 200]
       .venv/bin/python -m bench.stall --postgres URL [--hold 40] [--actions 40]
"""
from __future__ import annotations

import argparse
import json
import socket
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
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
    parser.add_argument("--postgres", help="a PostgreSQL server's URL: time game B while game A is locked")
    parser.add_argument("--hold", type=float, default=40, help="seconds A's row is held (with --postgres)")
    parser.add_argument("--actions", type=int, default=40, help="changes sent to A at once (with --postgres)")
    args = parser.parse_args()
    if args.postgres:
        locked_game(args.postgres, args.hold, args.actions)
    else:
        held_connections(args)


def held_connections(args: argparse.Namespace) -> None:
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
              "gunicorn.conf.py (one gevent worker), SQLite; a new connection per action")
        report("unrelated action, client side", times)
    finally:
        for sock in held:
            sock.close()
        stop_server(server)


def answered(request: urllib.request.Request | str) -> tuple[int, float, str]:
    """(status, seconds, Retry-After) of one request, whatever its status."""
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=300) as response:
            response.read()
            status, wait = response.status, response.headers.get("Retry-After", "")
    except urllib.error.HTTPError as error:
        error.read()
        status, wait = error.code, error.headers.get("Retry-After", "")
    return status, time.perf_counter() - started, wait


def locked_game(server_url: str, hold: float, actions: int) -> None:
    import psycopg

    from companion.config import sqlalchemy_url
    with psycopg.connect(server_url, autocommit=True) as admin:
        admin.execute("DROP DATABASE IF EXISTS companion_bench_stall WITH (FORCE)")
        admin.execute("CREATE DATABASE companion_bench_stall")
    url = server_url.rsplit("/", 1)[0] + "/companion_bench_stall"
    server, base = start_server(sqlalchemy_url(url), workers=2)
    try:
        game_a = post_json(f"{base}/api/games", {"kind": "mice_mystics", "setup": SETUP})["code"]
        game_b = post_json(f"{base}/api/games", {"kind": "mice_mystics", "setup": SETUP})["code"]
        lock = psycopg.connect(url)
        lock.execute("SELECT id FROM game WHERE code = %s FOR UPDATE", (game_a,))
        locked_at = time.monotonic()
        on_a: list[tuple[int, float, str]] = []

        def act_on_a() -> None:
            on_a.append(answered(urllib.request.Request(
                f"{base}/api/games/{game_a}/actions", method="POST", headers={"Content-Type": "application/json"},
                data=json.dumps({"action": "next_turn", "version": 0, "params": {}}).encode())))

        senders = [threading.Thread(target=act_on_a) for _ in range(actions)]
        for sender in senders:
            sender.start()
        on_b = []
        while time.monotonic() - locked_at < hold:
            on_b.append(answered(f"{base}/api/games/{game_b}"))
        lock.rollback()
        lock.close()
        for sender in senders:
            sender.join()
        print(f"game A's row held {hold:.0f} s by another session, {actions} changes to A sent at once; "
              "gunicorn.conf.py (2 gevent workers), PostgreSQL")
        report("reads of game B meanwhile, client side", [seconds for _, seconds, _ in on_b])
        print(f"  B answered: {dict(Counter(status for status, _, _ in on_b))}; "
              f"worst {max(seconds for _, seconds, _ in on_b):.2f} s", flush=True)
        report("changes to game A, client side", [seconds for _, seconds, _ in on_a])
        print(f"  A answered: {dict(Counter(status for status, _, _ in on_a))}; "
              f"Retry-After: {dict(Counter(wait for _, _, wait in on_a))}", flush=True)
    finally:
        stop_server(server)


if __name__ == "__main__":
    main()
