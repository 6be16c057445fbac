"""The final score of a competitive Mage Knight game, entered on two phones (390×844): each phone leads with
its own sheet, the steppers count, a tie for a title shows as tied, and the winner reaches the group screen."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TABLET, api_act, api_game, api_get, no_horizontal_scroll, pick_all_tactics
from tests.browser.test_accessibility import violations

SETUP = {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "full_conquest",
         "dice_mode": "app"}


def finish(base: str, code: str) -> None:
    """The last city falls: the scenario's end, then everyone's last turn."""
    pick_all_tactics(base, code)
    api_act(base, code, "mark_scenario_end")
    while (view := api_get(base, code)["view"])["phase"] == "turns":
        api_act(base, code, "end_turn", {"player": view["current_seat"]})


def seated_phone(device, base: str, code: str, seat: str):
    phone = device(PHONE)
    phone.goto(f"{base}/g/{code}")
    phone.locator(f"#who form:has(input[name=seat][value={seat}]) button").click()
    expect(phone.locator("#who")).to_have_count(0)
    return phone


def tap(phone, seat: str, field: str, times: int = 1) -> None:
    """The + of one count on this phone's sheet, waiting for each tap's answer."""
    for _ in range(times):
        value = phone.locator(f"#mk-{seat}-{field}")
        before = int(value.input_value())
        phone.locator(f"#mk-sheet-{seat} form:has(input[name=field][value={field}]) button[value='1']").click()
        expect(phone.locator(f"#mk-{seat}-{field}")).to_have_value(str(before + 1))


def test_mk_sco_2_a_competitive_score_with_a_tied_title_entered_on_phones(live_server, device):
    code = api_game(live_server, "mage_knight", SETUP)
    finish(live_server, code)
    anna, boris = seated_phone(device, live_server, code, "p1"), seated_phone(device, live_server, code, "p2")
    # Boris's seat reaches Anna's phone as a live refresh: measure her page once it has come.
    seating = boris.locator("#game-panel").get_attribute("data-live-token")
    expect(anna.locator("#game-panel")).to_have_attribute("data-live-token", seating)
    for phone, seat in ((anna, "p1"), (boris, "p2")):
        expect(phone.locator(".seat-banner.now")).to_contain_text("Count your score and enter it")
        # Its own sheet comes first, its first stepper on the first screen, above the other player's sheet.
        own, other = phone.locator(f"#mk-sheet-{seat}"), phone.locator(".mk-sheet").filter(has_not=phone.locator(
            f"#mk-sheet-title-{seat}")).first
        expect(own.locator("form button[value='1']").first).to_be_in_viewport(ratio=1)
        assert own.bounding_box()["y"] < other.bounding_box()["y"]
        assert no_horizontal_scroll(phone)

    tap(anna, "p1", "unit_levels", 3)
    tap(anna, "p1", "spells")
    tap(anna, "p1", "cities_led")
    anna.get_by_role("button", name="Done: Anna's counts are in").click()
    expect(anna.locator("#mk-sheet-p1 .mk-sheet-state")).to_be_visible()
    expect(anna.locator(".mk-waiting")).to_contain_text("Boris")

    boris.wait_for_function("document.querySelector('#mk-sheet-p1 .mk-sheet-state') !== null")  # live update
    tap(boris, "p2", "unit_levels", 3)
    tap(boris, "p2", "cities_led")
    version = api_get(live_server, code)["version"]
    boris.locator("#mk-p2-wounds").fill("2")  # typed, then Enter: set as typed (not a step of the − button)
    boris.locator("#mk-p2-wounds").press("Enter")
    expect(boris.locator("#game-panel")).to_have_attribute("data-version", str(version + 1))
    assert api_get(live_server, code)["state"]["score_sheet"]["counts"]["p2"]["wounds"] == 2
    boris.get_by_role("button", name="Done: Boris's counts are in").click()

    # Both lead Units of 3 levels and one city each: The Greatest Leader and the City Conqueror are tied.
    for phone in (anna, boris):
        expect(phone.locator(".mk-titles")).to_contain_text("The Greatest Leader: Anna +1, Boris +1 (tied)")
        expect(phone.locator(".mk-titles")).to_contain_text("The Greatest City Conqueror: Anna +2, Boris +2 (tied)")
        expect(phone.locator("#mk-score-result .mk-winner")).to_have_text("Winner: Anna")
    tablet = device(TABLET)
    tablet.goto(f"{live_server}/g/{code}/screen")
    expect(tablet.locator(".mks-score .mk-winner")).to_have_text("Winner: Anna")
    expect(tablet.locator(".mks-score .mk-total")).to_contain_text("Total")
    expect(tablet.locator(".mks-score .mk-titles")).to_contain_text("The Greatest Beating: Boris -3")
    assert violations(anna) == [] and violations(tablet) == []


# ---------- the game's end on a phone: the result first, and no number or word of the table on two lines ----------

FOUR = {"player_name": ["Anna", "Konstantin", "Alexandra", "Dmitri"], "hero": ["tovak", "goldyx", "norowas", "arythea"],
        "scenario": "full_conquest", "dice_mode": "app"}
# Counts a long game ends with: every cell of the table a number of two or three digits.
BIG = {"spells": 9, "advanced_actions": 12, "artifacts": 6, "crystals": 14, "unit_levels": 11,
       "fortified_shields": 7, "adventure_shields": 9, "wounds": 3, "cities_led": 2}

# The lines a cell's text takes: its text's boxes, grouped where they overlap in height (one line: one group,
# however its words' sizes differ).
LINES = """cell => { const range = document.createRange(); range.selectNodeContents(cell);
  const rects = Array.from(range.getClientRects()).filter(r => r.width > 0).sort((a, b) => a.top - b.top);
  let lines = 0, bottom = -Infinity;
  for (const r of rects) {
    if (r.top >= bottom - 1) { lines += 1; bottom = r.bottom; } else { bottom = Math.max(bottom, r.bottom); }
  }
  return lines; }"""


def finished_with_big_totals(base: str) -> str:
    code = api_game(base, "mage_knight", FOUR)
    for seat, fame in (("p1", 99), ("p2", 88), ("p3", 71), ("p4", 64)):
        api_act(base, code, "change_fame", {"player": seat, "delta": fame})
    finish(base, code)
    for seat in ("p1", "p2", "p3", "p4"):
        api_act(base, code, "enter_score", {"player": seat, **BIG, "done": 1})
    return code


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mk_sco_the_final_result_comes_first_and_no_cell_of_the_score_table_wraps(live_server, device, locale):
    code = finished_with_big_totals(live_server)
    totals = [r["total"] for r in api_get(live_server, code)["view"]["score"]["table"]["rows"]]
    assert max(totals) >= 100  # three digits, as the "167" that was seen as "16 / 7"
    phone = seated_phone(device, live_server, code, "p2")
    result, sheet = phone.locator("#mk-score-result"), phone.locator("#mk-sheet-p2")
    expect(result.locator(".mk-winner")).to_be_in_viewport()
    # The result (winner, each player's total, the titles) above the sheets, its own sheet included.
    assert result.bounding_box()["y"] < sheet.bounding_box()["y"]
    assert result.locator(".mk-totals").bounding_box()["y"] < sheet.bounding_box()["y"]
    assert result.locator(".mk-titles").bounding_box()["y"] < sheet.bounding_box()["y"]
    expect(result.locator(".mk-totals li")).to_have_count(4)
    cells = phone.locator("#mk-score-table table th, #mk-score-table table td")
    assert cells.count() >= 5 * 9
    wrapped = [(cells.nth(i).inner_text(), n) for i in range(cells.count())
               if (n := cells.nth(i).evaluate(LINES)) != 1]
    assert wrapped == []
    for item in result.locator(".mk-totals li").all():
        assert item.evaluate(LINES) == 1, item.inner_text()
    assert no_horizontal_scroll(phone)


# ---------- issue 42, 2.5: a seated phone's own score is on its first screen, the others a deliberate step away

THREE = {"player_name": ["Anna", "Boris", "Chen"], "hero": ["tovak", "goldyx", "norowas"],
         "scenario": "full_conquest", "dice_mode": "app"}
ACT_FOR_ANNA = {"en-US": "Act for Anna…", "ru-RU": "За игрока Anna…"}
VISIBLE = "es => es.filter(e => e.checkVisibility()).length"


def total_of(base: str, code: str, seat: str) -> int:
    return next(r["total"] for r in api_get(base, code)["view"]["score"]["table"]["rows"] if r["player"] == seat)


def step_up(phone, base: str, code: str, seat: str) -> None:
    """The + of the first count on `seat`'s sheet, waiting for its answer."""
    version = api_get(base, code)["version"]
    phone.locator(f"#mk-sheet-{seat} .mk-stepper button[value='1']").first.click()
    expect(phone.locator("#game-panel")).to_have_attribute("data-version", str(version + 1))


