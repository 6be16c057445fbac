"""Issue 44 in the browser: a game's and a chapter's summary open "how it went" on a phone — the chart drawn on the
server (no script of its own), inside the phone's width, named for screen readers, its numbers in a table — with no
axe violation, in English and Russian."""
from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE, api_act, api_game, api_get, no_horizontal_scroll, pick_all_tactics
from tests.browser.test_accessibility import violations

# Each word a chart draws (a legend's name, an axis's label) inside the drawing: what runs past its edge is cut.
WORDS_CUT = """(section) => [...document.querySelectorAll(section + " svg.chart")].flatMap(svg => {
  const frame = svg.getBoundingClientRect();
  return [...svg.querySelectorAll("text")].map(t => [t.textContent, t.getBoundingClientRect()])
    .filter(([, box]) => box.left < frame.left - 0.5 || box.right > frame.right + 0.5)
    .map(([text, box]) => `"${text}" at ${Math.round(box.left)}-${Math.round(box.right)} of ${Math.round(frame.left)}-`
                          + `${Math.round(frame.right)}`);
})"""
MK_ONE_ROUND = {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "custom",
                "round_limit": 1, "mode": "competitive"}


def finished_mage_knight(base: str) -> str:
    code = api_game(base, "mage_knight", MK_ONE_ROUND)
    api_act(base, code, "change_fame", {"player": "p1", "delta": 4})
    pick_all_tactics(base, code)
    announced = False
    while (view := api_get(base, code)["view"])["phase"] == "turns":
        if not announced:
            api_act(base, code, "announce_end_of_round", {"player": view["current_seat"], "deck_empty": True})
            announced = True
        else:
            api_act(base, code, "end_turn", {"player": view["current_seat"]})
    return code


CELLS_OUTSIDE = """(section) => [...document.querySelectorAll(section + " :is(th, td)")]
  .filter(cell => cell.getBoundingClientRect().right > document.querySelector(section).getBoundingClientRect().right + 1
                  && !cell.closest(".table-scroll, .mk-table-wrap"))
  .map(cell => cell.textContent.trim())"""


def won_chapter(base: str) -> str:
    code = api_game(base, "mice_mystics", {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"]})
    for _ in range(6):
        api_act(base, code, "next_turn")
    api_act(base, code, "mark_victory")
    return code


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
@pytest.mark.parametrize("kind", ["mage_knight", "mice_mystics"])
def test_how_it_went_opens_on_a_phone_with_its_chart_in_view_and_no_axe_violation(live_server, device, kind, locale):
    code = finished_mage_knight(live_server) if kind == "mage_knight" else won_chapter(live_server)
    section = "#mk-evening" if kind == "mage_knight" else "#mm-evening"
    page = device(PHONE, locale=locale)
    page.goto(f"{live_server}/g/{code}")
    page.locator(f"{section} > summary").click()
    chart = page.locator(f"{section} svg.chart").first
    chart.wait_for()
    box = chart.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert chart.get_attribute("role") == "img" and chart.get_attribute("aria-label")
    assert page.locator(f"{section} table.chart-numbers tbody tr").count() >= 1
    assert page.locator(f"{section} script").count() == 0
    assert page.evaluate(WORDS_CUT, section) == []
    # Every cell of a table inside its section, or in a frame of its own that scrolls sideways (Russian: "Карт
    # побеждено" ran past the section's edge in the chapter's round-by-round table, bench.summary_shots).
    assert page.evaluate(CELLS_OUTSIDE, section) == []
    for link in page.locator(".play-record a").all():  # the play record's JSON and CSV: targets, not specks
        target = link.bounding_box()
        assert target is not None and target["height"] >= 44 and target["width"] >= 44
    assert no_horizontal_scroll(page)
    assert violations(page) == []


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_score_s_parts_of_four_players_stay_inside_a_phone(live_server, device, locale):
    """Issue 44: four players' score parts side by side on a 390 px phone: the chart fits its box, the table
    scrolls inside its own frame if it must, the page never sideways; no axe violation."""
    setup = {"player_name": ["Anastasia", "Bartholomew", "Konstantin", "Wilhelmina"],
             "hero": ["tovak", "goldyx", "norowas", "arythea"], "scenario": "custom", "round_limit": 1,
             "mode": "competitive"}
    code = api_game(live_server, "mage_knight", setup)
    pick_all_tactics(live_server, code)
    announced = False
    while (view := api_get(live_server, code)["view"])["phase"] == "turns":
        if not announced:
            api_act(live_server, code, "announce_end_of_round", {"player": view["current_seat"], "deck_empty": True})
            announced = True
        else:
            api_act(live_server, code, "end_turn", {"player": view["current_seat"]})
    api_act(live_server, code, "enter_score", {"player": "p1", "spells": 3, "wounds": 2})
    api_act(live_server, code, "enter_score", {"player": "p3", "crystals": 7, "fortified_shields": 2})
    page = device(PHONE, locale=locale)
    page.goto(f"{live_server}/g/{code}")
    page.locator("#mk-evening > summary").click()
    figure = page.locator("#mk-evening figure", has=page.locator("svg.chart")).nth(1)
    figure.locator("table.chart-numbers").wait_for()
    chart = figure.locator("svg.chart")
    box = chart.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert chart.get_attribute("role") == "img" and chart.get_attribute("aria-label")
    assert figure.locator("thead th").count() == 5  # the part, then a column per player
    assert figure.locator("tbody tr").count() == 9  # Fame, 6 achievements, the titles, the total
    assert page.evaluate(WORDS_CUT, "#mk-evening") == []
    frame = figure.locator(".mk-table-wrap").bounding_box()
    assert frame is not None and frame["x"] + frame["width"] <= PHONE["width"]
    assert no_horizontal_scroll(page)
    assert violations(page) == []
