"""One whole Mage Knight round and the next round's preparation, played from a phone, watched on a tablet."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TABLET, no_horizontal_scroll


def both(pages, check):
    for page in pages:
        check(page)


def who(name):
    return lambda page: expect(page.locator("#mk-who")).to_have_text(name)


NIGHT_BG, DAY_BG = "rgb(16, 18, 24)", "rgb(232, 228, 220)"  # Mage Knight: dark stone, pale stone (app.css)


def palette(background):
    """The page's palette as seen: the body's background (the panel is swapped in place, no reload)."""
    return lambda page: expect(page.locator("body")).to_have_css("background-color", background)


def fits(page):
    assert no_horizontal_scroll(page), page.url


def test_a_two_player_round_on_a_phone_seen_live_on_a_tablet(live_server, device):
    phone = device(PHONE)
    phone.goto(live_server + "/new/mage_knight")
    # the form starts with 2 player rows
    phone.get_by_label("Player 1 name").fill("Anna")
    phone.get_by_label("Player 1 hero").fill("Tovak")
    phone.get_by_label("Player 2 name").fill("Boris")
    phone.get_by_label("Player 2 hero").fill("Goldyx")
    phone.get_by_label("Scenario", exact=True).select_option("first_reconnaissance")
    phone.get_by_label("The app rolls").check()
    fits(phone)
    phone.get_by_role("button", name="Start").click()
    expect(phone.locator(".mk-round")).to_have_text("Round 1 of 3")
    expect(phone.locator("html")).to_have_class(re.compile(r"\bday\b"))
    palette(DAY_BG)(phone)

    tablet = device(TABLET)
    tablet.goto(phone.url)
    pages = (phone, tablet)

    # Round 1: no preparation; the app rolled the Source and shows it (colour word on each die)
    def source_shown(page):
        expect(page.locator("#mk-source .mk-dice .mk-die")).to_have_count(4)
        expect(page.locator("#mk-rolls li").first).to_be_visible()
        words = page.locator("#mk-source .mk-dice .mk-die-word").all_inner_texts()
        assert all(w in ("red", "blue", "green", "white", "gold", "black") for w in words)
    both(pages, source_shown)
    both(pages, fits)

    # Tactics: reverse hero-choice order in round 1, Boris first
    both(pages, who("Boris"))
    phone.get_by_role("button", name="Planning").click()
    both(pages, who("Anna"))
    expect(tablet.locator("#mk-tactics .mk-tactic-list")).not_to_contain_text("Planning")
    tablet.get_by_role("button", name="Early Bird").click()  # a pick from the other device

    # Turns: Early Bird (1) before Planning (4)
    both(pages, lambda p: expect(p.locator(".mk-now-what")).to_have_text("Turn"))
    both(pages, who("Anna"))
    expect(tablet.locator("#mk-order li").first).to_contain_text("Anna")
    phone.locator(".mk-take button").first.click()
    both(pages, lambda p: expect(p.locator(".mk-reroll")).to_contain_text("the app rolls the dice you used"))
    phone.get_by_role("button", name="End turn", exact=True).click()
    both(pages, who("Boris"))
    expect(tablet.locator(".mk-reroll")).to_have_count(0)
    phone.locator(".mk-take button").first.click()
    both(pages, lambda p: expect(p.locator("#mk-source")).to_contain_text("(in use)"))
    phone.get_by_role("button", name="End turn", exact=True).click()
    both(pages, who("Anna"))
    phone.get_by_role("button", name="End turn", exact=True).click()
    both(pages, who("Boris"))
    fits(phone)

    # Boris announces End of Round: he must confirm his Deed deck is empty
    phone.get_by_label("Yes, the Deed deck is empty").check()
    phone.get_by_role("button", name="Announce End of Round").click()
    both(pages, who("Anna"))
    both(pages, lambda p: expect(p.locator("#mk-countdown")).to_contain_text("Last turns left: 1"))
    both(pages, lambda p: expect(p.locator(".mk-now-what")).to_have_text("Last turn"))
    phone.get_by_role("button", name="End turn", exact=True).click()

    # Round 2: preparation at Night, dark palette on both devices
    both(pages, palette(NIGHT_BG))
    both(pages, lambda p: expect(p.locator(".mk-round")).to_have_text("Round 2 of 3"))
    both(pages, lambda p: expect(p.locator("#mk-step-text")).to_have_text("Flip the Day/Night board to Night."))
    both(pages, fits)

    # The checklist, one step at a time, ticked from either device; the other sees each step
    for n in range(1, 8):
        actor, watcher = (phone, tablet) if n % 2 else (tablet, phone)
        expect(actor.locator(".mk-who")).to_have_text(f"Step {n} of 7")
        expect(watcher.locator(".mk-who")).to_have_text(f"Step {n} of 7")
        # the big button is the step's own Done; the whole list at once waits folded below it (it asks first)
        expect(actor.locator("#mk-prep .btn-huge")).to_have_class(re.compile(r"\bmk-step-done\b"))
        if n < 7:
            expect(actor.locator("#mk-prep .mk-prep-all > summary")).to_have_text(
                "Every step already done at the table?"
            )
            expect(actor.get_by_role("button", name="Done: the round is prepared")).to_be_hidden()
            assert (actor.locator("#mk-prep .mk-step-done").bounding_box()["y"]
                    < actor.locator("#mk-prep .mk-prep-all").bounding_box()["y"])
        actor.locator("#mk-prep .mk-step-done").click()
        if n < 7:
            both(pages, lambda p, n=n: expect(p.locator(".mk-who")).to_have_text(f"Step {n + 1} of 7"))
            both(pages, lambda p, n=n: expect(p.locator(".mk-checklist .mk-done")).to_have_count(n))
    both(pages, who("Boris"))  # equal Fame: the lower Round Order token (Boris's) picks first
    both(pages, lambda p: expect(p.locator("#mk-tactics")).to_contain_text("Long Night"))
    both(pages, palette(NIGHT_BG))
    both(pages, fits)
    tablet.reload()  # a full load puts the palette on <html> itself
    expect(tablet.locator("html")).to_have_class(re.compile(r"\bnight\b"))

    # every tap target in the panel is at least 44 px high on the phone
    # (a checkbox counts by the label around it, which is the tap target)
    targets = ("#game-panel button, #game-panel summary, #game-panel select, "
               "#game-panel input:not([type=hidden]):not([type=checkbox]), #game-panel label:has(input[type=checkbox])")
    small = phone.evaluate("""(sel) => [...document.querySelectorAll(sel)]
        .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 44)
        .map(e => e.outerHTML.slice(0, 80))""", targets)
    assert small == []
    assert re.search(r"/g/[A-Z0-9]+$", tablet.url)