@pytest.mark.parametrize("size", ["normal", "large"])
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mk_sco_a_seated_phones_own_total_and_first_stepper_are_on_its_first_screen(live_server, device, locale,
                                                                                     size):
    """Boris's phone at the game's end: his running total and his first stepper above the Undo bar on the
    first screen, no other seat's stepper to tap before "Act for …" is opened; his + changes the total where
    he sees it, and a step for Anna keeps her sheet open for the next."""
    code = api_game(live_server, "mage_knight", THREE)
    api_act(live_server, code, "change_fame", {"player": "p2", "delta": 23})
    finish(live_server, code)
    phone = device(PHONE, locale=locale)
    phone.context.add_cookies([{"name": "text_size", "value": size, "url": live_server}])  # the menu's A / A+
    phone.goto(f"{live_server}/g/{code}")
    phone.locator("#who form:has(input[name=seat][value=p2]) button").click()
    expect(phone.locator("#who")).to_have_count(0)
    phone.evaluate("window.scrollTo(0, 0)")
    undo = phone.locator(".panel > .undo").bounding_box()
    total = phone.locator("#mk-sheet-total-p2")
    expect(total).to_contain_text(str(total_of(live_server, code, "p2")))
    plus = phone.locator("#mk-sheet-p2 .mk-stepper button[value='1']").first
    for element in (total, plus):
        box = element.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= undo["y"] + 1, (element, box, undo)
    others = phone.locator("#mk-sheet-p1 .mk-stepper, #mk-sheet-p3 .mk-stepper")
    assert others.count() == 2 * phone.locator("#mk-sheet-p2 .mk-stepper").count() > 0
    assert others.evaluate_all(VISIBLE) == 0
    assert no_horizontal_scroll(phone)

    before = total.bounding_box()
    step_up(phone, live_server, code, "p2")
    expect(total).to_contain_text(str(total_of(live_server, code, "p2")))
    after = total.bounding_box()
    assert abs(after["y"] - before["y"]) <= 1 and after["y"] + after["height"] <= undo["y"] + 1, (before, after)

    phone.get_by_text(ACT_FOR_ANNA[locale]).click()
    anna = phone.locator("#mk-sheet-p1 .mk-stepper")
    expect(anna.first).to_be_visible()
    step_up(phone, live_server, code, "p1")
    expect(phone.locator("#mk-sheet-total-p1")).to_contain_text(str(total_of(live_server, code, "p1")))
    assert anna.evaluate_all(VISIBLE) == anna.count()  # still open for Anna's next count
    assert phone.locator("#mk-sheet-p3 .mk-stepper").evaluate_all(VISIBLE) == 0


