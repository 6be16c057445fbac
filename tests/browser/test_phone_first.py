"""The phone at the table: its moment — who acts, the buttons for it, and Undo — is on its first screen,
in English and in Russian; a phone with no seat is first asked who it is; when its moment comes, it is
shown wherever the page was scrolled."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TABLET, api_act, api_game, api_get, pick_all_tactics

MK_SETUP = {"player_name": ["Vera", "Boris", "Chen"], "hero": ["tovak", "goldyx", "norowas"],
            "scenario": "full_conquest", "dice_mode": "app"}


def on_first_screen(page, selector: str) -> None:
    """The element lies wholly inside the viewport as the page now stands."""
    element = page.locator(selector).first
    height = page.viewport_size["height"]
    for _ in range(20):  # a live refresh may swap the panel between the two looks: look again
        expect(element).to_be_in_viewport(ratio=1)
        box = element.bounding_box()
        if box is not None:
            break
    assert box["y"] >= -1 and box["y"] + box["height"] <= height + 1, (selector, box, height)  # sub-pixel



@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mage_knight_turn_on_a_phone_is_on_its_first_screen(live_server, device, locale):
    code = api_game(live_server, "mage_knight", MK_SETUP)
    pick_all_tactics(live_server, code)
    acting = api_get(live_server, code)["view"]["current_seat"]
    phone = device(PHONE, locale=locale)
    phone.goto(f"{live_server}/g/{code}")
    on_first_screen(phone, "#who")  # a phone that just joined is asked who it is, at the top
    phone.locator(f"#who form:has(input[name=seat][value={acting}]) button").click()
    expect(phone.locator("#who")).to_have_count(0)
    expect(phone.locator(".seat-banner.now")).to_be_visible()
    on_first_screen(phone, ".seat-banner.now")  # "your turn"
    on_first_screen(phone, "#mk-turn form button")  # its first action: take a die
    on_first_screen(phone, ".btn-undo")

    # Its next turn comes while the page is scrolled to the bottom: the moment is brought back.
    before = api_get(live_server, code)["version"]
    phone.locator("#mk-turn form button").first.click()  # takes a die
    expect(phone.locator("#game-panel")).to_have_attribute("data-version", str(before + 1))
    api_act(live_server, code, "end_turn", {"player": acting})
    expect(phone.locator(".seat-banner.now")).to_have_count(0)
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    while (view := api_get(live_server, code)["view"])["current_seat"] != acting:
        api_act(live_server, code, "take_die", {"player": view["current_seat"], "die": view["takeable_dice"][0]})
        api_act(live_server, code, "end_turn", {"player": view["current_seat"]})
    expect(phone.locator(".seat-banner.now")).to_be_visible()
    on_first_screen(phone, ".seat-banner.now")


def test_just_watching_is_an_answer_and_is_not_asked_again(live_server, device):
    code = api_game(live_server, "mage_knight", MK_SETUP)
    phone = device(PHONE)
    phone.goto(f"{live_server}/g/{code}")
    phone.get_by_role("button", name="Just watching").click()
    expect(phone.locator("#who")).to_have_count(0)
    phone.reload()
    expect(phone.locator("#game-panel")).to_be_visible()
    expect(phone.locator("#who")).to_have_count(0)
    expect(phone.locator("#seats")).not_to_have_attribute("open", "")  # the seats wait, folded, below


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mice_and_mystics_turn_on_a_phone_is_on_its_first_screen(live_server, device, locale):
    code = api_game(live_server, "mice_mystics", {"mouse": ["collin", "lily", "nez", "filch"],
                                                  "minion_type": ["rat_warriors"], "minion_count": [2]})
    while (card := api_get(live_server, code)["view"]["acting_card"])["kind"] != "mouse":
        api_act(live_server, code, "next_turn")  # the minions go first: on to the first mouse
    phone = device(PHONE, locale=locale)
    phone.goto(f"{live_server}/g/{code}")
    on_first_screen(phone, "#who")
    phone.locator(f"#who form:has(input[name=seat][value='mouse:{card['mouse']}']) button").click()
    on_first_screen(phone, ".seat-banner.now")
    on_first_screen(phone, "form:has(input[name=action][value=next_turn]) button")
    api_act(live_server, code, "add_cheese", {"n": 1, "reason": "minion_attack"})  # a change: Undo appears
    expect(phone.locator(".btn-undo")).to_have_count(1)
    on_first_screen(phone, ".seat-banner.now")
    on_first_screen(phone, "form:has(input[name=action][value=next_turn]) button")
    on_first_screen(phone, ".btn-undo")


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mage_knight_tactic_pick_on_a_seated_phone_is_on_its_first_screen(live_server, device, locale):
    """After a change (the last change's line and Undo shown), the seated phone whose pick it is sees its
    tactics and Undo on the first screen; the offer to name the device waits below the game."""
    code = api_game(live_server, "mage_knight", MK_SETUP)
    api_act(live_server, code, "set_core_tile_revealed", {"revealed": True})  # a change: Undo appears
    picker = api_get(live_server, code)["view"]["pick_queue"][0]
    phone = device(PHONE, locale=locale)
    phone.goto(f"{live_server}/g/{code}")
    phone.locator(f"#who form:has(input[name=seat][value={picker}]) button").click()
    expect(phone.locator(".seat-banner.now")).to_be_visible()
    expect(phone.locator(".seat-banner .seat-label-offer")).to_have_count(0)
    expect(phone.locator(".seat-label-offer")).to_have_count(1)
    on_first_screen(phone, ".seat-banner.now")
    on_first_screen(phone, "ul.mk-tactic-list form button")
    on_first_screen(phone, ".btn-undo")
    undo = phone.locator(".btn-undo").bounding_box()
    tactic = phone.locator("ul.mk-tactic-list form button").first.bounding_box()
    assert tactic["y"] + tactic["height"] <= undo["y"], (tactic, undo)  # not under the Undo bar


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mice_and_mystics_on_a_phone_the_checklist_comes_before_the_track_and_undo_stays_one_line(
        live_server, device, locale):
    code = api_game(live_server, "mice_mystics", {"mouse": ["collin", "lily", "nez", "filch"],
                                                  "minion_type": ["rat_warriors"], "minion_count": [2]})
    while (card := api_get(live_server, code)["view"]["acting_card"])["kind"] != "mouse":
        api_act(live_server, code, "next_turn")
    other = next(m for m in ("collin", "lily", "nez", "filch") if m != card["mouse"])
    api_act(live_server, code, "mouse_cheese", {"mouse": other, "delta": 3})
    api_act(live_server, code, "capture_mouse", {"mouse": other})  # the longest label: every consequence
    phone = device(PHONE, locale=locale)
    phone.goto(f"{live_server}/g/{code}")
    phone.locator(f"#who form:has(input[name=seat][value='mouse:{card['mouse']}']) button").click()
    expect(phone.locator(".seat-banner.now")).to_be_visible()
    assert phone.locator("#mm-turn").bounding_box()["y"] < phone.locator("#mm-track").bounding_box()["y"]
    undo = phone.locator(".btn-undo").bounding_box()
    assert undo["height"] <= 72, undo  # one line, however long the change's name
    on_first_screen(phone, ".seat-banner.now")
    on_first_screen(phone, "form:has(input[name=action][value=next_turn]) button")
    on_first_screen(phone, ".btn-undo")


def test_a_roll_that_does_not_stand_is_brought_into_view_on_the_phone_that_entered_it(live_server, device):
    """The Source entry form is long on a phone; after Done its verdict ("reroll dice …") is shown where the
    phone is looking, not above the screen."""
    code = api_game(live_server, "mage_knight", {**MK_SETUP, "dice_mode": "table"})  # 5 dice
    phone = device(PHONE, locale="ru-RU")
    host = live_server.split("//", 1)[1].split(":")[0]
    phone.context.add_cookies([{"name": f"watching_{code}", "value": "1", "domain": host, "path": "/"}])
    phone.goto(f"{live_server}/g/{code}")  # a phone that said it is just watching: no question first
    form = phone.locator("#mk-enter-source")
    for i, colour in enumerate(("gold", "gold", "gold", "gold", "red")):  # four of five not basic: no stand
        form.locator(f"label:has(input[name=colour_{i}][value={colour}])").click()
    phone.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")  # Done, then below it
    form.locator("button[type=submit]").click()
    expect(phone.locator("#mk-verdict")).to_be_visible()
    expect(phone.locator("#mk-verdict")).to_be_in_viewport(ratio=1)


def test_a_phone_is_asked_for_its_seat_first_and_a_tablet_for_the_group_screen(live_server, device):
    """"Who is this?" on a phone offers the seats first, none of them gold (the walk of 2026-12-03 met a gold
    "The group screen" above them); on a tablet the group screen comes first, the one primary button."""
    code = api_game(live_server, "mage_knight", MK_SETUP)
    seat_button, screen_button = "#who .who-seats form button", "#who .who-screen button"
    gold = "e => getComputedStyle(e).backgroundImage !== 'none'"  # the primary's fill is a gradient
    phone, tablet = device(PHONE), device(TABLET)
    for page in (phone, tablet):
        page.goto(f"{live_server}/g/{code}")
    seat, screen = phone.locator(seat_button).first.bounding_box(), phone.locator(screen_button).bounding_box()
    assert seat["y"] + seat["height"] <= screen["y"], (seat, screen)
    assert not phone.locator(screen_button).evaluate(gold)
    assert not any(phone.locator(seat_button).evaluate_all(f"bs => bs.map({gold})"))
    seat, screen = tablet.locator(seat_button).first.bounding_box(), tablet.locator(screen_button).bounding_box()
    assert screen["y"] + screen["height"] <= seat["y"], (seat, screen)
    assert tablet.locator(screen_button).evaluate(gold)

