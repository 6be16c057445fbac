"""Server time of one action and of a "nothing changed" live-update request, SQLite, in-process."""
from __future__ import annotations

import argparse
import re
import tempfile
import time
from pathlib import Path

from bench.stats import report
from companion.live import collector
from tests.conftest import make_app

HTMX = {"HX-Request": "true"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=1000, help="actions to time")
    args = parser.parse_args()
    results, poll_times = time_requests(args.n)
    print(f"SQLite, in-process WSGI, {args.n} actions per game")
    for name, times in results:
        report(f"action: {name}", times)
    report("live update, nothing changed (204)", poll_times)


def time_requests(n: int) -> tuple[list[tuple[str, list[float]]], list[float]]:
    """Seconds of each of `n` actions per game, and of 3n "nothing changed" live updates."""
    app = make_app(Path(tempfile.mkdtemp()) / "bench.db")
    client = app.test_client()
    html = client.get("/").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    games = {
        "the test counter (+1/-1)": ("/new/counter", {"start": "0"},
                                     lambda i: {"action": "add", "n": "1" if i % 2 == 0 else "-1"}),
        "Mice and Mystics: Next": ("/new/mice_mystics", {"mouse[]": ["collin", "lily", "nez", "filch"],
                                                         "minion_type[]": ["rat_warriors"], "minion_count[]": ["3"]},
                                   lambda i: {"action": "next_turn"}),
    }
    collector.settle()  # as a server worker does once the app is loaded (gunicorn.conf.py)
    results = []
    for name, (path, setup, action) in games.items():
        url = client.post(path, data={"csrf_token": token, **setup}).headers["Location"]
        client.get(url)
        version, times = 0, []
        for i in range(n):
            started = time.perf_counter()
            response = client.post(url + "/act", headers=HTMX,
                                   data={"csrf_token": token, "version": str(version), **action(i)})
            times.append(time.perf_counter() - started)
            assert response.status_code == 200, response.status_code
            version += 1
        results.append((name, times))

    poll_times = []
    for _ in range(n * 3):
        started = time.perf_counter()
        response = client.get(f"{url}/live?v={version}&wait=0")
        poll_times.append(time.perf_counter() - started)
        assert response.status_code == 204
    return results, poll_times


if __name__ == "__main__":
    main()
