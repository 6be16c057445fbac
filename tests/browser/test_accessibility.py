"""axe-core on every screen, in both languages and both palettes: no serious or critical violations."""
from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.conftest import PHONE, TABLET

AXE = Axe()


def serious(page) -> list[str]:
    results = AXE.run(page)
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])}x, e.g. {v['nodes'][0]['target']})"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def counter_game(page, base: str, odd: bool) -> str:
    page.goto(base + "/new/counter")
    page.get_by_label("Start at").fill("1" if odd else "0")
    page.locator("form.setup button[type=submit]").click()
    page.wait_for_selector("#game-panel")
    return page.url


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
@pytest.mark.parametrize("night", [False, True], ids=["day", "night"])
def test_foundation_screens_have_no_serious_violations(live_server, device, locale, night):
    page = device(PHONE, locale=locale)
    url = counter_game(page, live_server, night)
    page.locator("#game-panel form.act button").first.click()  # one change, so undo and history show
    page.wait_for_selector("form.undo")
    pages = [url, url + "/history", url + "/screen", "/", "/new/counter", "/g/NOPE7"]
    problems = {}
    for path in pages:
        page.goto(path if path.startswith("http") else live_server + path)
        found = serious(page)
        if found:
            problems[path] = found
    assert problems == {}
