"""A tap on one device until another device shows it: two Chromium contexts, gunicorn with one worker.

The phone presses the Mice and Mystics "Next" button; the tablet, which only long-polls, must show
the new version without reload. The server is one process: the phone's commit wakes the tablet's waiting
request there.

The tap is a mouse press and release at the button's place (Playwright's `mouse.click`, straight to
Chromium's input, without `click()`'s checks that the button is visible, stable and enabled, ~20 ms).
Also timed in the pages themselves (the same clock for both contexts): from the phone's click event to
the tablet's panel swapped in (htmx:afterSwap) and to the tablet's next frame after it (shown), without
Playwright's own time to tap and to notice.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

from bench.stats import report
from companion import serving

# Each page notes, on the same clock, when a click happened and when its panel was last swapped in.
TIMES = """
window.tapTimes = {};
document.addEventListener("click", function () {
  window.tapTimes.click = performance.timeOrigin + performance.now();
}, true);
document.addEventListener("htmx:afterSwap", function () {
  window.tapTimes.swapped = performance.timeOrigin + performance.now();
  requestAnimationFrame(function () { window.tapTimes.shown = performance.timeOrigin + performance.now(); });
});
"""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def start_server(workdir: Path, port: int | None = None, access_log: Path | None = None, env: dict | None = None
                 ) -> tuple[subprocess.Popen, str]:
    """gunicorn as bin/serve runs it (gunicorn.conf.py, one gevent worker) on a fresh SQLite file, on `port` or
    one the kernel gives it, `env` added to its environment: (process, base URL)."""
    return serving.start_server(f"sqlite:///{workdir / 'bench.db'}", port=port, access_log=access_log, env=env)


def new_game(base: str) -> str:
    body = json.dumps({"kind": "mice_mystics", "setup": {
        "mouse": ["collin", "lily", "nez", "filch"], "minion_type": ["rat_warriors"], "minion_count": [2]}})
    request = urllib.request.Request(base + "/api/games", data=body.encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())["code"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-n", type=int, default=40, help="taps to time")
    parser.add_argument("--port", type=int, help="where to serve (default: a free port)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    workdir = Path(tempfile.mkdtemp())
    server, base = start_server(workdir, args.port)
    try:
        url = f"{base}/g/{new_game(base)}"
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            tablet = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            phone.add_init_script(TIMES)
            tablet.add_init_script(TIMES)
            phone.goto(url)
            tablet.goto(url)
            next_button = 'form:has(input[name=action][value=next_turn]) button'
            latencies, in_pages, shown = [], [], []
            for _ in range(args.n):
                version = int(phone.get_attribute("#game-panel", "data-version"))
                tablet.wait_for_timeout(150)  # the tablet is idle, waiting on its event stream, as at a table
                box = phone.locator(next_button).bounding_box()
                started = time.perf_counter()
                phone.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
                tablet.wait_for_selector(f'#game-panel[data-version="{version + 1}"]', timeout=10_000)
                latencies.append(time.perf_counter() - started)
                tablet.wait_for_function("tapTimes.shown > tapTimes.swapped")
                clicked = phone.evaluate("tapTimes.click")
                swapped, painted = tablet.evaluate("[tapTimes.swapped, tapTimes.shown]")
                in_pages.append((swapped - clicked) / 1000)
                shown.append((painted - clicked) / 1000)
                phone.wait_for_selector(f'#game-panel[data-version="{version + 1}"]')
            browser.close()
        print("gunicorn.conf.py (one gevent worker), SQLite; Chromium headless, two contexts")
        report("tap on the phone -> shown on the tablet (Playwright)", latencies)
        report("in the pages: click -> tablet's panel swapped", in_pages)
        report("in the pages: click -> tablet's next frame", shown)
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
