"""Two devices tapping at once: exactly one change is applied, the others get 409."""
from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from tests.web.race_worker import race

ROOT = Path(__file__).resolve().parents[2]


def new_game(client) -> str:
    return client.post("/api/games", json={"kind": "counter", "setup": {"start": 0}}).get_json()["code"]


def outcome(client, code):
    game = client.get(f"/api/games/{code}").get_json()
    return game["version"], game["state"]["count"], len(client.get(f"/api/games/{code}/events").get_json())


def test_many_threads_same_action_same_version_apply_once(app, client):
    code = new_game(client)
    statuses = race(app, code, 0, 16, time.time() + 0.3)
    assert Counter(statuses) == {200: 1, 409: 15}
    assert outcome(client, code) == (1, 1, 1)


def test_two_processes_and_many_threads_apply_once(app, client, tmp_path):
    code = new_game(client)
    db_path = app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")
    start_at = time.time() + 3.0  # both processes are up and waiting before anyone taps
    procs = [subprocess.Popen([sys.executable, "-m", "tests.web.race_worker", db_path, code, "0", "8",
                               str(start_at)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
             for _ in range(2)]
    statuses = []
    for proc in procs:
        out, _ = proc.communicate(timeout=60)
        assert proc.returncode == 0
        statuses += json.loads(out.strip().splitlines()[-1])
    assert Counter(statuses) == {200: 1, 409: 15}
    assert outcome(client, code) == (1, 1, 1)
