"""Issue 44: the group screen at game over (Mage Knight) and at a chapter's end (Mice and Mystics) shows the
game's main chart beside or under the result — Fame by round, the chapter by round — with its title and its
numbers for screen readers, its words readable from a metre, on every tablet size in English and Russian, and
the kiosk still never scrolls."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import api_act, api_game, api_get, pick_all_tactics
from tests.browser.test_kiosk_screen import FITS, IN_VIEW
from tests.browser.walks import MK_PLAYERS, MM_PARTY, at_version

SIZES = [{"width": 1024, "height": 768}, {"width": 768, "height": 1024}, {"width": 1280, "height": 800}]
CHART = ".screen-chart"
# The chart's words as drawn: an SVG text's size in its own units times the drawing's scale on the page.
WORDS_PX = """(selector) => {
  const svg = document.querySelector(selector + " svg.chart"), box = svg.getBoundingClientRect();
  const scale = box.width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll("text")].map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
}"""


def mage_knight_game_over(base: str) -> str:
    code = api_game(base, "mage_knight", MK_PLAYERS)
    pick_all_tactics(base, code)
    api_act(base, code, "mark_scenario_end")
    while (view := api_get(base, code)["view"])["phase"] == "turns":
        api_act(base, code, "end_turn", {"player": view["current_seat"]})
    assert api_get(base, code)["view"]["phase"] == "finished"
    return code


def mice_and_mystics_chapter_won(base: str) -> str:
    code = api_game(base, "mice_mystics", {**MM_PARTY, "minion_type": ["rat_warriors"], "minion_count": [2]})
    for _ in range(6):
        api_act(base, code, "next_turn")
    api_act(base, code, "add_cheese", {"n": 2, "reason": "minion_attack"})
    api_act(base, code, "mark_victory")
    assert api_get(base, code)["view"]["summary"]
    return code


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
@pytest.mark.parametrize("kind", ["mage_knight", "mice_mystics"])
def test_the_end_of_the_game_shows_its_chart_on_the_group_screen(live_server, device, locale, kind):
    code = (mage_knight_game_over if kind == "mage_knight" else mice_and_mystics_chapter_won)(live_server)
    version = api_get(live_server, code)["version"]
    for size in SIZES:
        page = device(size, locale=locale)
        page.goto(f"{live_server}/g/{code}/screen")
        at_version(page, version)
        name = f"{kind}-{locale}-{size['width']}x{size['height']}"
        chart = page.locator(f"{CHART} svg.chart")
        expect(chart).to_be_visible()
        # Its title in words, and its numbers in a table for screen readers: a row per round and the start.
        expect(page.locator(f"{CHART} figcaption")).not_to_be_empty()
        assert page.locator(f"{CHART} table tbody tr").count() >= 1
        problems = page.evaluate(FITS, [*IN_VIEW, CHART])
        words = page.evaluate(WORDS_PX, CHART)
        problems += [f"a chart's word is {px:.1f} px" for px in words if px < 15.5]
        if problems:
            page.screenshot(path=f"/tmp/kiosk-evening-{name}.png")
        assert words and not problems, f"{name}: {problems}"
