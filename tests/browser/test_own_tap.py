"""A phone's own tap (issue 23, point 2): while the tap is on its way the tapped button shows it is pending
and nothing moves under the finger; once the answer is in, the device says the tap applied and the next
moment's first control — or the refusal, or the verdict on the dice — is on the screen without scrolling.

Whole rounds are played by taps on 390×844 touch phones, one phone per seat, in English and in Russian:
Mage Knight with the table's dice (the Source entry, the tactics, turns with Take die and the end-of-turn
reroll, End of Round and its last turns, the next round's preparation and Source, its first pick) and a
Mice and Mystics round (the mice's and minions' turns, a surge). Each tap is held at the server's door
(Playwright's route interception) until the test has looked at the pending page: the server answers
"slowly" by the test's own hand, never by a clock."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PATIENCE_MS, PHONE, api_act, api_game, api_get
from tests.browser.walks import MK_PLAYERS, MM_PARTY, action_button, seats_offered, take_seat

HELD = "**/g/*/act"


@pytest.fixture
def phones(browser):
    """Touch phones (390×844), each with its own cookies."""
    contexts = []

    def open_phone(locale: str):
        context = browser.new_context(viewport=PHONE, locale=locale, has_touch=True, is_mobile=True)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(PATIENCE_MS)
        return page

    yield open_phone
    for context in contexts:
        context.close()


def seat_phones(base: str, code: str, open_phone, locale: str) -> dict:
    """A phone for every seat of the game, each seated by answering "Who is this phone?"."""
    phones = {}
    probe = open_phone(locale)
    probe.goto(f"{base}/g/{code}")
    for seat in seats_offered(probe):
        phone = probe if not phones else open_phone(locale)
        if phone is not probe:
            phone.goto(f"{base}/g/{code}")
        take_seat(phone, seat)
        phones[seat] = phone
    return phones


def box(page, selector: str) -> dict:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def wholly_on_screen(page, selector: str, what: str) -> None:
    """On the first screen as the page now stands: inside the viewport and not under the Undo bar."""
    element = page.locator(selector).first
    expect(element).to_be_visible()
    found = box(page, selector)
    height = page.viewport_size["height"]
    assert found["y"] >= -1 and found["y"] + found["height"] <= height + 1, (what, selector, found)
    undo = page.locator(".panel > .undo")
    if undo.count():
        bar = undo.bounding_box()
        if bar["y"] < height:  # the bar lies over the page's foot: what is under it cannot be tapped
            assert found["y"] + found["height"] <= bar["y"] + 1, (what, selector, found, "under Undo", bar)


def own_tap(page, selector: str, what: str) -> None:
    """Tap the button; while the server holds the request, the button shows it is pending and does not
    move; the answer swaps in and the device marks the tap as applied (or shows why it was refused)."""
    button = page.locator(selector).first
    button.scroll_into_view_if_needed()
    before = button.bounding_box()
    page.evaluate("document.getElementById('game-panel').dataset.beforeTap = '1'")
    held = []
    page.route(HELD, lambda route: held.append(route))
    try:
        button.tap()
        expect(button).to_have_attribute("aria-busy", "true")  # at once, before any answer
        for _ in range(PATIENCE_MS // 20):  # until the request reaches the door (its arrival, not a time)
            if held:
                break
            page.wait_for_timeout(20)
        assert held, f"{what}: the tap sent nothing"
        pending = button.bounding_box()
        assert pending == before, (what, "moved between the press and the answer", before, pending)
        assert page.locator("#game-panel[data-before-tap]").count() == 1, what  # nothing swapped meanwhile
        held[0].continue_()
    finally:
        page.unroute(HELD)
    expect(page.locator("#game-panel[data-before-tap]")).to_have_count(0)  # the answer is in
    expect(page.locator("#game-panel [aria-busy=true]")).to_have_count(0)
    refused = page.locator("#game-panel .notice.error")
    if refused.count():
        wholly_on_screen(page, "#game-panel .notice.error", f"{what}: the refusal")
    else:
        expect(page.locator("#game-panel .last-event.applied")).to_have_count(1)  # it says the tap applied


def mk_next(view: dict) -> tuple[str | None, str]:
    """The Mage Knight moment the game is at: whose it is (None: the table's) and its first control."""
    if view["phase"] == "preparation" and view.get("darkness_roll_due"):
        return None, "#mk-darkness .mk-face"
    if view.get("source_entry"):
        return None, "#mk-enter-source .mk-face"
    if view["phase"] == "preparation":
        return None, ".mk-step-done"
    if view["phase"] == "tactics":
        return view["pick_queue"][0], "ul.mk-tactic-list .mk-tactic"
    seat = view["current_seat"]
    return seat, ".mk-take-btn" if view["takeable_dice"] else "#mk-end-turn button"


def one_line(page, selector: str, what: str) -> None:
    """The element's text lies on one line (a range over it has one box per line it spans)."""
    lines = page.locator(selector).first.evaluate(
        "e => { const r = document.createRange(); r.selectNodeContents(e); return r.getClientRects().length; }")
    assert lines == 1, (what, selector, page.locator(selector).first.inner_text(), lines)


def look_after_own_tap(page, seat_of_phone: str, view: dict, what: str) -> None:
    whose, first = mk_next(view)
    wholly_on_screen(page, ".seat-banner", f"{what}: whose moment it is")
    if view["phase"] == "preparation":  # "1–2/7", "4/7": never "1–" over "2/7" (the walk of 2026-12-04)
        one_line(page, ".mk-step-count", f"{what}: the step's count")
    if whose in (None, seat_of_phone):
        wholly_on_screen(page, first, f"{what}: the next moment's first control")


def enter_dice(page, form: str, colours: list[str]) -> None:
    """Tap each open die's face (the taps that choose send nothing; Done sends them all)."""
    for i, palette in enumerate(page.locator(f"{form} .mk-palette").all()):
        palette.locator(f"label.mk-die-{colours[i % len(colours)]}").tap()


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mage_knight_round_by_taps_keeps_the_next_step_in_view(live_server, phones, locale):
    code = api_game(live_server, "mage_knight", {**MK_PLAYERS, "dice_mode": "table"})
    seated = seat_phones(live_server, code, phones, locale)
    table_phone = next(iter(seated))  # the table's own steps: whoever holds a phone taps them
    seen = set()
    taps = turns = 0
    last = table_phone

    def moment() -> dict:
        return api_get(live_server, code)["view"]

    while True:
        view = moment()
        whose, first = mk_next(view)
        if view["phase"] == "tactics" and view["round"] == 2 and not view.get("source_entry") and "r2-pick" in seen:
            break
        seat = whose or last
        page = seated[seat]
        version = api_get(live_server, code)["version"]
        expect(page.locator("#game-panel")).to_have_attribute("data-version", str(version))
        if first.endswith(".mk-face"):  # the table's dice: the Source, or Darkness is Coming
            form = first.split()[0]
            # The first entry of the game is refused once (four of five not basic): its verdict is the answer.
            if form == "#mk-enter-source" and "verdict" not in seen:
                enter_dice(page, form, ["gold", "gold", "gold", "gold", "red"])
                seen.add("verdict")
                own_tap(page, f"{form} button[type=submit]", "a roll that does not stand")
                wholly_on_screen(page, "#mk-verdict", "the verdict on the dice")
                continue
            enter_dice(page, form, ["red", "blue", "green", "white", "gold"])
            tap, what = f"{form} button[type=submit]", f"{form}: Done, these are the dice"
        elif first == ".mk-step-done":
            tap, what = ".mk-step-done", f"preparation step {view['current_step']}"
        elif first.endswith(".mk-tactic"):
            tap, what = (
                "ul.mk-tactic-list form:has(input[name=tactic]:not([value=mana_steal]):not([value=mana_search]))"
                " button",
                f"round {view['round']}: {seat} picks a tactic",
            )
            if view["round"] == 2:
                seen.add("r2-pick")
        elif view["can_announce_end_of_round"] and turns >= 3 and "announced" not in seen:
            # The fourth turn is End of Round's announcement instead (as tests/browser/walks.py plays it).
            seen.add("announced")
            page.locator("#mk-announce input[name=deck_empty]").tap()
            tap, what = "#mk-announce button[type=submit]", f"{seat}: Announce End of Round"
        elif first == ".mk-take-btn":
            tap, what = ".mk-take-btn", f"{seat}: Take die"
        else:
            tap, what = "#mk-end-turn button", f"{seat}: End turn (the used die's new face)"
            turns += 1
        own_tap(page, tap, what)
        taps += 1
        assert taps < 60, "the round never ended"
        last = seat
        look_after_own_tap(page, seat, moment(), what)
    assert taps >= 20, taps  # the whole round and the next one's preparation were tapped through
    assert "announced" in seen


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mice_and_mystics_round_by_taps_keeps_the_next_step_in_view(live_server, phones, locale):
    code = api_game(live_server, "mice_mystics", {**MM_PARTY, "minion_type": ["rat_warriors"], "minion_count": [2]})
    seated = seat_phones(live_server, code, phones, locale)
    next_button = "form:has(input[name=action][value=next_turn]) button"

    def acting_seat() -> tuple[str, int]:
        game = api_get(live_server, code)
        mover = game["view"]["whose_turn"] or game["view"]["minions_mover"]
        return f"player:{mover['controller']}", game["version"]

    def tap_next(what: str) -> None:
        seat, version = acting_seat()
        page = seated[seat]
        expect(page.locator("#game-panel")).to_have_attribute("data-version", str(version))
        own_tap(page, next_button, what)
        wholly_on_screen(page, ".seat-banner", f"{what}: whose moment it is")
        if acting_seat()[0] == seat:  # the same player's next mouse, or the minions they move
            wholly_on_screen(page, next_button, f"{what}: Next for the following card")

    for n in range(4):
        tap_next(f"turn {n + 1}")
    api_act(live_server, code, "add_cheese", {"n": 6 - api_get(live_server, code)["view"]["cheese_wheel"],
                                              "reason": "minion_attack"})
    seat, version = acting_seat()
    page = seated[seat]
    expect(page.locator("#game-panel")).to_have_attribute("data-version", str(version))
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")  # the phone was looking lower
    own_tap(page, "#mm-surge form:has(input[name=room_surge][value=no]) button", "the surge: no special surge")
    wholly_on_screen(page, ".seat-banner", "after the surge: whose moment it is")
    if acting_seat()[0] == seat:
        wholly_on_screen(page, next_button, "after the surge: Next")
    for n in range(4):
        tap_next(f"after the surge, turn {n + 1}")


def test_a_refused_tap_is_said_where_the_finger_is(live_server, phones):
    """Another device moved the game while this phone's tap was on its way: the refusal is on the screen."""
    code = api_game(live_server, "mage_knight", {**MK_PLAYERS, "dice_mode": "app"})
    seated = seat_phones(live_server, code, phones, "en-US")
    picker = api_get(live_server, code)["view"]["pick_queue"][0]
    page = seated[picker]
    button = page.locator("ul.mk-tactic-list .mk-tactic").first
    held = []
    page.route(HELD, lambda route: held.append(route))
    button.tap()
    expect(button).to_have_attribute("aria-busy", "true")
    for _ in range(PATIENCE_MS // 20):
        if held:
            break
        page.wait_for_timeout(20)
    api_act(live_server, code, "set_core_tile_revealed", {"revealed": True})  # the game moved meanwhile
    held[0].continue_()
    page.unroute(HELD)
    expect(page.locator("#game-panel .notice.error")).to_have_count(1)
    wholly_on_screen(page, "#game-panel .notice.error", "the refusal")


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_the_first_change_moves_no_button_under_the_finger(live_server, phones, locale):
    """The last change's line and Undo's bar hold their places from the start: the game's first change coming
    in from another device leaves the moment's buttons and Undo where the finger is."""
    code = api_game(live_server, "mage_knight", {**MK_PLAYERS, "dice_mode": "app"})
    picker = api_get(live_server, code)["view"]["pick_queue"][0]
    page = seat_phones(live_server, code, phones, locale)[picker]
    tactic, undo = "ul.mk-tactic-list .mk-tactic", ".panel > .undo"
    before = box(page, tactic), box(page, undo)
    api_act(live_server, code, "set_core_tile_revealed", {"revealed": True})  # on another device
    expect(page.locator("#game-panel")).to_have_attribute("data-version", "1")
    assert (box(page, tactic), box(page, undo)) == before


def test_a_held_press_moves_no_button(live_server, phones):
    """Pressed and not yet let go, the button keeps its place: how long the browser keeps a tapped button
    :active is its own affair, so a press's look must not move it (CI saw a 1 px shift mid-tap)."""
    code = api_game(live_server, "mage_knight", {**MK_PLAYERS, "dice_mode": "app"})
    picker = api_get(live_server, code)["view"]["pick_queue"][0]
    page = seat_phones(live_server, code, phones, "en-US")[picker]
    button = page.locator("ul.mk-tactic-list .mk-tactic").first
    before = button.bounding_box()
    page.mouse.move(before["x"] + before["width"] / 2, before["y"] + before["height"] / 2)
    page.mouse.down()  # held: the button is :active until the mouse is let go
    try:
        assert page.evaluate("document.querySelector('ul.mk-tactic-list .mk-tactic:active') !== null")
        assert button.bounding_box() == before
    finally:
        page.mouse.move(1, 1)  # let go elsewhere: no tap
        page.mouse.up()
    expect(page.locator("#game-panel")).to_have_attribute("data-version", "0")


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_a_mouse_turn_by_taps_keeps_each_next_control_in_view(live_server, phones, locale):
    """A mouse's own turn on its player's phone: Move, an action (Search; Battle for the next mouse), its
    Finish, Next. Each control is on the first screen before its tap, clear of the Undo bar, and the next
    one is there after it — the walk of 2026-12-03 found "Finish Search" below the screen's foot in Russian."""
    code = api_game(live_server, "mice_mystics", {**MM_PARTY, "minion_type": ["rat_warriors"], "minion_count": [2]})
    seated = seat_phones(live_server, code, phones, locale)

    def moment() -> tuple[dict, int]:
        game = api_get(live_server, code)
        return game["view"], game["version"]

    def step(page, selector: str, what: str, following: str) -> None:
        wholly_on_screen(page, selector, f"{what}: before the tap")
        own_tap(page, selector, what)
        wholly_on_screen(page, following, f"{what}: the next control")

    mice = 0
    for _ in range(12):
        view, version = moment()
        if not view["whose_turn"]:  # the minions' card: the table's step, taken on the API
            api_act(live_server, code, "next_turn")
            continue
        page = seated[f"player:{view['whose_turn']['controller']}"]
        expect(page.locator("#game-panel")).to_have_attribute("data-version", str(version))
        kind = "search" if mice == 0 else "battle"
        act = f"#mm-turn form:has(input[name=kind][value={kind}]) button"
        finish = action_button("finish_action")
        step(page, action_button("do_move"), "Move", act)
        step(page, act, kind.title(), finish)
        step(page, finish, f"Finish {kind}", action_button("next_turn"))
        step(page, action_button("next_turn"), "Next", ".seat-banner")
        mice += 1
        if mice == 2:
            break
    assert mice == 2, "two mice's turns were tapped through"
