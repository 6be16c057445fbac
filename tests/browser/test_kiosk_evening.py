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


def group_screens(device, base: str, code: str, locale: str):
    """The game's group screen on each tablet size, at the game's version now: (the page, the size's name)."""
    version = api_get(base, code)["version"]
    for size in SIZES:
        page = device(size, locale=locale)
        page.goto(f"{base}/g/{code}/screen")
        at_version(page, version)
        yield page, f"{locale}-{size['width']}x{size['height']}"


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


def mice_and_mystics_chapter_lost_to_the_hourglass(base: str) -> str:
    """Four mice, the end marker on page 2: the first full wheel's page ends the chapter (the longest headline)."""
    code = api_game(base, "mice_mystics", {**MM_PARTY, "minion_type": ["rat_warriors"], "minion_count": [2],
                                           "chapter_end_page": 2})
    api_act(base, code, "next_turn")
    api_act(base, code, "add_cheese", {"n": 6, "reason": "minion_attack"})
    assert api_get(base, code)["view"]["summary"]["result"] == "lost_hourglass"
    return code


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_a_chapter_lost_to_the_hourglass_fits_the_group_screen_with_its_chart(live_server, device, locale):
    """The lost chapter's headline beside the chart ran to six lines in Russian: 770 px of 768 (bench.summary_shots)."""
    code = mice_and_mystics_chapter_lost_to_the_hourglass(live_server)
    for page, name in group_screens(device, live_server, code, locale):
        expect(page.locator(f"{CHART} svg.chart")).to_be_visible()
        problems = page.evaluate(FITS, [*IN_VIEW, CHART, ".mm-screen-summary", ".screen-round-minutes"])
        if problems:
            page.screenshot(path=f"/tmp/kiosk-lost-{name}.png")
        assert not problems, f"{name}: {problems}"


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
@pytest.mark.parametrize("kind", ["mage_knight", "mice_mystics"])
def test_the_end_of_the_game_shows_its_chart_on_the_group_screen(live_server, device, locale, kind):
    code = (mage_knight_game_over if kind == "mage_knight" else mice_and_mystics_chapter_won)(live_server)
    for page, size_name in group_screens(device, live_server, code, locale):
        name = f"{kind}-{size_name}"
        chart = page.locator(f"{CHART} svg.chart")
        expect(chart).to_be_visible()  # standing, under the table when there is no room beside it
        if kind == "mage_knight":  # the time too: each round's minutes, each player's turns
            expect(page.locator(".screen-time .mks-turns tbody tr")).to_have_count(3)
            assert page.evaluate(CELLS_CLEAR) == [], name
        # Its title in words, and its numbers in a table for screen readers: a row per round and the start.
        expect(page.locator(f"{CHART} figcaption")).not_to_be_empty()
        assert page.locator(f"{CHART} table tbody tr").count() >= 1
        problems = page.evaluate(FITS, [*IN_VIEW, CHART, ".screen-time", ".mks-turns", ".screen-round-minutes"])
        words = page.evaluate(WORDS_PX, CHART)
        problems += [f"a chart's word is {px:.1f} px" for px in words if px < 15.5]
        if problems:
            page.screenshot(path=f"/tmp/kiosk-evening-{name}.png")
        assert words and not problems, f"{name}: {problems}"


# Every cell of the score's table in the screen and clear of the chart beside it (the chart is drawn over what
# runs under it), for the cells that are shown.
CELLS_CLEAR = """() => {
  const chart = document.querySelector(".mks-score-rest .screen-chart svg.chart");
  const drawn = chart && chart.getClientRects().length ? chart.getBoundingClientRect() : null;
  return [...document.querySelectorAll(".mks-score-rest .mks-score-table th, .mks-score-rest .mks-score-table td")]
    .map(cell => [cell.textContent.trim(), cell.getBoundingClientRect()])
    .filter(([, box]) => box.right > innerWidth + 0.5 || (drawn && box.right > drawn.left + 0.5
                         && box.left < drawn.right - 0.5 && box.bottom > drawn.top && box.top < drawn.bottom))
    .map(([text, box]) => `"${text}" at ${Math.round(box.left)}-${Math.round(box.right)} px`);
}"""


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_a_wide_score_table_is_never_covered_by_fame_by_round(live_server, device, locale):
    """Three players, one of them with a long name, and the titles shared (each column then holds a "+1"): in
    Russian the table ("Искатель приключений") was 457 px wide and the chart, kept 343 px, was drawn over its
    last column on 1024x768 and over two on 768x1024. The table keeps its width; the chart takes the room
    beside it and gives way when that is too narrow for its words."""
    setup = {"player_name": ["Anna", "Boris", "Екатерина"], "hero": ["tovak", "goldyx", "arythea"],
             "scenario": "custom", "round_limit": 1, "mode": "competitive"}
    code = api_game(live_server, "mage_knight", setup)
    api_act(live_server, code, "change_fame", {"player": "p3", "delta": 17})
    pick_all_tactics(live_server, code)
    api_act(live_server, code, "announce_end_of_round",
            {"player": api_get(live_server, code)["view"]["current_seat"], "deck_empty": True})
    while (view := api_get(live_server, code)["view"])["phase"] == "turns":
        api_act(live_server, code, "end_turn", {"player": view["current_seat"]})
    for seat, sheet in (("p1", {"spells": 2, "artifacts": 1, "units": 2, "wounds": 3}),
                        ("p2", {"spells": 1, "crystals": 7, "fortified_shields": 2, "wounds": 1}),
                        ("p3", {"spells": 3, "artifacts": 2, "units": 3, "wounds": 4})):
        api_act(live_server, code, "enter_score", {"player": seat, **sheet, "done": True})
    for page, name in group_screens(device, live_server, code, locale):
        problems = page.evaluate(CELLS_CLEAR) + page.evaluate(FITS, IN_VIEW)
        if page.locator(f"{CHART} svg.chart").is_visible():
            problems += [f"a chart's word is {px:.1f} px" for px in page.evaluate(WORDS_PX, CHART) if px < 15.5]
        if problems:
            page.screenshot(path=f"/tmp/kiosk-wide-score-{name}.png")
        assert not problems, f"{name}: {problems}"


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_at_game_over_the_join_code_folds_and_opened_again_takes_the_time_s_room(live_server, device, locale):
    """Nobody joins a game that is over: the join code is folded to its chip, and its room is the chart's and the
    time's. A tap on the chip opens it again (a phone may still join to read the summary): the time gives way,
    standing the chart too, and the kiosk still never scrolls."""
    code = mage_knight_game_over(live_server)
    for page, name in group_screens(device, live_server, code, locale):
        expect(page.locator(".screen-qr, .screen-join .qr svg").first).to_be_hidden()
        expect(page.locator(".screen-time")).to_be_visible()
        page.locator(".screen-chip").click()
        expect(page.locator(".screen-join .qr svg")).to_be_visible()
        expect(page.locator(".screen-time")).to_be_hidden()
        standing = page.viewport_size["height"] > page.viewport_size["width"]
        expect(page.locator(f"{CHART} svg.chart")).to_be_hidden() if standing else \
            expect(page.locator(f"{CHART} svg.chart")).to_be_visible()
        problems = page.evaluate(FITS, IN_VIEW) + page.evaluate(CELLS_CLEAR)
        if problems:
            page.screenshot(path=f"/tmp/kiosk-evening-open-{name}.png")
        assert not problems, f"{name}: {problems}"
