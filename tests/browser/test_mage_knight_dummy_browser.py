"""A Solo Conquest played to its end on a phone: the Dummy's turns tapped from the phone's first screen, its End
of Round by itself, the Spell's colour at preparation, the scenario end with no last turn for the Dummy."""
from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.conftest import PHONE, api_get
from tests.browser.test_accessibility import violations
from tests.browser.test_phone_first import on_first_screen

COLOURS = ["green", "red", "white", "blue"]  # the Dummy (Goldyx: green green blue) flips 5, 3, 3, 4 cards


def tap(phone, live_server, code, locator) -> dict:
    """Tap, wait for the panel of the version the tap leads to, and return the game's view then."""
    before = api_get(live_server, code)["version"]
    locator.click()
    expect(phone.locator("#game-panel")).to_have_attribute("data-version", str(before + 1))
    return api_get(live_server, code)["view"]


def another_look(device, url: str) -> None:
    """The Dummy's turn and block (opened) and the group screen: no axe violation; thumb-sized taps."""
    look = device(PHONE)
    look.goto(url)
    look.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    assert violations(look) == []
    small = look.evaluate("""Array.from(document.querySelectorAll('#mk-dummy-turn button, #mk-dummy button'))
        .map(b => b.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).length""")
    assert small == 0
    look.goto(url + "/screen")
    expect(look.locator(".mks-dummy")).to_contain_text("Deck: 16")
    assert violations(look) == []


def test_a_solo_conquest_with_the_dummy_played_to_the_end_on_a_phone(live_server, device):
    phone = device(PHONE)
    phone.goto(live_server + "/new/mage_knight?players=1")
    phone.get_by_label("Player 1 name").fill("Vera")
    phone.get_by_label("Player 1 hero").fill("Tovak")
    phone.get_by_label("Scenario", exact=True).select_option("solo_conquest")
    phone.get_by_label("Dummy hero (solo and cooperative games)").select_option("goldyx")
    phone.get_by_label("The app rolls").check()
    phone.get_by_role("button", name="Start").click()
    expect(phone.locator(".mk-round")).to_have_text("Round 1 of 6")
    code = phone.url.rstrip("/").rsplit("/", 1)[1]
    expect(phone.locator("#who")).to_have_count(0)  # one seat: the device that started it holds it
    expect(phone.locator("#game-panel")).to_have_attribute("data-seat", "p1")

    view = tap(phone, live_server, code, phone.get_by_role("button", name="Early Bird"))
    assert view["phase"] == "turns" and view["current_seat"] == "p1"  # Early Bird (1) plays first
    dummy_turns = 0
    while view["phase"] == "turns":
        if view["current_seat"] == "p1":
            view = tap(phone, live_server, code, phone.get_by_role("button", name="End turn", exact=True))
            continue
        # The Dummy's turn is the phone's moment: the colour taps are on its first screen.
        on_first_screen(phone, ".seat-banner.now")
        expect(phone.locator(".seat-banner.now")).to_contain_text("The Dummy's turn: tap for it")
        deck = view["dummy"]["deck"]
        if dummy_turns == 0:
            another_look(device, phone.url)
        expect(phone.locator("#mk-dummy-turn .mk-dummy-facts")).to_contain_text(f"Deck: {deck}")
        if view["dummy"]["colour_asked"]:
            colour = COLOURS[dummy_turns % len(COLOURS)]
            button = phone.locator(f"#mk-dummy-turn button[name=third][value={colour}]")
            on_first_screen(phone, f"#mk-dummy-turn button[name=third][value={colour}]")
            flipped = 3 + view["dummy"]["extra_flips"][colour]
        else:
            button = phone.locator("#mk-dummy-turn form button").first  # its last cards
            on_first_screen(phone, "#mk-dummy-turn form button")
            flipped = deck
        view = tap(phone, live_server, code, button)
        dummy_turns += 1
        assert view["dummy"]["deck"] == deck - flipped
        assert dummy_turns < 10
    # 16 cards at 3 to 5 a turn: the Dummy's deck ran out, and on its next turn it announced End of Round.
    assert view["phase"] == "preparation" and dummy_turns >= 4
    assert api_get(live_server, code)["state"]["rounds"][0]["end_of_round_by"] == "dummy"

    # Preparation, one step a tap: the big button is the step's own Done (issue 42: the big buttons here were
    # "the round is prepared" with the Spell's colour, and one tap ended all seven steps).
    big = phone.locator("#mk-prep .btn-huge")
    expect(big).to_have_text("Done: flip the Day/Night board")
    on_first_screen(phone, "#mk-prep .btn-huge")
    view = tap(phone, live_server, code, big)
    assert view["phase"] == "preparation" and view["current_step"] == "source"
    while view["current_step"] != "spell_offer":
        view = tap(phone, live_server, code, big)
    # The Spell offer's own step asks the colour of the Spell leaving the offer; the Dummy gains that crystal.
    on_first_screen(phone, "#mk-spell-colour button[value=blue]")
    view = tap(phone, live_server, code, phone.locator("#mk-spell-colour button[value=blue]"))
    assert view["current_step"] == "tactics" and view["dummy"]["crystals"]["blue"] == 2
    while view["phase"] == "preparation":
        view = tap(phone, live_server, code, big)
    assert view["phase"] == "tactics"
    assert view["dummy"]["deck"] == view["dummy"]["cards"] == 17  # the AA card joined its reshuffled deck

    # Round 2 (Night): the player picks; then the last city falls on the player's turn.
    view = tap(phone, live_server, code, phone.locator("#mk-tactics .mk-tactic").first)
    while view["current_seat"] != "p1":
        view = tap(phone, live_server, code, phone.locator("#mk-dummy-turn button[name=third][value=red]"))
    phone.locator("#mk-facts summary", has_text="Scenario end").click()
    phone.get_by_label("Cities conquered").fill("2")  # Solo Conquest ends early only with both cities (MK-SCO-4)
    view = tap(phone, live_server, code, phone.get_by_role("button", name="Mark the scenario's end"))
    assert view["final_turns"]["remaining"] == ["p1"]
    view = tap(phone, live_server, code, phone.get_by_role("button", name="End turn", exact=True))
    assert view["current_seat"] == "p1" and view["phase"] == "turns"  # the last turn: the Dummy takes none
    expect(phone.locator(".mk-now-what")).to_have_text("Last turn")
    view = tap(phone, live_server, code, phone.get_by_role("button", name="End turn", exact=True))
    assert view["phase"] == "finished" and view["summary"]["ended_by"] == "scenario_end"
    expect(phone.locator(".mk-who")).to_have_text("Game over")
    expect(phone.locator("#mk-summary")).to_be_visible()
