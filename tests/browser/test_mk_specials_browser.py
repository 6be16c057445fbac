"""Mage Knight on a phone: a flipped Round Order token in one tap (and undone), and "Can I play this?" folded
below the moment, answered in place."""
from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.browser.conftest import PHONE, api_act, api_game, api_get, pick_all_tactics
from tests.browser.test_accessibility import check

MK_SETUP = {"player_name": ["Vera", "Boris", "Chen"], "hero": ["tovak", "goldyx", "norowas"],
            "scenario": "full_conquest", "dice_mode": "app"}


def test_mk_tok_1_a_token_flipped_in_one_tap_and_undone_on_a_phone(live_server, device):
    code = api_game(live_server, "mage_knight", MK_SETUP)
    pick_all_tactics(live_server, code)
    view = api_get(live_server, code)["view"]
    other = next(s for s in view["round_order"] if s != view["current_seat"])
    name = next(p["name"] for p in view["players"] if p["id"] == other)
    phone = device(PHONE)
    phone.goto(f"{live_server}/g/{code}")
    phone.get_by_role("button", name="Just watching").click()
    expect(phone.locator("#who")).to_have_count(0)  # its answer has swapped the panel: now the page stands
    phone.locator("#mk-tokens summary").click()
    phone.get_by_role("button", name=f"{name}: token flipped").click()
    expect(phone.locator(".mk-token-down")).to_have_count(2)  # in Round Order and on the player's line
    assert api_get(live_server, code)["state"]["flipped_tokens"] == [other]
    phone.locator(".btn-undo").first.click()
    expect(phone.locator(".mk-token-down")).to_have_count(0)
    assert api_get(live_server, code)["state"]["flipped_tokens"] == []


def test_mk_deed_1_can_i_play_this_answers_in_place_on_a_phone(live_server, device):
    code = api_game(live_server, "mage_knight", MK_SETUP)
    pick_all_tactics(live_server, code)
    phone = device(PHONE)
    phone.goto(f"{live_server}/g/{code}")
    phone.get_by_role("button", name="Just watching").click()
    expect(phone.locator("#who")).to_have_count(0)  # its answer has swapped the panel: now the page stands
    expect(phone.locator("#mk-can-play")).not_to_have_attribute("open", "")  # folded below the moment
    phone.locator("#mk-can-play summary").click()
    phone.locator("#mk-cp-card").select_option("wound")
    phone.get_by_role("button", name="Can I play it?").click()
    expect(phone.locator("#mk-can-play-answer")).to_contain_text("No: a Wound is never played.")
    assert phone.url.endswith(f"/g/{code}")  # htmx answered in place: the page stays
    phone.locator("#mk-cp-card").select_option("artifact")
    phone.locator("#mk-cp-effect").select_option("strong")
    phone.get_by_role("button", name="Can I play it?").click()
    expect(phone.locator("#mk-can-play-answer")).to_contain_text("Yes: destroy the Artifact")


def test_mk_scn_specials_screens_have_no_serious_accessibility_violations(live_server, device):
    page = device(PHONE, locale="ru-RU")
    problems: dict = {}
    mines = api_game(live_server, "mage_knight", {**MK_SETUP, "scenario": "mines_liberation"})
    pick_all_tactics(live_server, mines)
    view = api_get(live_server, mines)["view"]
    other = next(s for s in view["round_order"] if s != view["current_seat"])
    api_act(live_server, mines, "flip_token", {"player": other})
    api_act(live_server, mines, "set_mines", {"player": "p1", "count": 1})
    check(page, f"{live_server}/g/{mines}", problems, open_details=True)  # tokens, mines, Can I play this?
    dark = api_game(live_server, "mage_knight", {**MK_SETUP, "daytime": "darkness_is_coming", "dice_mode": "table"})
    api_act(live_server, dark, "enter_source", {"colours": ["red", "blue", "green", "white", "red"]})
    pick_all_tactics(live_server, dark)
    api_act(live_server, dark, "announce_end_of_round",
            {"player": api_get(live_server, dark)["view"]["current_seat"], "deck_empty": 1})
    while (view := api_get(live_server, dark)["view"])["phase"] == "turns":
        api_act(live_server, dark, "end_turn", {"player": view["current_seat"]})
    assert api_get(live_server, dark)["view"]["darkness_roll_due"]
    check(page, f"{live_server}/g/{dark}", problems, open_details=True)  # the two dice's palettes
    check(page, f"{live_server}/new/mage_knight", problems, open_details=True)  # the variant at setup
    assert problems == {}, json.dumps(problems, indent=1, ensure_ascii=False)
