"""How near the framework floor a Mice and Mystics Next could come by drawing alone (issue 43): the Next timed as
it is, then with the kind's template drawn once and its text reused (a Next that drew it for nothing), then with all
its drawing reused (the kind's template and the panel around it), each alternated with bench.floor's app in one
process. Say what a faster drawing could win at most; the texts reused are stale, so no answer is checked.
Usage: .venv/bin/python -m bench.drawing_bound [-n 300] [--rounds 3]
"""
from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from bench.calls import app_actions
from bench.floor import time_floor
from bench.stats import percentile
from companion.web import games


def reusing(kind_template: bool, panel_block: bool) -> tuple[Callable[..., str], Callable[..., str]]:
    """games.draw_template and games.draw_block that draw once, then give back what they drew (if asked to)."""
    draw_template, draw_block = games.draw_template, games.draw_block
    kept: dict[str, str] = {}

    def template(name: str, **context: Any) -> str:
        if not (kind_template and "template" in kept):
            kept["template"] = draw_template(name, **context)
        return kept["template"]

    def block(name: str, block_name: str, **context: Any) -> str:
        if not (panel_block and "block" in kept):
            kept["block"] = draw_block(name, block_name, **context)
        return kept["block"]
    return template, block


def time_nexts(n: int, kind_template: bool, panel_block: bool) -> list[float]:
    real = games.draw_template, games.draw_block
    games.draw_template, games.draw_block = reusing(kind_template, panel_block)
    try:
        run, _app = app_actions("mice_mystics")
        run(0, 20)
        times = []
        for version in range(20, 20 + n):
            started = time.perf_counter()
            run(version, version + 1)
            times.append(time.perf_counter() - started)
        return times
    finally:
        games.draw_template, games.draw_block = real


VARIANTS = {"Next, as it is": (False, False), "Next, the kind's template reused": (True, False),
            "Next, all its drawing reused": (True, True)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=300, help="requests of each in each round")
    parser.add_argument("--rounds", type=int, default=3, help="all timed alternately this many times")
    args = parser.parse_args()
    times: dict[str, list[float]] = {"floor": []}
    for _ in range(args.rounds):  # alternated, so that the machine's other load falls on all alike
        times["floor"] += time_floor(args.n)
        for name, (kind_template, panel_block) in VARIANTS.items():
            times.setdefault(name, []).extend(time_nexts(args.n, kind_template, panel_block))
    floor = percentile(times["floor"], 50)
    for name, taken in times.items():
        print(f"{name:36} p50 {percentile(taken, 50) * 1000:6.2f} ms  ×{percentile(taken, 50) / floor:.2f} the floor")


if __name__ == "__main__":
    main()
