"""50 tables x 4 devices live on one server for 60 s: errors, action latency, change-to-device latency.

Each device keeps its cookies (device id, session) as a browser does, so the server sees 200 devices,
not a new one per request.

gunicorn (2 worker processes x 128 threads, as bin/serve starts it) on SQLite. Each table has one
player acting every ~5 s (--pause) through the JSON API ("Next" in Mice and Mystics) and 4 devices that long
poll and fetch their panel whenever the game moves, as the pages do. Bounded in time; loopback only.
Usage: .venv/bin/python -m bench.load [--tables 50] [--devices 4] [--seconds 60]
"""
from __future__ import annotations

import argparse
import http.client
import json
import random
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from bench.stats import report
from bench.tap_latency import start_server

ROOT = Path(__file__).resolve().parent.parent
SETUP = {"mouse": ["collin", "lily", "nez", "filch"], "minion_type": ["rat_warriors"], "minion_count": [2]}


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.errors: list[str] = []
        self.actions: list[float] = []
        self.panels: list[float] = []
        self.seen: list[float] = []
        self.acted_at: dict[tuple[str, int], float] = {}

    def error(self, what: str) -> None:
        with self.lock:
            self.errors.append(what)


class Cookies:
    """A device's cookies (its device id and session), kept across requests as a browser keeps them."""

    def __init__(self):
        self.jar: dict[str, str] = {}

    def header(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.jar.items())} if self.jar else {}

    def keep(self, response) -> None:
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.jar[name.strip()] = rest.split(";", 1)[0]


def player(port, code, stats, stop, pause):
    version = 0
    cookies = Cookies()
    rng = random.Random(code)
    time.sleep(rng.random() * pause)
    while not stop.is_set():
        body = json.dumps({"action": "next_turn", "version": version, "params": {}})
        started = time.perf_counter()
        # A new connection per tap, as a phone that idled past the server's keep-alive would open.
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            conn.request("POST", f"/api/games/{code}/actions", body,
                         {"Content-Type": "application/json", **cookies.header()})
            response = conn.getresponse()
            data = json.loads(response.read())
            cookies.keep(response)
        except Exception as error:  # noqa: BLE001 - every failure is counted
            stats.error(f"action: {error!r}")
            continue
        finally:
            conn.close()
        elapsed = time.perf_counter() - started
        if response.status != 200:
            stats.error(f"action: HTTP {response.status}")
        else:
            version = data["version"]
            with stats.lock:
                stats.actions.append(elapsed)
                stats.acted_at[(code, version)] = started
        stop.wait(pause * (0.5 + rng.random()))


def device(port, code, stats, stop):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=40)
    cookies = Cookies()
    token = "0.0"
    while not stop.is_set():
        try:
            conn.request("GET", f"/g/{code}/live?v={token}&wait=10", headers=cookies.header())
            response = conn.getresponse()
            body = response.read()
            cookies.keep(response)
            if response.status == 204:
                continue
            if response.status != 200:
                stats.error(f"live: HTTP {response.status}")
                continue
            token = json.loads(body)["token"]
            now = time.perf_counter()
            started = time.perf_counter()
            conn.request("GET", f"/g/{code}", headers={"HX-Request": "true", **cookies.header()})
            panel = conn.getresponse()
            panel.read()
            cookies.keep(panel)
            if panel.status != 200:
                stats.error(f"panel: HTTP {panel.status}")
            with stats.lock:
                stats.panels.append(time.perf_counter() - started)
                acted = stats.acted_at.get((code, int(token.split(".")[0])))
                if acted is not None:
                    stats.seen.append(now - acted)
        except Exception as error:  # noqa: BLE001
            if not stop.is_set():
                stats.error(f"live: {error!r}")
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=40)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--port", type=int, default=5097)
    parser.add_argument("--pause", type=float, default=5.0, help="mean seconds between a table's actions")
    args = parser.parse_args()
    workdir = Path(tempfile.mkdtemp())
    access_log = workdir / "access.log"
    server = start_server(args.port, workdir, threads=128, access_log=access_log)
    stats, stop = Stats(), threading.Event()
    try:
        codes = []
        for _ in range(args.tables):
            request = urllib.request.Request(f"http://127.0.0.1:{args.port}/api/games", method="POST",
                                             data=json.dumps({"kind": "mice_mystics", "setup": SETUP}).encode(),
                                             headers={"Content-Type": "application/json"})
            codes.append(json.loads(urllib.request.urlopen(request).read())["code"])
        threads = [threading.Thread(target=device, args=(args.port, c, stats, stop), daemon=True)
                   for c in codes for _ in range(args.devices)]
        threads += [threading.Thread(target=player, args=(args.port, c, stats, stop, args.pause), daemon=True)
                    for c in codes]
        for t in threads:
            t.start()
        time.sleep(args.seconds)
        stop.set()
        time.sleep(1)
    finally:
        server.kill()
        server.wait(timeout=10)
    print(f"{args.tables} tables x {args.devices} devices for {args.seconds:.0f} s, one action per table every "
          f"~{args.pause:g} s; gunicorn 2 x 128 threads, SQLite; client threads in one process on the same 2 cores")
    print(f"errors: {len(stats.errors)}" + (f" (first: {stats.errors[:3]})" if stats.errors else ""))
    report("action via API (server + client)", stats.actions)
    report("panel fetch after a change", stats.panels)
    report("action started -> device heard of it", stats.seen)
    # The server's own time per request (gunicorn's access log), without the client's waits.
    server_times: dict[str, list[float]] = {"action": [], "panel": [], "live": []}
    for line in access_log.read_text().splitlines():
        method, path, _status, micros = line.split()
        what = ("action" if method == "POST" and path.endswith("/actions") else
                "live" if path.endswith("/live") else "panel" if method == "GET" and path.startswith("/g/") else None)
        if what:
            server_times[what].append(int(micros) / 1e6)
    report("server time: action (API)", server_times["action"])
    report("server time: panel fetch", server_times["panel"])


if __name__ == "__main__":
    main()
