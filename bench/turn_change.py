"""A turn change at a full table: three seated phones and a tablet, until the tablet shows it.

Mice and Mystics with four mice; three phones (headless Chromium contexts, 390×844) each hold a mouse's
seat, the tablet (1280×800) shows the game page without one. Each round the phone whose moment it is
(its seat banner says so; otherwise the tablet, just watching, for the fourth mouse or the minions: another
seat's phone would first have to open "Act for …") presses "Next";
timed until the tablet shows the new version, and until every device does. Every device follows the game
on its own event stream, as at a table: the change reaches four pages at once, each of its own view.
Also timed in the pages (one clock for all contexts): the phone's click event to the tablet's panel
swapped in, split at the panel's arrival in the tablet (its htmx:beforeSwap): before it the server and
the network, after it the tablet's own work to put the panel in. The server is gunicorn as bin/serve
runs it (one gevent worker) on a fresh SQLite file.

Usage: .venv/bin/python -m bench.turn_change [-n 40]
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from bench.stats import report
from bench.tap_latency import CHROMIUM_ARGS, TIMES, new_game, start_server

PHONE, TABLET = {"width": 390, "height": 844}, {"width": 1280, "height": 800}
NEXT = "form:has(input[name=action][value=next_turn]) button"
# When a panel reached the page, on the same clock as TIMES: the stream's event, about to be swapped in.
ARRIVED = """
document.addEventListener("htmx:beforeSwap", function () {
  window.tapTimes.arrived = performance.timeOrigin + performance.now();
});
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=40, help="turn changes to time")
    parser.add_argument("--port", type=int, help="where to serve (default: a free port)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, base = start_server(Path(tempfile.mkdtemp()), args.port)
    try:
        url = f"{base}/g/{new_game(base)}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            phones = [browser.new_context(viewport=PHONE).new_page() for _ in range(3)]
            tablet = browser.new_context(viewport=TABLET).new_page()
            for page in (*phones, tablet):
                page.add_init_script(TIMES)
                page.add_init_script(ARRIVED)
                page.goto(url)
            seats = phones[0].locator("#who input[name=seat]").evaluate_all("inputs => inputs.map(i => i.value)")
            for page, seat in zip(phones, seats):  # each answers "Who is this phone?" with a seat of its own
                page.locator(f'#who form:has(input[name=seat][value="{seat}"]) button').click()
                page.wait_for_selector(".seat-banner")
            tablet.get_by_role("button", name="Just watching").click()
            tablet.wait_for_selector("#who", state="detached")
            to_tablet, to_all, in_pages, to_arrival, arrival_to_swap = [], [], [], [], []
            for _ in range(args.n):
                version = int(tablet.get_attribute("#game-panel", "data-version"))
                for page in (*phones, tablet):
                    page.wait_for_selector(f'#game-panel[data-version="{version}"]')
                tablet.wait_for_timeout(150)  # every device idle on its stream, as at a table
                acting = next((p for p in phones if p.locator(".seat-banner.now").count()), tablet)
                box = acting.locator(NEXT).bounding_box()
                started = time.perf_counter()
                acting.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                shown = f'#game-panel[data-version="{version + 1}"]'
                tablet.wait_for_selector(shown, timeout=10_000)
                to_tablet.append(time.perf_counter() - started)
                for page in phones:
                    page.wait_for_selector(shown, timeout=10_000)
                to_all.append(time.perf_counter() - started)
                clicked = acting.evaluate("tapTimes.click")
                arrived, swapped = tablet.evaluate("[tapTimes.arrived, tapTimes.swapped]")
                in_pages.append((swapped - clicked) / 1000)
                to_arrival.append((arrived - clicked) / 1000)
                arrival_to_swap.append((swapped - arrived) / 1000)
            browser.close()
        print("gunicorn.conf.py (one gevent worker), SQLite; Chromium headless: 3 seated phones and a tablet")
        report("turn change -> shown on the tablet", to_tablet)
        report("turn change -> shown on all four devices", to_all)
        report("in the pages: click -> tablet's panel swapped", in_pages)
        report("  of it: click -> the panel arrived in the tablet", to_arrival)
        report("  of it: arrived -> swapped in", arrival_to_swap)
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
