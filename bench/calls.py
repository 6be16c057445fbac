"""Function calls per action inside the app (Python and C calls, counted by sys.setprofile), beside the framework
floor's (bench.floor's app): a figure the machine's other load does not move, for comparing two versions of the code
on a busy machine. Times are bench.floor's; this says where they go. `--by-part` splits a Mice and Mystics Next into
drawing the kind's template, the panel around it, the store's part and the rest.
Usage: .venv/bin/python -m bench.calls [-n 100] [--by-part]
"""
from __future__ import annotations

import argparse
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flask

from bench.floor import floor_app
from companion.live import collector
from companion.storage import store
from companion.web import games
from tests.conftest import make_app

HTMX = {"HX-Request": "true"}


class CallCounter:
    """Calls made while a part runs, by part: "app" inside any Flask app's WSGI call, or a finer named part."""

    def __init__(self) -> None:
        self.counts: Counter = Counter()
        self.parts = ["client"]

    def wrap(self, owner: Any, name: str, part: str) -> None:
        real = getattr(owner, name)

        def counted(*args, **kwargs):
            self.parts.append(part)
            try:
                return real(*args, **kwargs)
            finally:
                self.parts.pop()
        setattr(owner, name, counted)

    def profile(self, _frame, event: str, _arg) -> None:
        if event in ("call", "c_call"):
            self.counts[self.parts[-1]] += 1

    def count(self, run: Callable[[], None]) -> None:
        sys.setprofile(self.profile)
        try:
            run()
        finally:
            sys.setprofile(None)


def app_actions(kind: str) -> tuple[Callable[[int, int], None], Any]:
    """(post actions a..b of a fresh game of `kind`, the app)."""
    app = make_app(Path(tempfile.mkdtemp()) / "bench.db")
    client = app.test_client()
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/").get_data(as_text=True)).group(1)
    setup, action = {
        "counter": ({"start": "0"}, lambda i: {"action": "add", "n": "1" if i % 2 == 0 else "-1"}),
        "mice_mystics": ({"mouse[]": ["collin", "lily", "nez", "filch"], "minion_type[]": ["rat_warriors"],
                          "minion_count[]": ["3"]}, lambda i: {"action": "next_turn"}),
    }[kind]
    url = client.post(f"/new/{kind}", data={"csrf_token": token, **setup}).headers["Location"]
    client.get(url)
    collector.settle()

    def run(first: int, last: int) -> None:
        for version in range(first, last):
            answer = client.post(url + "/act", headers=HTMX,
                                 data={"csrf_token": token, "version": str(version), **action(version)})
            assert answer.status_code == 200, answer.status_code
    return run, app


def floor_actions() -> Callable[[int, int], None]:
    app, game_id = floor_app(Path(tempfile.mkdtemp()) / "floor.db")
    client = app.test_client()

    def run(first: int, last: int) -> None:
        for version in range(first, last):
            assert client.post(f"/g/{game_id}/act", data={"version": str(version)}).status_code == 200
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=100, help="actions counted (after 50 not counted)")
    parser.add_argument("--by-part", action="store_true", help="split a Mice and Mystics Next into its parts")
    args = parser.parse_args()
    counter = CallCounter()
    counter.wrap(flask.Flask, "wsgi_app", "app")
    figures = {}
    runs = {"floor: Flask + Flask-SQLAlchemy": floor_actions(), "the test counter (+1/-1)": app_actions("counter")[0]}
    if args.by_part:
        for owner, name, part in ((games, "draw_template", "the kind's template"),
                                  (games, "draw_block", "the panel block"),
                                  (games, "game_context", "the drawing's context"),
                                  (store, "page_action", "the store")):
            counter.wrap(owner, name, part)
    runs["Mice and Mystics: Next"] = app_actions("mice_mystics")[0]
    for name, run in runs.items():
        run(0, 50)
        counter.counts.clear()
        counter.count(lambda run=run: run(50, 50 + args.n))
        figures[name] = {part: n / args.n for part, n in counter.counts.items()}
    floor = figures["floor: Flask + Flask-SQLAlchemy"]["app"]
    print(f"calls per action inside the app (sys.setprofile), {args.n} actions each")
    for name, parts in figures.items():
        inside = sum(n for part, n in parts.items() if part != "client")
        print(f"{name:40} {inside:8.0f}  ×{inside / floor:.2f} the floor")
        if args.by_part and name.startswith("Mice"):
            for part, n in sorted(parts.items(), key=lambda item: -item[1]):
                if part != "client":
                    print(f"  {part if part != 'app' else 'the rest (request, rules, answer)':38} {n:8.0f}")


if __name__ == "__main__":
    main()
