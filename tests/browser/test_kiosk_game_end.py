"""The group screen at the end of a competitive Mage Knight game with four players' full names (the walk of
2026-12-05): Blitz Conquest, every score sheet done, each of the four titles tied at 0 and so listing all four
names "+1 (tied)". In Russian the page ran 1,110 px wide on a lying 1024×768 (the turns' table beside the score cut
at "Median"), and 1,000×1,094 on a standing 768×1024 (the score's last two columns cut); one 40-letter name ran it
to 943×1,187 standing. On every tablet, lying or standing, in English and Russian, it fits: no scrolling, down or
sideways, nothing drawn off the screen, no number split or cut, none of the app's own words cut (a name wider than
its place may end in "…")."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import api_act, api_game, api_get
from tests.browser.test_kiosk_screen import (
    FITS,
    IN_VIEW,
    ONE_LINE,
    ORIENTATIONS,
    SIZES,
    SMALLEST_PX,
    WRAPS,
    check,
    screens,
    version_of,
)
from tests.browser.test_mage_knight_score_browser import finish
from tests.browser.walks import at_version, mage_knight_round

NAMES = {
    "ru4": ["Александра Петрова", "Константин Иванов", "Владислав Сидоров", "Екатерина Смирнова"],
    "long40": ["Виктория-Александра Константинопольская", "Аня", "Борис", "Гена"],
    "en4": ["Alexandra Peterson", "Konstantin Ivanovich", "Vladislav Sidorov", "Catherine Smithson"],
}
HEROES = ["tovak", "goldyx", "norowas", "arythea"]
# Counts a long game ends with, the same for everyone (every title tied again, every cell two or three digits).
BIG = {"spells": 9, "advanced_actions": 12, "artifacts": 6, "crystals": 14, "unit_levels": 11,
       "fortified_shields": 7, "adventure_shields": 9, "wounds": 3, "cities_led": 2}
# What must be whole on the screen at the game's end: the score's every cell, the titles, the time.
WHOLE = [*IN_VIEW, ".mks-score .mk-winner", ".mks-score .mk-titles li", ".mks-score-rest .mks-score-table th",
         ".mks-score-rest .mks-score-table td", ".screen-chart > :not(.visually-hidden)", ".screen-time",
         ".mks-turns th", ".mks-turns td", ".mk-score-aside > *"]
# No number and none of the app's words is cut or split: a cell's or a title's own text (a name, in <bdi>, may
# end in "…"; a column's head may wrap between a name's words) is on one line and as wide as its box.
NOT_CUT = r"""() => {
  const problems = [];
  const lines = el => { const range = document.createRange(); range.selectNodeContents(el);
    const rects = [...range.getClientRects()].filter(r => r.width > 0).sort((a, b) => a.top - b.top);
    let n = 0, bottom = -Infinity;
    for (const r of rects) {
      if (r.top >= bottom - 1) { n += 1; bottom = r.bottom; } else bottom = Math.max(bottom, r.bottom);
    }
    return n; };
  const shown = el => el.getClientRects().length && el.checkVisibility();
  // Numbers: every cell of the score's and the turns' tables but the names' heads.
  for (const cell of document.querySelectorAll(
      ".mks-score-rest .mks-score-table td, .mks-turns td, .mks-score-rest .mks-score-table tbody th")) {
    if (!shown(cell)) continue;
    if (lines(cell) > 1 && !cell.matches("tbody th")) problems.push(`"${cell.textContent.trim()}" split`);
    if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`"${cell.textContent.trim()}" cut`);
  }
  // The app's own words: the titles' names, the categories, the captions and column heads of the time.
  for (const el of document.querySelectorAll(".mks-score .mk-titles strong, .mks-score caption, "
      + ".mks-turns thead th, .mks-score-rest .mks-score-table thead th:first-child, .screen-round-minutes")) {
    if (!shown(el)) continue;
    if (el.scrollWidth > el.clientWidth + 1) problems.push(`"${el.textContent.trim()}" cut`);
    const box = el.getBoundingClientRect();
    if (box.right > innerWidth + 0.5 || box.bottom > innerHeight + 0.5)
      problems.push(`"${el.textContent.trim()}" off the screen`);
  }
  // A title's bonus and "(tied)" whole on their line.
  for (const el of document.querySelectorAll(".mks-score .mk-titles .muted, .mks-score .mk-title-bonus")) {
    if (shown(el) && lines(el) > 1) problems.push(`"${el.textContent.trim()}" split`);
  }
  return problems;
}"""


def four_players_finished(base: str, names: list[str], counts: dict, done: int = 4) -> str:
    """Blitz Conquest, four players, played to its end; `done` of their score sheets entered and marked done."""
    code = api_game(base, "mage_knight", {"player_name": names, "hero": HEROES, "scenario": "blitz_conquest",
                                          "dice_mode": "app"})
    finish(base, code)
    for seat in ("p1", "p2", "p3", "p4")[:done]:
        api_act(base, code, "enter_score", {"player": seat, **counts, "done": 1})
    return code


def problems_of(pages, base: str, code: str, name: str) -> list[str]:
    """What `check` (the kiosk's rules) finds, and any part of the score or the time not whole on the screen, on
    each page at the game's version now (a screenshot of each page with a problem)."""
    version, found = version_of(base, code), []
    for page in pages:
        at_version(page, version)
        size = page.viewport_size
        problems = page.evaluate(FITS, WHOLE) + page.evaluate(NOT_CUT) + page.evaluate(WRAPS, ONE_LINE)
        problems += [f"{s} is {px}px, under {least}px" for s, px, least in page.evaluate(SIZES, SMALLEST_PX)]
        if problems:
            page.screenshot(path=f"/tmp/kiosk-end-{name}-{size['width']}x{size['height']}.png")
            found.append(f"at {name} on {size['width']}×{size['height']}: {problems}")
    return found


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
@pytest.mark.parametrize(("names", "counts"), [("ru4", {}), ("long40", {}), ("en4", {}),
                                               pytest.param("ru4", BIG, id="ru4-big")])
def test_four_full_names_and_four_tied_titles_fit_the_group_screen(live_server, device, locale, orientation, names,
                                                                    counts):
    code = four_players_finished(live_server, NAMES[names], counts, done=3)
    pages = screens(device, live_server, code, locale, orientation)
    # "So far", and whose sheet is still open; then the final score.
    problems = problems_of(pages, live_server, code, f"{names}-sheets-open")
    api_act(live_server, code, "enter_score", {"player": "p4", **counts, "done": 1})
    problems += problems_of(pages, live_server, code, f"{names}-final")
    assert not problems, "\n".join(problems)
    view = api_get(live_server, code)["view"]
    assert not view["score"]["waiting"] and len(view["score"]["titles_won"]) >= 4
    assert all(len(won["holders"]) == 4 for won in view["score"]["titles_won"])
    for page in pages:
        expect(page.locator(".mks-score .mk-titles li")).to_have_count(len(view["score"]["titles_won"]))
        expect(page.locator(".mks-score-rest .mks-score-table thead th")).to_have_count(5)
        expect(page.locator(".mks-score-rest .mks-score-table .mk-total td")).to_have_count(4)


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_join_code_opened_again_at_the_end_still_fits(live_server, device, locale, orientation):
    """A phone may still join to read the result: the join code opened again beside (or under) four full names."""
    code = four_players_finished(live_server, NAMES["ru4"], {})
    pages = screens(device, live_server, code, locale, orientation)
    for page in pages:
        page.locator(".screen-chip").click()
        expect(page.locator(".screen-join .qr svg")).to_be_visible()
    problems = problems_of(pages, live_server, code, "join-open")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("orientation", ORIENTATIONS)
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_a_40_letter_name_leaves_round_order_and_the_source_in_view_beside_the_join_code(live_server, device, locale,
                                                                                       orientation):
    """The same walk, round 1: four players, one named with 40 letters, nobody joined (the join code open beside the
    game): lying, Round Order took the wide column and the Source's seven dice stood one a row, the 7th cut: the
    page 774-878 px of 768 in round 1, 947 in round 2's preparation (the walk: 813), 809 of 800 on a 1280×800."""
    moments = mage_knight_round(live_server, players={"player_name": NAMES["long40"], "hero": HEROES,
                                                      "scenario": "blitz_conquest"})
    moment = next(moments)
    pages = screens(device, live_server, mage_knight_round.code, locale, orientation)
    seen = 0
    while moment is not None:
        check(pages, moment.version, moment.name)
        seen += 1
        moment = next(moments, None)
    assert seen >= 20
    for page in pages:
        expect(page.locator(".screen-join .qr svg")).to_be_visible()
