"""Server time of one action and of a "nothing changed" live-update request, SQLite, in-process."""
from __future__ import annotations

import argparse
import re
import tempfile
import time
from pathlib import Path

from bench.stats import report
from tests.conftest import make_app

HTMX = {"HX-Request": "true"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=1000, help="actions to time")
    args = parser.parse_args()
    app = make_app(Path(tempfile.mkdtemp()) / "bench.db")
    client = app.test_client()
    html = client.get("/").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    url = client.post("/new/counter", data={"csrf_token": token, "start": "0"}).headers["Location"]
    client.get(url)

    version, action_times = 0, []
    for i in range(args.n):
        n = "1" if i % 2 == 0 else "-1"
        started = time.perf_counter()
        response = client.post(url + "/act", headers=HTMX,
                               data={"csrf_token": token, "version": str(version), "action": "add", "n": n})
        action_times.append(time.perf_counter() - started)
        assert response.status_code == 200, response.status_code
        version += 1

    poll_times = []
    for _ in range(args.n * 3):
        started = time.perf_counter()
        response = client.get(f"{url}/live?v={version}&wait=0")
        poll_times.append(time.perf_counter() - started)
        assert response.status_code == 204

    print(f"SQLite, in-process WSGI, history of {version} events")
    report("action (apply + save + render fragment)", action_times)
    report("live update, nothing changed (204)", poll_times)


if __name__ == "__main__":
    main()
