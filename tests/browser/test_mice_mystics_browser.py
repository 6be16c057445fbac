"""Chapter 1 of Mice and Mystics on a tablet, followed live on a phone joined to the same game."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.conftest import PHONE, TABLET, no_horizontal_scroll


def track_names(page) -> list[str]:
    return page.locator(".mm-track .mm-card-name").all_inner_texts()


def acting_index(page) -> int:
    classes = page.locator(".mm-track > li").evaluate_all("cards => cards.map(c => c.className)")
    return next(i for i, c in enumerate(classes) if "mm-acting" in c)


def same_on_phone(tablet, phone) -> None:
    """The phone shows what the tablet shows: the same version, whose turn, the track, the wheel."""
    version = tablet.locator("#game-panel").get_attribute("data-version")
    expect(phone.locator("#game-panel")).to_have_attribute("data-version", version)
    expect(phone.locator("#mm-whose-turn")).to_have_text(tablet.locator("#mm-whose-turn").inner_text())
    expect(phone.locator(".mm-track .mm-card-name")).to_have_text(track_names(tablet))
    expect(phone.locator("#mm-wheel-count")).to_have_text(tablet.locator("#mm-wheel-count").inner_text())
    assert acting_index(phone) == acting_index(tablet)


def press_next(tablet, phone) -> None:
    version = int(tablet.locator("#game-panel").get_attribute("data-version"))
    tablet.get_by_role("button", name="Next ▶").click()
    expect(tablet.locator("#game-panel")).to_have_attribute("data-version", str(version + 1))
    same_on_phone(tablet, phone)


def test_chapter_one_on_a_tablet_followed_on_a_phone(live_server, device):
    tablet = device(TABLET)
    tablet.goto(live_server + "/")
    tablet.get_by_role("link", name="Mice and Mystics").click()
    # the party: Lily (Ann), Filch (Bo), Nez; a chapter of the group's own (Chapter 1's Party Setup would want 4
    # mice and no Lily, MM-CMP-5), end page 6; two rats on the board
    tablet.get_by_label("Story book chapter").select_option("")
    tablet.get_by_label("Lily", exact=True).check()
    tablet.get_by_label("Player of Lily").fill("Ann")
    tablet.get_by_label("Filch", exact=True).check()
    tablet.get_by_label("Player of Filch").fill("Bo")
    tablet.get_by_label("Nez", exact=True).check()
    expect(tablet.get_by_label("Chapter end marker on page")).to_have_value("6")
    tablet.get_by_label("Minion type 1").select_option("rat_warriors")
    tablet.locator("#setup-minion-count-1").fill("2")
    assert no_horizontal_scroll(tablet)
    tablet.get_by_role("button", name="Start").click()

    expect(tablet.locator(".mm-track > li")).to_have_count(4)
    assert sorted(track_names(tablet)) == ["Filch", "Lily", "Nez", "Rat Warriors"]
    expect(tablet.locator(".mm-track .mm-acting .mm-now-marker")).to_have_text("▶ now")
    expect(tablet.locator("#mm-page")).to_have_text("1")
    expect(tablet.locator(".mm-wheel .mm-slot")).to_have_count(6)
    assert no_horizontal_scroll(tablet)

    phone = device(PHONE)
    phone.goto(live_server + "/new/mice_mystics")
    assert no_horizontal_scroll(phone)
    phone.goto(tablet.url)
    same_on_phone(tablet, phone)
    assert no_horizontal_scroll(phone)

    # a few turns with Next; on the first mouse turn, walk through its checklist
    checked = False
    for _ in range(5):
        if not checked and tablet.locator("#mm-turn").count():
            turn = tablet.locator("#mm-turn")
            turn.get_by_role("button", name="Move", exact=True).click()
            expect(turn.get_by_role("button", name="✓ Moved", exact=True)).to_be_disabled()
            turn.get_by_role("button", name="Battle", exact=True).click()
            # One action a turn: the five give way to the chosen one's Finish, the moment's primary, first in it.
            expect(turn.get_by_role("button", name="Search", exact=True)).to_have_count(0)
            finish = tablet.locator(".mm-next").get_by_role("button", name="Finish Battle")
            expect(finish).to_have_attribute("data-shortcut", "next")
            expect(tablet.get_by_role("button", name="Next ▶")).not_to_have_attribute("data-shortcut", "next")
            expect(turn.get_by_role("button", name="Share", exact=True)).to_be_disabled()
            finish.click()
            expect(turn.get_by_role("button", name="Share", exact=True)).to_be_enabled()
            same_on_phone(tablet, phone)
            expect(phone.locator("#mm-turn")).to_contain_text("Battle")
            checked = True
        press_next(tablet, phone)
    assert checked
    assert no_horizontal_scroll(phone)

    # the mice beat the rats: two figures off, the card leaves the track
    tablet.get_by_role("button", name="−1 Rat Warriors").click()
    expect(tablet.locator(".mm-track .mm-card-minion .mm-figures")).to_have_text("1 figure")
    same_on_phone(tablet, phone)
    expect(phone.locator(".mm-track .mm-card-minion .mm-figures")).to_have_text("1 figure")
    tablet.get_by_role("button", name="−1 Rat Warriors").click()
    expect(tablet.locator(".mm-track > li")).to_have_count(3)
    same_on_phone(tablet, phone)
    expect(phone.locator(".mm-track .mm-card-minion")).to_have_count(0)
    expect(tablet.locator("#mm-wheel-count")).to_have_text("0")

    # Time is Short: the last mouse ends its turn with no minions on the board
    while acting_index(tablet) != 2:
        press_next(tablet, phone)
    expect(tablet.locator("#mm-wheel-count")).to_have_text("0")
    press_next(tablet, phone)
    expect(tablet.locator("#mm-wheel-count")).to_have_text("1")
    expect(tablet.locator(".mm-wheel .mm-full")).to_have_count(1)
    for page in (tablet, phone):
        expect(page.locator(".last-event .notice").first).to_contain_text("Time is Short")
        expect(page.locator("#mm-wheel-count")).to_have_text("1")

    # more cheese (minion attacks) until the wheel surges; the hourglass moves to page 2
    for n in range(2, 6):
        tablet.get_by_role("button", name="+1 cheese", exact=True).click()
        expect(tablet.locator("#mm-wheel-count")).to_have_text(str(n))
        same_on_phone(tablet, phone)
    tablet.get_by_label("Why cheese goes on the wheel").select_option("greedy_roach")
    tablet.get_by_role("button", name="+1 cheese", exact=True).click()
    expect(tablet.locator("#mm-surge")).to_be_visible()
    # the device that filled the wheel is taken to the question, wherever it was scrolled
    expect(tablet.locator("#mm-surge")).to_be_in_viewport()
    expect(tablet.locator("#mm-surge")).to_be_focused()
    expect(tablet.locator("#mm-wheel-count")).to_have_text("0")
    expect(tablet.locator("#mm-page")).to_have_text("2")
    expect(tablet.get_by_role("button", name="Next ▶")).to_have_count(0)  # the question is the moment now
    expect(phone.locator("#mm-surge")).to_contain_text("Does this room have a special surge?")
    expect(phone.locator("#mm-page")).to_have_text("2")
    assert no_horizontal_scroll(phone)

    # the room has a special surge: two roaches join the track on the next free space
    tablet.locator("#surge-yes-type-1").select_option("roaches")
    tablet.locator("#surge-yes-count-1").fill("2")
    tablet.get_by_role("button", name="Yes, the room's surge").click()
    expect(tablet.locator("#mm-surge")).to_have_count(0)
    expect(tablet.locator(".mm-track > li")).to_have_count(4)
    assert track_names(tablet)[-1] == "Roaches"
    expect(tablet.get_by_role("button", name="Next ▶")).to_be_enabled()
    expect(phone.locator("#mm-surge")).to_have_count(0)
    same_on_phone(tablet, phone)
    expect(phone.locator(".mm-track .mm-card-minion .mm-figures")).to_have_text("2 figures")

    # play on into the next round: the roaches' turn tells who moves them
    for _ in range(4):
        press_next(tablet, phone)
        if tablet.locator(".mm-track .mm-card-minion.mm-acting").count():
            expect(phone.locator(".mm-reminder")).to_contain_text("Minions: each figure moves")
    expect(phone.locator(".mm-mover")).to_have_text(tablet.locator(".mm-mover").inner_text())
    for page in (tablet, phone):
        assert re.search(r"Round \d", page.locator(".mm-chapter").inner_text())
        page.locator("details").evaluate_all("all => all.forEach(d => { d.open = true; })")
        assert no_horizontal_scroll(page)
