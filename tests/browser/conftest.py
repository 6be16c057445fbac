"""Browser tests: the real app on a local port, driven in the system's headless Chromium."""
from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion.serving import start_server, stop_server
from tests.conftest import make_app

CHROMIUM = Path("/usr/bin/chromium")
# Chromium's background services would try to reach the internet; this machine has none to give.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]

TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}

# How long a test waits for what must come (a page, a tap's answer, a live update), in its actions and
# its expect()s alike: a safety net against a hang, never a measure of speed. On a machine busy with
# other work (load 15-27 on 2 cores) a page took over 10 s to come; whatever comes sooner is not waited for.
PATIENCE_MS = 60_000
expect.set_options(timeout=PATIENCE_MS)


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        message = "Chromium is not installed at /usr/bin/chromium (Debian package chromium)"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class LiveServer(str):
    """The base URL, and the gunicorn master process behind it (a test may pause its workers)."""
    process = None

    def workers(self) -> list[int]:
        return [int(p.parent.name) for p in Path("/proc").glob("[0-9]*/status")
                if f"PPid:\t{self.process.pid}\n" in _read(p)]


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""


@pytest.fixture
def live_server(tmp_path):
    """The app as bin/serve runs it (gunicorn.conf.py: one gevent worker process) on a fresh
    database and a free local port; yields its base URL. The server's log is in tmp_path."""
    make_app(tmp_path / "browser.db")  # the schema, by the migrations, before the workers start
    server, base = start_server(f"sqlite:///{tmp_path / 'browser.db'}", app="tests.served:create()",
                                migrate=False, log_file=tmp_path / "server.log")
    url = LiveServer(base)
    url.process = server
    yield url
    stop_server(server)


@pytest.fixture
def device(browser):
    """A fresh device (its own cookies) with a given viewport; records every request it makes."""
    contexts = []

    def open_device(viewport: dict, locale: str = "en-US"):
        context = browser.new_context(viewport=viewport, locale=locale)
        contexts.append(context)
        page = context.new_page()
        page.requests = []
        page.on("request", lambda request: page.requests.append(request.url))
        page.set_default_timeout(PATIENCE_MS)
        return page

    yield open_device
    for context in contexts:
        context.close()


def touch_phone(browser, locale: str):
    """A phone of its own (390×844, touch, the locale): its context, to close, and its page."""
    context = browser.new_context(viewport=PHONE, locale=locale, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    return context, page


def next_until(base: str, code: str, wanted, what: str, turns: int = 12) -> dict:
    """Mice and Mystics: Next (on the API) until `wanted(view)`; the game then."""
    for _ in range(turns):
        game = api_get(base, code)
        if wanted(game["view"]):
            return game
        api_act(base, code, "next_turn")
    raise AssertionError(f"never happened: {what}")


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


# ---------- games through the JSON API (faster than clicking through a setup) ----------

def api_game(base: str, kind: str, setup: dict) -> str:
    request = urllib.request.Request(base + "/api/games", data=json.dumps({"kind": kind, "setup": setup}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())["code"]


def api_get(base: str, code: str) -> dict:
    with urllib.request.urlopen(f"{base}/api/games/{code}") as response:
        return json.loads(response.read())


def api_act(base: str, code: str, action: str, params: dict | None = None) -> dict:
    version = api_get(base, code)["version"]
    request = urllib.request.Request(f"{base}/api/games/{code}/actions", method="POST",
                                     data=json.dumps({"version": version, "action": action,
                                                      "params": params or {}}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


def pick_all_tactics(base: str, code: str) -> None:
    """Mage Knight: everyone picks a tactic, so the round goes on to the turns."""
    while (game := api_get(base, code))["view"]["phase"] == "tactics":
        picks = [a["params"] for a in game["view"]["actions"] if a["action"] == "pick_tactic"]
        api_act(base, code, "pick_tactic", picks[0])  # Mana Steal comes with its die


def pytest_terminal_summary(terminalreporter):
    """The crawler's figures (test_crawler.py): how many games and moments it walked and checked, and how long."""
    from tests.browser.crawler import RUNS
    for run in RUNS:
        terminalreporter.write_line(run.summary())
