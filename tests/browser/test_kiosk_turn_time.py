"""Issue 44: the group screen's turn time, a table's setting. Switched on, in the densest states the kiosk tests
use — three players, the Dummy and Mana Steal's die; a campaign with bosses and eleven cards on the track; four
mice with every seat free — with the join code open, on 1024×768, 768×1024 and 1280×800 in English and Russian:
the minutes are in view, quiet but readable from a metre (16 px or more), never under the join code, and the page
never scrolls. Switched off (tests/browser/test_kiosk_screen.py), the screen is as it was."""
from __future__ import annotations

import re
from datetime import datetime

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import api_act, api_game, api_get
from tests.browser.test_kiosk_screen import (FITS, IN_VIEW, ONE_LINE, SIZES, SMALLEST_PX, WRAPS,
                                             mage_knight_cooperative_round, mice_and_mystics_campaign,
                                             seeded_live_server, version_of)
from tests.browser.walks import MK_FOUR_PLAYERS, at_version, mage_knight_round

__all__ = ["seeded_live_server"]  # a fixture of this module's tests too

TABLETS = [{"width": 1024, "height": 768}, {"width": 768, "height": 1024}, {"width": 1280, "height": 800}]
CLOCK = ".screen-clock"
MINUTES = {"en-US": re.compile(r"^(Turn \d+ min\s+)?Round \d+ min$"),
           "ru-RU": re.compile(r"^(Ход \d+ мин\s+)?Раунд \d+ мин$")}


def screens(device, base: str, code: str, locale: str, sizes: list = TABLETS) -> list:
    pages = []
    for size in sizes:
        page = device(size, locale=locale)
        page.goto(f"{base}/g/{code}/screen")
        pages.append(page)
    return pages


def check(pages, base: str, code: str, locale: str, name: str, turn: bool | None = None) -> None:
    """Every page shows the turn time (the turn's minutes too when `turn`), fitting as the kiosk must."""
    version = version_of(base, code)
    for page in pages:
        at_version(page, version)
        size = page.viewport_size
        where = f"at {name} on {size['width']}×{size['height']} ({locale})"
        clock = page.locator(CLOCK)
        expect(clock).to_be_visible()
        expect(clock).to_have_text(MINUTES[locale])
        if turn is not None:
            expect(clock.locator("time")).to_have_count(2 if turn else 1)
        problems = page.evaluate(FITS, [*IN_VIEW, CLOCK]) + [
            f"{s} is {px}px, under {least}px" for s, px, least in page.evaluate(SIZES, {**SMALLEST_PX, CLOCK: 16})]
        problems += page.evaluate(WRAPS, [*ONE_LINE, f"{CLOCK} > span"])  # a line each
        if problems:
            page.screenshot(path=f"/tmp/kiosk-clock-{name}-{size['width']}x{size['height']}.png")
        assert not problems, f"{where}: {problems}"


