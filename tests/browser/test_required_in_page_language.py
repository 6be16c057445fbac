"""A control the browser checks before sending says what is missing in the page's language, not the browser's
(Chromium's own bubble is English whatever the page: "Please check this box if you want to proceed")."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, api_act, api_game, api_get
from tests.browser.walks import MK_PLAYERS, seats_offered, take_seat

SAYS = {"en-US": {"deck": "Tick this box first", "die": "Choose the die", "face": "tap the colour it shows"},
        "ru-RU": {"deck": "Сначала отметьте", "die": "Выберите кубик", "face": "отметьте, какой цвет выпал"}}


def seated_phone(live_server, device, code, seat, locale):
    phone = device(PHONE, locale=locale)
    phone.goto(f"{live_server}/g/{code}")
    phone.locator(f"#who form:has(input[name=seat][value={seat}]) button").click()
    expect(phone.locator(".seat-banner.now")).to_be_visible()
    return phone


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_end_of_round_without_its_box_and_mana_steal_without_a_die_say_so_in_the_pages_language(
        live_server, device, locale):
    code = api_game(live_server, "mage_knight", {**MK_PLAYERS, "dice_mode": "table"})
    api_act(live_server, code, "enter_source", {"colours": ["red", "blue", "green", "white", "red"]})
    view = api_get(live_server, code)["view"]
    assert "mana_steal" in view["tactics_available"]
    picker = view["pick_queue"][0]
    phone = seated_phone(live_server, device, code, picker, locale)
    phone.locator(".mk-steal button[type=submit]").click()  # no die chosen
    message = phone.locator("#mk-steal-die").evaluate("e => e.validationMessage")
    assert SAYS[locale]["die"] in message, message
    assert api_get(live_server, code)["view"]["phase"] == "tactics"  # nothing was sent

    while (view := api_get(live_server, code)["view"])["phase"] == "tactics":
        tactic = next(t for t in view["tactics_available"] if t not in ("mana_steal", "mana_search"))
        api_act(live_server, code, "pick_tactic", {"player": view["pick_queue"][0], "tactic": tactic})
    if view["current_seat"] == picker:
        phone.reload()
    else:
        phone = seated_phone(live_server, device, code, view["current_seat"], locale)
    phone.locator("#mk-announce button[type=submit]").click()  # the box not ticked
    message = phone.locator("#mk-announce input[name=deck_empty]").evaluate("e => e.validationMessage")
    assert SAYS[locale]["deck"] in message, message
    phone.locator("#mk-announce input[name=deck_empty]").check()  # ticked: the message goes, the form sends
    assert phone.locator("#mk-announce input[name=deck_empty]").evaluate("e => e.validationMessage") == ""


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_source_dice_with_a_die_left_unset_say_so_in_the_pages_language(live_server, device, locale):
    """Mage Knight with the table's dice: Done with a die not tapped names that die in the page's language, and
    tapping any colour of that die (not only the first, which carries the check) clears the message."""
    code = api_game(live_server, "mage_knight", {**MK_PLAYERS, "dice_mode": "table"})
    before = api_get(live_server, code)
    phone = device(PHONE, locale=locale)
    phone.goto(f"{live_server}/g/{code}")
    take_seat(phone, seats_offered(phone)[0])
    form = phone.locator("#mk-enter-source")
    form.locator("button[type=submit]").click()  # no die tapped
    first = form.locator("input[name=colour_0]").first
    message = first.evaluate("e => e.validationMessage")
    assert SAYS[locale]["face"] in message, message
    assert ("1" in message) and ("Please" not in message), message
    assert api_get(live_server, code)["version"] == before["version"]  # nothing was sent
    form.locator("input[name=colour_0]").nth(2).check(force=True)  # another colour of the same die
    assert first.evaluate("e => e.validationMessage") == ""
