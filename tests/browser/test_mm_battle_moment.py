"""Walk 42, a mouse's Battle on its player's phone (390×844), en and ru: what the battle needs was far down the
page — "−1 Roaches" at 1,413 px, the wheel's +cheese at 1,941, Filch's own +1 cheese at 2,699. While a Battle is
under way its moment holds them, on the first screen above the Undo bar with Finish Battle: each minion card's
−1 (or its figures' wounds), the wheel's +cheese with the minions' defence as its reason (on a mouse's turn the
minions roll to defend; on theirs, to attack), and the mouse's own +cheese."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import api_act, api_game, api_get, next_until
from tests.browser.test_mm_surge_boss_moment import on_first_screen, phone
from tests.browser.walks import MM_PARTY, at_version, take_seat

SHOTS = Path("/tmp/shots-fixb42")
PARTY = {**MM_PARTY, "minion_type": ["rat_warriors", "roaches"], "minion_count": [2, 1]}
FILCH_CHEESE = {"en-US": "+1 cheese for Filch", "ru-RU": "Филч: +1 жетон сыра"}


def filchs_battle(base: str) -> tuple[str, dict]:
    code = api_game(base, "mice_mystics", PARTY)
    next_until(base, code, lambda view: view["acting_card"].get("mouse") == "filch", "Filch's turn")
    api_act(base, code, "do_action", {"kind": "battle"})
    return code, api_get(base, code)


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_a_battle_under_way_holds_what_it_needs_on_the_first_screen(live_server, browser, locale):
    SHOTS.mkdir(exist_ok=True)
    code, game = filchs_battle(live_server)
    assert game["view"]["turn"]["in_action"] and game["view"]["turn"]["action"] == "battle"
    context, page = phone(browser, locale)
    try:
        page.goto(f"{live_server}/g/{code}")
        take_seat(page, "player:Chen")
        at_version(page, game["version"])
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(SHOTS / f"battle-{locale}.png"))
        moment = ".mm-moment"
        on_first_screen(page, f"{moment} .mm-finish", f"{locale}: Finish Battle")
        for card in ("rat_warriors", "roaches"):
            on_first_screen(page, f"{moment} form:has(input[name=action][value=remove_figures])"
                                  f":has(input[name=card][value={card}]):has(input[name=n][value='1']) button",
                            f"{locale}: −1 {card}")
        plus = f"{moment} form:has(input[name=action][value=add_cheese])"
        on_first_screen(page, f"{plus} button[value='1']", f"{locale}: the wheel's +1")
        on_first_screen(page, f"{plus} select", f"{locale}: the wheel's reason")
        # The mouse attacks, the minions defend: their defence roll's cheese.
        expect(page.locator(f"{plus} select")).to_have_value("minion_defence")
        own = page.get_by_role("button", name=FILCH_CHEESE[locale], exact=True)
        expect(own).to_have_count(1)
        on_first_screen(page, f"{moment} form:has(input[name=action][value=mouse_cheese]) button[value='1']",
                        f"{locale}: Filch's +1 cheese")
        # The taps count where they are.
        version = game["version"]
        page.locator(f"{plus} button[value='2']").tap()
        at_version(page, version + 1)
        expect(page.locator("#mm-wheel-count")).to_have_text("2")
        own.tap()
        at_version(page, version + 2)
        filch = next(m for m in api_get(live_server, code)["view"]["mice"] if m["id"] == "filch")
        assert filch["cheese"] == 1
        assert api_get(live_server, code)["view"]["cheese_wheel"] == 2
    finally:
        context.close()


def test_on_the_minions_turn_the_wheels_reason_is_their_attack(live_server, browser):
    code = api_game(live_server, "mice_mystics", PARTY)
    game = next_until(live_server, code, lambda view: view["acting_card"]["kind"] == "minion", "the minions' turn")
    context, page = phone(browser, "en-US")
    try:
        page.goto(f"{live_server}/g/{code}")
        at_version(page, game["version"])
        expect(page.locator(".mm-moment form:has(input[name=action][value=add_cheese]) select")).to_have_value(
            "minion_attack")
    finally:
        context.close()


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_finish_battle_is_on_the_first_screen_with_a_boss_s_life_owed_and_two_cards_of_figures(live_server, browser,
                                                                                               locale):
    """Crawler seed 135 (bench.crawl, every 2nd moment): Skitter-Clak's Life owed above the moment and two Spider
    cards with their figures' wounds in the battle ran Finish Battle to 987..1065 px on a Russian phone, under the
    Undo bar (room to 779). Here the Spiders and the Roaches, each card with its controls. Finish comes first in
    the battle, its taps after it."""
    code = api_game(live_server, "mice_mystics", {**MM_PARTY, "minion_type": ["spider", "roaches"],
                                                  "minion_count": [2, 2]})
    api_act(live_server, code, "minions_arrive", {"minion_type": ["skitter_clak"], "minion_count": [1],
                                                  "source": "encounter"})
    game = next_until(live_server, code, lambda view: view["acting_card"].get("mouse") == "filch", "Filch's turn")
    assert [card for card in game["view"]["track"] if card["life_asked"]]  # the boss's Life is owed
    api_act(live_server, code, "do_action", {"kind": "battle"})
    context, page = phone(browser, locale)
    try:
        page.goto(f"{live_server}/g/{code}")
        take_seat(page, "player:Chen")
        at_version(page, api_get(live_server, code)["version"])
        page.evaluate("window.scrollTo(0, 0)")
        on_first_screen(page, ".mm-moment .mm-finish", f"{locale}: Finish Battle")
    finally:
        context.close()
