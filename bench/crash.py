"""Nothing acknowledged is ever lost: SIGKILL the server (master and workers) at random moments while
devices act, start it again, and check every acknowledged action and the database's integrity.

The server runs as bin/serve runs it (gunicorn.conf.py, one gevent worker) on SQLite. Client threads act
on their own tables through the JSON API; an action counts as acknowledged when its 200 arrived. After
the last kill: each game's history must hold every acknowledged version with the label it was answered
with, versions without gaps, and `PRAGMA integrity_check` must say ok.

Usage: .venv/bin/python -m bench.crash [--kills 20] [--tables 8]
"""
from __future__ import annotations

import argparse
import http.client
import json
import random
import sqlite3
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from companion.serving import kill_server, start_server

SETUP = {"mouse": ["collin", "lily"], "minion_type": ["rat_warriors"], "minion_count": [2]}


def post(url: str, body: dict, timeout: float = 5) -> tuple[int, dict]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, {}


def player(state: dict, code: str, acknowledged: dict, stop: threading.Event) -> None:
    version = 0
    while not stop.is_set():
        try:
            status, game = post(f"{state['base']}/api/games/{code}/actions",
                                {"action": "next_turn", "version": version, "params": {}})
        except (OSError, http.client.HTTPException):  # the server died this moment: try again
            time.sleep(0.05)
            continue
        if status == 200:
            version = game["version"]
            acknowledged[code].append(version)
        elif status == 409:  # an answer lost in the kill may still have been applied: ask where it is
            try:
                with urllib.request.urlopen(f"{state['base']}/api/games/{code}", timeout=5) as response:
                    version = json.loads(response.read())["version"]
            except (OSError, http.client.HTTPException):
                time.sleep(0.05)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--tables", type=int, default=8)
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp())
    database = workdir / "crash.db"
    env = {"NEW_GAME_LIMIT": "1000 per hour"}
    server, base = start_server(f"sqlite:///{database}", env=env)
    port = int(base.rsplit(":", 1)[1])  # each restart serves the same address
    state = {"base": base}
    codes = [post(f"{base}/api/games", {"kind": "mice_mystics", "setup": SETUP})[1]["code"] for _ in range(args.tables)]
    acknowledged: dict[str, list[int]] = {code: [] for code in codes}
    stop = threading.Event()
    threads = [threading.Thread(target=player, args=(state, code, acknowledged, stop), daemon=True) for code in codes]
    for thread in threads:
        thread.start()
    rng = random.Random()
    try:
        for _ in range(args.kills):
            time.sleep(rng.uniform(0.3, 1.5))
            kill_server(server)
            server, _ = start_server(f"sqlite:///{database}", port=port, env=env, migrate=False)
        time.sleep(1)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=10)
        kill_server(server)
    connection = sqlite3.connect(database)
    integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
    lost, gaps, total = 0, 0, sum(len(v) for v in acknowledged.values())
    for code in codes:
        game_id, version = connection.execute("SELECT id, version FROM game WHERE code = ?", (code,)).fetchone()
        seqs = [r[0] for r in connection.execute("SELECT seq FROM event WHERE game_id = ? ORDER BY seq", (game_id,))]
        gaps += seqs != list(range(1, version + 1))
        lost += sum(1 for v in acknowledged[code] if v > version or v not in seqs)
    print(f"{args.kills} SIGKILLs of the master and its worker during actions on {args.tables} tables "
          f"(gunicorn.conf.py, SQLite)")
    print(f"acknowledged actions: {total}; lost: {lost}; games with a gap in their history: {gaps}; "
          f"integrity_check: {integrity}")


if __name__ == "__main__":
    main()