@pytest.mark.parametrize("size", ["normal", "large"])
def test_a_name_of_one_long_word_breaks_inside_a_button_rather_than_push_the_phone_sideways(live_server, device, size):
    # The long-names crawl (seed 282): "Done: Hubert Wolfeschlegelsteinhausenberger's counts are in" was 424 px wide
    # on a 390 px phone, as a button keeps its words whole and this one word was wider than the screen; at A+ the
    # final totals' line (a name and its number kept on one line) was too.
    name = "Wolfeschlegelsteinhausenberger"
    code = api_game(live_server, "mage_knight", {**SETUP, "player_name": [name, "Boris"]})
    finish(live_server, code)
    phone = device(PHONE)
    phone.context.add_cookies([{"name": "text_size", "value": size, "url": live_server}])
    phone.goto(f"{live_server}/g/{code}")
    phone.locator("#who form:has(input[name=seat][value=p1]) button").click()
    expect(phone.locator(".seat-banner.now")).to_contain_text(name)
    done = phone.get_by_role("button", name=f"Done: {name}'s counts are in")
    expect(done).to_be_visible()
    # One reading of the page (a live refresh may redraw it between two).
    box, page_width = phone.evaluate("""name => [[...document.querySelectorAll('.mk-sheet-done-btn')]
        .find(b => b.textContent.includes(name)).getBoundingClientRect().toJSON(),
        document.documentElement.scrollWidth]""", name)
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert page_width <= PHONE["width"], page_width
    # The button's own words stay whole: only the name may break.
    expect(done).to_have_css("word-break", "keep-all")
    expect(done.locator("bdi")).to_have_css("overflow-wrap", "anywhere")


@pytest.mark.parametrize("size", ["normal", "large"])
def test_the_final_totals_of_a_forty_letter_name_keep_the_phone_its_width_and_undo_on_its_first_screen(
        live_server, device, size):
    # The walk of 2026-12-05: at a 4-player Blitz Conquest's end, the final totals' line of
    # "Виктория-Александра Константинопольская" (a name and its number kept on one line) made every phone 451 px
    # wide (558 at A+), and the Undo bar fell under the first screen.
    names = ["Виктория-Александра Константинопольская", "Константин Иванов", "Владислав Сидоров", "Екатерина Смирнова"]
    heroes = ["tovak", "goldyx", "norowas", "arythea"]
    code = api_game(live_server, "mage_knight", {"player_name": names, "hero": heroes, "scenario": "blitz_conquest",
                                                 "dice_mode": "app"})
    finish(live_server, code)
    for seat in ("p1", "p2", "p3", "p4"):
        api_act(live_server, code, "enter_score", {"player": seat, "done": 1})
    phone = device(PHONE, locale="ru-RU")
    phone.context.add_cookies([{"name": "text_size", "value": size, "url": live_server}])
    phone.goto(f"{live_server}/g/{code}")
    phone.locator("#who form:has(input[name=seat][value=p4]) button").click()
    expect(phone.locator("#who")).to_have_count(0)
    expect(phone.locator(".mk-totals")).to_contain_text(names[0])
    assert no_horizontal_scroll(phone)
    undo = phone.locator(".panel > .undo").bounding_box()
    assert undo["y"] + undo["height"] <= PHONE["height"] + 1, undo
