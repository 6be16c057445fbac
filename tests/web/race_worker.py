"""One process of the concurrency test: many threads post the same action at one instant.

Usage: python -m tests.web.race_worker DB_PATH CODE VERSION THREADS START_AT
Prints the HTTP statuses, one JSON list on one line.
"""
from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path


def race(app, code: str, version: int, threads: int, start_at: float) -> list[int]:
    statuses: list[int] = []
    lock = threading.Lock()

    def tap() -> None:
        client = app.test_client()
        while time.time() < start_at:
            time.sleep(0.0005)
        response = client.post(f"/api/games/{code}/actions",
                               json={"action": "add", "version": version, "params": {"n": 1}})
        with lock:
            statuses.append(response.status_code)

    workers = [threading.Thread(target=tap) for _ in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return statuses


if __name__ == "__main__":
    from tests.conftest import make_app
    db_path, code, version, threads, start_at = sys.argv[1:6]
    app = make_app(Path(db_path))
    print(json.dumps(race(app, code, int(version), int(threads), float(start_at))))
