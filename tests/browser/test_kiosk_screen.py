"""The group screen is a kiosk (issue 23, point 5): in every state of a scripted round of each game — up to ten
initiative track entries, a boss, the surge question, End of Round's last turns, the preparation, the score —
it fits a 1024×768 and a 1280×800 tablet without scrolling, in English and Russian, with what matters in view
and in type big enough to read from across the table."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import api_act, api_game, api_get, pick_all_tactics
from tests.browser.walks import at_version, mage_knight_round, mice_and_mystics_round

TABLETS = [{"width": 1024, "height": 768}, {"width": 1280, "height": 800}]
# Wholly in view: whose moment, who comes next, what the table owes, and every entry of the lists the table
# reads from the screen (the track, the hourglass, Round Order, the Source, the score).
IN_VIEW = [".screen-now", ".screen-next", ".screen-owes", ".mm-screen-track li", ".mms-pages li",
           ".mms-wheel", ".mks-order li", ".mks-source .mk-die", ".mks-score-table", ".mm-screen-summary",
           ".screen-chip"]
SMALLEST_PX = {".screen-now": 44, ".mm-screen-track li": 18, ".mks-order li": 20, ".screen-next": 20}

FITS = """(selectors) => {
  const root = document.documentElement, problems = [];
  if (root.scrollHeight > innerHeight) problems.push(`scrolls: ${root.scrollHeight} > ${innerHeight}`);
  if (root.scrollWidth > innerWidth) problems.push(`scrolls sideways: ${root.scrollWidth} > ${innerWidth}`);
  for (const selector of selectors) {
    for (const el of document.querySelectorAll(selector)) {
      if (!el.getClientRects().length) continue;  // not shown in this state
      const box = el.getBoundingClientRect();
      if (box.top < 0 || box.left < 0 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5)
        problems.push(`${selector} "${el.textContent.trim().slice(0, 30)}" out of view: ${JSON.stringify(box)}`);
    }
  }
  return problems;
}"""
SIZES = """(smallest) => Object.entries(smallest).flatMap(([selector, px]) =>
  [...document.querySelectorAll(selector)].filter(el => el.getClientRects().length)
    .map(el => [selector, parseFloat(getComputedStyle(el).fontSize), px]).filter(([, size, px]) => size < px))"""


def screens(device, base: str, code: str, locale: str) -> list:
    pages = []
    for viewport in TABLETS:
        page = device(viewport, locale=locale)
        page.goto(f"{base}/g/{code}/screen")
        pages.append(page)
    return pages


def check(pages, version: int, name: str) -> None:
    for page in pages:
        at_version(page, version)
        size = page.viewport_size
        problems = page.evaluate(FITS, IN_VIEW) + [f"{s} is {px}px, under {least}px"
                                                    for s, px, least in page.evaluate(SIZES, SMALLEST_PX)]
        if problems:
            page.screenshot(path=f"/tmp/kiosk-{name}-{size['width']}.png")
        assert not problems, f"at {name} on {size['width']}×{size['height']}: {problems}"


def version_of(base: str, code: str) -> int:
    return api_get(base, code)["version"]


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_mice_and_mystics_screen_never_scrolls(live_server, device, locale):
    moments = mice_and_mystics_round(live_server)
    moment = next(moments)
    code = mice_and_mystics_round.code
    pages = screens(device, live_server, code, locale)
    seen = 0
    while moment is not None:
        check(pages, moment.version, moment.name)
        seen += 1
        moment = next(moments, None)
    assert seen >= 9
    # More minions arrive, up to ten cards on the track (and the boss is wounded), then the chapter is won.
    api_act(live_server, code, "minions_arrive", {"minion_type": ["roaches", "spider", "cave_centipede",
                                                                  "elite_rat_warriors"],
                                                  "minion_count": [2, 1, 1, 2], "source": "encounter"})
    assert len(api_get(live_server, code)["view"]["track"]) == 10
    check(pages, version_of(live_server, code), "ten-cards")
    api_act(live_server, code, "add_cheese", {"n": 6 - api_get(live_server, code)["view"]["cheese_wheel"],
                                              "reason": "minion_attack"})
    check(pages, version_of(live_server, code), "ten-cards-surge")
    api_act(live_server, code, "resolve_surge", {"room_surge": "no"})
    api_act(live_server, code, "mark_victory")
    check(pages, version_of(live_server, code), "chapter-won")


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_mage_knight_screen_never_scrolls(live_server, device, locale):
    moments = mage_knight_round(live_server)
    moment = next(moments)
    code = mage_knight_round.code
    pages = screens(device, live_server, code, locale)
    seen = 0
    while moment is not None:
        check(pages, moment.version, moment.name)
        seen += 1
        moment = next(moments, None)
    assert seen >= 20
    pick_all_tactics(live_server, code)
    api_act(live_server, code, "mark_scenario_end")
    while (view := api_get(live_server, code)["view"])["phase"] == "turns":
        check(pages, version_of(live_server, code), f"last-turn-{view['current_seat']}")
        api_act(live_server, code, "end_turn", {"player": view["current_seat"]})
    check(pages, version_of(live_server, code), "score")


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_table_dice_source_entry_fits_and_says_what_the_table_owes(live_server, device, locale):
    code = api_game(live_server, "mage_knight", {"player_name": ["Vera", "Boris", "Chen"],
                                                 "hero": ["tovak", "goldyx", "norowas"],
                                                 "scenario": "full_conquest", "dice_mode": "table"})
    pages = screens(device, live_server, code, locale)
    check(pages, 0, "source-entry")
    owes = "Enter the Source dice" if locale == "en-US" else "Введите кубики Источника"
    for page in pages:
        expect(page.locator(".screen-owes")).to_contain_text(owes)