def show_turn_time(base: str, code: str) -> None:
    api_act(base, code, "show_turn_time", {"show": 1})


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_turn_time_fits_three_players_the_dummy_and_mana_steals_die(seeded_live_server, device, locale):
    moments = mage_knight_cooperative_round(seeded_live_server)
    name = next(moments)
    code = mage_knight_cooperative_round.code
    show_turn_time(seeded_live_server, code)
    pages = screens(device, seeded_live_server, code, locale)
    seen = []
    while name is not None:
        view = api_get(seeded_live_server, code)["view"]
        check(pages, seeded_live_server, code, locale, name,
              turn=view["phase"] == "turns")  # the Dummy's turn too
        for page in pages:
            expect(page.locator(".mks-source .mk-die")).to_have_count(6)
        seen.append(name)
        name = next(moments, None)
    assert any("dummy" in n for n in seen) and any("end-of-round" in n for n in seen), seen


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_turn_time_fits_four_players_round_and_its_preparation_standing(live_server, device, locale):
    """Standing, as test_kiosk_screen's four players (lying, four players' Russian free seats in two lines run Round
    Order past 768 px with the setting off too: 786 px at the last turns)."""
    moments = mage_knight_round(live_server, players=MK_FOUR_PLAYERS)
    moment = next(moments)
    code = mage_knight_round.code
    show_turn_time(live_server, code)
    pages = screens(device, live_server, code, locale, sizes=[{"width": 768, "height": 1024}])
    seen = 0
    while moment is not None:
        check(pages, live_server, code, locale, moment.name)
        seen += 1
        moment = next(moments, None)
    assert seen >= 20


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_turn_time_fits_a_campaign_with_bosses_and_eleven_cards(live_server, device, locale):
    moments = mice_and_mystics_campaign(live_server)
    name = next(moments)
    code = mice_and_mystics_campaign.code
    show_turn_time(live_server, code)
    pages = screens(device, live_server, code, locale)
    seen = []
    while name is not None:
        if name.endswith("chapter-won"):  # the chapter is over: no turn, no round goes on
            for page in pages:
                at_version(page, version_of(live_server, code))
                expect(page.locator(CLOCK)).to_have_count(0)
        else:
            check(pages, live_server, code, locale, name)
        seen.append(name)
        name = next(moments, None)
    assert len(seen) == 9


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_turn_time_fits_four_mice_before_anyone_sits_down(live_server, device, locale):
    code = api_game(live_server, "mice_mystics", {"mouse": ["collin", "tilda", "nez", "filch"], "story_chapter": "1",
                                                  "minion_type": ["rat_warriors"], "minion_count": [2]})
    show_turn_time(live_server, code)
    pages = screens(device, live_server, code, locale)
    for _ in range(len(api_get(live_server, code)["view"]["track"])):
        game = api_get(live_server, code)
        check(pages, live_server, code, locale, f"free-seats-{game['view']['acting']}")
        api_act(live_server, code, "next_turn")


def test_the_minutes_count_on_by_the_servers_clock_not_the_tablets(live_server, device):
    """A tablet whose clock is years behind: the minutes the server counted, then one more each minute
    the screen shows them, with no word from the server; a live update draws them again."""
    code = api_game(live_server, "mice_mystics", {"mouse": ["lily", "nez"], "controller": ["Vera", "Boris"],
                                                  "minion_type": ["rat_warriors"], "minion_count": [2]})
    show_turn_time(live_server, code)
    screen = device(TABLETS[0])
    screen.clock.install(time=datetime(2001, 1, 1))  # a wrong clock, before the pages' scripts run
    screen.goto(f"{live_server}/g/{code}/screen")
    minutes = screen.locator(f"{CLOCK} time")
    expect(minutes).to_have_count(2)  # the first card's turn (a mouse's or the minions'): the turn's and the round's
    drawn = [int(m) for m in minutes.all_text_contents()]
    assert drawn == [int(s) // 60 for s in
                     (minutes.nth(i).get_attribute("data-seconds") for i in range(2))] and max(drawn) < 30
    screen.clock.run_for(3 * 60_000)
    expect(minutes.nth(0)).to_have_text(str(drawn[0] + 3))
    expect(minutes.nth(1)).to_have_text(str(drawn[1] + 3))
    api_act(live_server, code, "next_turn")  # the next card's turn begins: its minutes from the server again
    at_version(screen, version_of(live_server, code))
    expect(minutes.nth(0)).to_have_text("0")
    screen.clock.run_for(60_000)
    expect(minutes.nth(0)).to_have_text("1")


@pytest.mark.parametrize("text", ["small", "large"])
@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_group_screen_keeps_its_type_on_a_tablet_that_chose_a_text_size(live_server, device, locale, text):
    """The menu's text size scales a page's type (small 0.875, large 1.25), chosen for reading in the hand: on the
    group screen, small text made the clock 14 px (the kiosk's least is 16) and the moment 43 px (44). The group
    screen's type is sized for its screen: it fits and reads as with normal text."""
    code = api_game(live_server, "mice_mystics", {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"],
                                                  "minion_count": [2]})
    show_turn_time(live_server, code)
    for size in TABLETS:
        page = device(size, locale=locale)
        page.context.add_cookies([{"name": "text_size", "value": text, "url": live_server}])
        page.goto(f"{live_server}/g/{code}/screen")
        expect(page.locator("html")).to_have_class(re.compile(rf"\btext-{text}\b"))
        check([page], live_server, code, locale, f"{text}-text", turn=True)
