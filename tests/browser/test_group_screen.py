"""The group screen on a 10" tablet, landscape and portrait: who acts now, updated when a phone acts."""
from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, no_horizontal_scroll

LANDSCAPE = {"width": 1280, "height": 800}
PORTRAIT = {"width": 800, "height": 1280}


def api_game(base: str, kind: str, setup: dict) -> str:
    request = urllib.request.Request(base + "/api/games", data=json.dumps({"kind": kind, "setup": setup}).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())["code"]


@pytest.mark.parametrize("viewport", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_mice_screen_shows_the_acting_card_and_follows_a_phone(live_server, device, viewport):
    code = api_game(live_server, "mice_mystics", {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"],
                                                  "minion_count": [2]})
    screen, phone = device(viewport), device(PHONE)
    screen.goto(f"{live_server}/g/{code}/screen")
    phone.goto(f"{live_server}/g/{code}")
    acting = phone.locator("#game-panel").get_attribute("data-version")
    first = screen.locator(".screen-now").inner_text()
    expect(screen.locator(".mm-screen-track li.acting")).to_have_count(1)
    expect(screen.locator(".mms-wheel-count")).to_have_text("0/6")
    assert screen.locator(".qr svg").is_visible()
    assert no_horizontal_scroll(screen)

    phone.get_by_role("button", name="Next ▶").click()
    expect(screen.locator("#game-panel")).to_have_attribute("data-version", str(int(acting) + 1))
    expect(screen.locator(".screen-now")).not_to_have_text(first)
    assert (
        screen.locator(".screen-now").inner_text() == "▶ " + phone.locator("#mm-whose-turn").inner_text().strip()
        or screen.locator(".mm-screen-track li.acting .mm-screen-card").inner_text()
        in screen.locator(".screen-now").inner_text()
    )


PICK = "form:has(input[name=action][value=pick_tactic]) button[type=submit]"


@pytest.mark.parametrize("viewport", [LANDSCAPE, PORTRAIT], ids=["landscape", "portrait"])
def test_mage_knight_screen_shows_who_picks_and_follows_a_phone(live_server, device, viewport):
    code = api_game(live_server, "mage_knight", {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"],
                                                 "scenario": "full_conquest"})
    screen, phone = device(viewport), device(PHONE)
    screen.goto(f"{live_server}/g/{code}/screen")
    phone.goto(f"{live_server}/g/{code}")
    expect(screen.locator(".screen-now")).to_have_text("Boris")  # round 1: the last to choose a hero picks first
    expect(screen.locator(".mks-source .mk-die")).to_have_count(4)  # 2 players + 2
    assert no_horizontal_scroll(screen)
    phone.locator(PICK).first.click()
    expect(screen.locator(".screen-now")).to_have_text("Anna")
    expect(phone.locator("#game-panel")).to_have_attribute("data-version", "1")  # its own tap has landed
    phone.locator(PICK).first.click()
    expect(screen.locator(".mks-what")).to_have_text("Turn")
    expect(screen.locator(".mks-order li")).to_have_count(2)


def test_a_seated_phone_sees_your_pick_exactly_when_its_pick_comes(live_server, device):
    code = api_game(live_server, "mage_knight", {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"],
                                                 "scenario": "full_conquest"})
    anna, boris = device(PHONE), device(PHONE)
    for page, seat in ((anna, "Anna"), (boris, "Boris")):
        page.goto(f"{live_server}/g/{code}")
        page.locator("#who").get_by_role("button", name=seat).click()  # "Who is this phone?", at the top
        expect(page.locator(".seat-name")).to_have_text(seat)
    expect(boris.locator(".seat-cue")).to_have_text("Your pick")
    expect(anna.locator(".seat-cue")).to_have_text("Waiting for Boris to pick a tactic")
    boris.locator(PICK).first.click()
    expect(anna.locator(".seat-cue")).to_have_text("Your pick")  # live, without a reload
    expect(anna.locator(".seat-banner")).to_have_attribute("data-my-moment", "1")
    expect(boris.locator(".seat-cue")).not_to_have_text("Your pick")
    screen = device(LANDSCAPE)
    screen.goto(f"{live_server}/g/{code}/screen")
    # Every seat is taken: the join code and the devices (named by their seats) wait in a corner, one tap away.
    expect(screen.locator("#screen-corner")).not_to_have_attribute("open", "")
    expect(screen.locator(".screen-join .qr")).to_be_hidden()
    screen.locator("#screen-corner > summary").click()
    screen.locator(".screen-devices > summary").click()
    expect(screen.locator(".screen-devices li", has_text="Anna")).to_be_visible()
    expect(screen.locator(".screen-join .qr")).to_be_visible()


def test_the_group_screens_device_count_follows_a_phone_that_joins(live_server, device):
    """Opening the game on a phone changes nothing in the game: the screen asks again for its devices (every
    15 s, on the page's clock: no real wait) and its count goes up, the section's summary with it."""
    code = api_game(live_server, "mice_mystics", {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"],
                                                  "minion_count": [2]})
    screen = device(LANDSCAPE)
    screen.clock.install()
    screen.goto(f"{live_server}/g/{code}/screen")
    count = screen.locator("#screen-devices-count")
    before = int(count.inner_text().strip("()"))
    device(PHONE).goto(f"{live_server}/g/{code}")
    screen.clock.run_for(16_000)
    expect(count).to_have_text(f"({before + 1})")
    expect(screen.locator("#screen-devices li")).to_have_count(before + 1)
