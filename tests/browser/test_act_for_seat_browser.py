"""My phone acts for my seat (issue 23, point 1), by what a tap does on 390×844 touch phones, in English and
Russian: at Boris's tactic pick, his turn (Take die, End turn, the End of Round announcement) and a mouse's
turn, Chen's seated phone taps where Boris's phone has those buttons and nothing is sent; the deliberate
second step ("Act for Boris…", then the control) acts, and the game moves by exactly that one change."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, api_act, api_game, api_get
from tests.browser.test_phone_first import on_first_screen
from tests.browser.walks import at_version, take_seat

MK = {"player_name": ["Anna", "Boris", "Chen"], "hero": ["tovak", "goldyx", "norowas"], "scenario": "full_conquest"}
MM = {"mouse": ["lily", "nez", "collin"], "controller": ["Anna", "Boris", "Chen"],
      "minion_type": ["rat_warriors"], "minion_count": [2]}
WORDS = {"en-US": {"act_for": "Act for", "watch": "Just watching", "undo_for": "Undo for"},
         "ru-RU": {"act_for": "За игрока", "watch": "Просто смотрю", "undo_for": "Отменить за игрока"}}


@pytest.fixture
def phone(browser, live_server):
    """A touch phone (its own cookies) showing the game, seated at `seat` (or just watching: None)."""
    contexts = []

    def open_phone(code: str, seat: str | None, locale: str):
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale=locale)
        contexts.append(context)
        page = context.new_page()
        page.posts = []
        page.on("request", lambda r: r.method == "POST" and page.posts.append(r.url + " " + (r.post_data or "")))
        page.goto(f"{live_server}/g/{code}")
        if seat is None:
            page.get_by_role("button", name=WORDS[locale]["watch"]).click()
            page.locator("#who").wait_for(state="detached")
        else:
            take_seat(page, seat)
        return page

    yield open_phone
    for context in contexts:
        context.close()


def settled(*pages) -> None:
    """Every page shows the game at the same version and seating as the last (the newest) shows it: no live
    update is still on its way to move a button between a look and a tap."""
    token = pages[-1].locator("#game-panel").get_attribute("data-live-token")
    for page in pages:
        expect(page.locator("#game-panel")).to_have_attribute("data-live-token", token)


def control(action: str) -> str:
    return f"#game-panel form:has(input[name=action][value={action}]) button"


# Whether a tap at (x, y) lands on this button (not on what lies over it there: Undo's sticky bar).
HIT = "(button, [x, y]) => button.contains(document.elementFromPoint(x, y))"


def buttons_on_first_screen(page, actions) -> list[dict]:
    """The centres of the acting phone's buttons for these actions that lie on its first screen, where a tap
    on that phone would press them (a button scrolled under Undo's sticky bar is not there to tap)."""
    points = []
    for action in actions:
        for button in page.locator(control(action)).all():
            box = button.bounding_box()
            if box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]:
                point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
                if button.evaluate(HIT, [point["x"], point["y"]]):
                    points.append(point)
    return points


# The action of the form a tap at (x, y) would submit, outside "Act for …" ("" for none there; "undo" for
# Undo's bar where one tap undoes: its own change, the table's, or one at nobody's moment. Behind "Undo for
# …" it is "": a tap there must send nothing either).
UNDER_THE_FINGER = """([x, y]) => {
  const form = document.elementFromPoint(x, y)?.closest("#game-panel form");
  if (!form || form.closest("details.act-for")) { return ""; }
  if (form.classList.contains("undo")) { return form.querySelector("details.undo-for") ? "" : "undo"; }
  return form.querySelector("input[name=action]")?.value || "";
}"""


def taps_there_do_nothing(waiting, points: list[dict], actions) -> None:
    """One tap at each point on the waiting phone sends nothing, and shows no control for these actions;
    each tap meets the page as it was: a disclosure a tap opened ("Act for …", a bookkeeping section) is closed
    again before the next (a second tap into what the first revealed would be a second, deliberate step)."""
    assert points
    waiting.posts.clear()
    waiting.evaluate("document.querySelectorAll('#game-panel details:not([open])').forEach(d => d.dataset.shut = '')")
    tapped = 0
    for point in points:
        there = waiting.evaluate(UNDER_THE_FINGER, [point["x"], point["y"]])
        if there and there not in actions:
            continue  # the table's own bookkeeping lies there on this phone (a minion card's −1, Undo): anyone's
        waiting.touchscreen.tap(point["x"], point["y"])
        tapped += 1
        waiting.evaluate("document.querySelectorAll('#game-panel details[data-shut]').forEach(d => d.open = false)")
    for action in actions:
        for button in waiting.locator(control(action)).all():
            expect(button).to_be_hidden()
    assert tapped and not waiting.posts, waiting.posts  # nothing sent: no act, nor an Undo of the last change


def second_step(waiting, action: str, locale: str, name: str, button: int = 0) -> None:
    """Open "Act for <name>…" (the deliberate step) and tap the control: it acts."""
    summary = waiting.locator(f"#game-panel details.act-for:has(input[name=action][value={action}]) > summary")
    on_first_screen(waiting, "#game-panel details.act-for > summary")
    expect(summary).to_contain_text(f"{WORDS[locale]['act_for']}")
    expect(summary).to_contain_text(name)
    summary.tap()
    target = waiting.locator(control(action)).nth(button)
    expect(target).to_be_visible()
    target.tap()


def three_phones(live_server, phone, locale: str):
    """A Mage Knight game at its first tactic pick, a seated phone for each of its three players: the game,
    their names, the phones, whose pick it is, that seat's phone and another (waiting) one."""
    code = api_game(live_server, "mage_knight", {**MK, "dice_mode": "app"})
    names = {"p1": "Anna", "p2": "Boris", "p3": "Chen"}
    game = api_get(live_server, code)
    picker = game["view"]["pick_queue"][0]
    phones = {seat: phone(code, seat, locale) for seat in names}
    return code, game, names, phones, picker, phones[picker], phones[next(s for s in names if s != picker)]


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mage_knight_a_waiting_phones_tap_never_picks_or_plays_for_the_acting_seat(live_server, phone, locale):
    code, game, names, phones, picker, acting, waiting = three_phones(live_server, phone, locale)
    shared = phone(code, None, locale)
    settled(*phones.values(), shared)

    # The tactic pick: who picks is said on the waiting phone's first screen; its taps there pick nothing.
    on_first_screen(waiting, "#mk-who")
    expect(waiting.locator("#mk-who")).to_have_text(names[picker])
    taps_there_do_nothing(waiting, buttons_on_first_screen(acting, ["pick_tactic"]), ["pick_tactic"])
    second_step(waiting, "pick_tactic", locale, names[picker])
    at_version(waiting, game["version"] + 1)
    game = api_get(live_server, code)
    assert picker in game["view"]["tactics"]  # the pick it meant, and only that one change

    # The shared device (just watching) picks for anyone in one tap.
    at_version(shared, game["version"])
    shared.locator(control("pick_tactic")).first.tap()
    at_version(shared, game["version"] + 1)
    while (game := api_get(live_server, code))["view"]["phase"] == "tactics":
        params = next(a["params"] for a in game["view"]["actions"] if a["action"] == "pick_tactic")
        api_act(live_server, code, "pick_tactic", params)

    # A turn: the waiting phones' taps where the current player's phone has Take die, End turn and the
    # End of Round announcement do nothing; the second step takes a die, then (still open) ends the turn.
    current = game["view"]["current_seat"]
    acting, waiting = phones[current], phones[next(s for s in names if s != current)]
    at_version(acting, game["version"])
    at_version(waiting, game["version"])
    turn = ["take_die", "end_turn", "announce_end_of_round"]
    on_first_screen(acting, control("take_die"))
    taps_there_do_nothing(waiting, buttons_on_first_screen(acting, turn), turn)
    on_first_screen(waiting, "#mk-who")
    expect(waiting.locator("#mk-who")).to_have_text(names[current])
    second_step(waiting, "take_die", locale, names[current])
    at_version(waiting, game["version"] + 1)
    assert api_get(live_server, code)["view"]["turn_die_taken"]
    end_turn = waiting.locator(control("end_turn")).first
    expect(end_turn).to_be_visible()  # the step stays open for the rest of Boris's turn on this phone
    end_turn.tap()
    at_version(waiting, game["version"] + 2)
    after = api_get(live_server, code)["view"]
    assert after["current_seat"] != current and after["phase"] == "turns"


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_mice_a_waiting_phones_tap_never_ends_another_mouses_turn(live_server, phone, locale):
    code = api_game(live_server, "mice_mystics", MM)
    owner = {"lily": "player:Anna", "nez": "player:Boris", "collin": "player:Chen"}
    players = {"player:Anna": "Anna", "player:Boris": "Boris", "player:Chen": "Chen"}
    game = api_get(live_server, code)
    while game["view"]["acting_card"]["kind"] != "mouse":  # a minion card's Next is anyone's: on to a mouse
        api_act(live_server, code, "next_turn")
        game = api_get(live_server, code)
    mine = owner[game["view"]["acting_card"]["mouse"]]
    waiting_seat = next(s for s in players if s != mine)
    acting, waiting = phone(code, mine, locale), phone(code, waiting_seat, locale)
    settled(acting, waiting)
    mouse_turn = ["next_turn", "do_move", "do_action"]
    on_first_screen(acting, control("next_turn"))
    # Where the mouse's own phone has Next ▶ (its moment's main button, at the top of the moment).
    taps_there_do_nothing(waiting, buttons_on_first_screen(acting, ["next_turn"]), mouse_turn)
    second_step(waiting, "next_turn", locale, players[mine])
    at_version(waiting, game["version"] + 1)
    assert api_get(live_server, code)["view"]["acting"] != game["view"]["acting"]


def test_a_phone_that_takes_a_seat_after_a_live_change_finds_the_other_seats_moment_folded(live_server, browser):
    """A phone with no seat yet has the acting seat's controls open (one live panel for every device, opened
    by app.js where it is not another seat's phone); taking another seat then must not carry that opening
    over into its first seated panel as an "open section"."""
    code = api_game(live_server, "mage_knight", {**MK, "dice_mode": "app"})
    page = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    page.goto(f"{live_server}/g/{code}")
    game = api_get(live_server, code)
    params = next(a["params"] for a in game["view"]["actions"] if a["action"] == "pick_tactic")
    api_act(live_server, code, "pick_tactic", params)  # the panel comes live: the shared drawing
    at_version(page, game["version"] + 1)
    picker = api_get(live_server, code)["view"]["pick_queue"][0]
    expect(page.locator("#game-panel details.act-for").first).to_have_attribute("open", "")
    take_seat(page, next(s for s in ("p1", "p2", "p3") if s != picker))
    expect(page.locator("#game-panel")).to_have_attribute("data-act-for", picker)
    for details in page.locator("#game-panel details.act-for").all():
        expect(details).not_to_have_attribute("open", "")
    for button in page.locator(control("pick_tactic")).all():
        expect(button).to_be_hidden()


UNDO_STEP = "#game-panel form.undo details.undo-for"


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_a_waiting_phones_undo_never_undoes_another_seats_change_in_one_tap(live_server, phone, locale):
    """Boris picks his tactic on his phone. On Chen's seated phone the Undo bar says "Undo for Boris…": a tap
    anywhere on the bar sends nothing; the step (open it, then its Undo) undoes exactly that change. Boris's
    own phone undoes its own change in one tap."""
    code, game, names, phones, picker, acting, waiting = three_phones(live_server, phone, locale)
    settled(*phones.values())
    version = game["version"]
    acting.locator(control("pick_tactic")).first.tap()
    at_version(waiting, version + 1)

    summary = waiting.locator(UNDO_STEP + " > summary")
    on_first_screen(waiting, UNDO_STEP + " > summary")
    expect(summary).to_contain_text(WORDS[locale]["undo_for"])
    expect(summary).to_contain_text(names[picker])
    bar = waiting.locator("#game-panel form.undo").bounding_box()
    waiting.posts.clear()
    for share in (0.05, 0.2, 0.4, 0.6, 0.8, 0.95):  # the button, its label, the bar's empty ends
        waiting.touchscreen.tap(bar["x"] + bar["width"] * share, bar["y"] + bar["height"] / 2)
        waiting.evaluate("document.querySelectorAll('#game-panel details.undo-for').forEach(d => d.open = false)")
    assert not waiting.posts, waiting.posts
    assert api_get(live_server, code)["version"] == version + 1

    # A second tap where the first one opened the step (a double tap) meets the step's own button again,
    # never the Undo it reveals: that lies elsewhere, and nothing is sent.
    point = summary.bounding_box()
    x, y = point["x"] + point["width"] / 2, point["y"] + point["height"] / 2
    waiting.touchscreen.tap(x, y)
    expect(waiting.locator(UNDO_STEP)).to_have_attribute("open", "")
    confirm = waiting.locator(UNDO_STEP + " button[type=submit]").bounding_box()
    assert not (confirm["x"] <= x <= confirm["x"] + confirm["width"] and
                confirm["y"] <= y <= confirm["y"] + confirm["height"]), (confirm, x, y)
    waiting.touchscreen.tap(x, y)
    assert not waiting.posts, waiting.posts
    assert api_get(live_server, code)["version"] == version + 1

    if waiting.locator(UNDO_STEP).get_attribute("open") is None:
        summary.tap()  # the deliberate step: its Undo comes into view, on the first screen
    on_first_screen(waiting, UNDO_STEP + " button[type=submit]")
    waiting.locator(UNDO_STEP + " button[type=submit]").tap()
    at_version(waiting, version + 2)
    assert picker not in api_get(live_server, code)["view"]["tactics"]

    at_version(acting, version + 2)
    acting.locator(control("pick_tactic")).first.tap()
    at_version(acting, version + 3)
    expect(acting.locator(UNDO_STEP)).to_have_count(0)
    acting.locator("#game-panel form.undo > button.btn-undo").tap()  # its own change: one tap
    at_version(acting, version + 4)
    assert picker not in api_get(live_server, code)["view"]["tactics"]


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
def test_act_for_is_a_deliberate_step_again_at_the_seats_next_moment(live_server, phone, locale):
    """The walk of 2026-12-05 (Blitz Cooperation): once Boris's phone had opened "Act for Anna…" at her moment, it
    came open by itself at each of her later moments, her End turn one tap on his first screen. Its summary's words
    are those of her own part's fold (her Fame, .seat-fold), kept open across swaps: the one reopened the other."""
    code, game, names, phones, picker, acting, waiting = three_phones(live_server, phone, locale)
    waiting_seat = next(seat for seat, page in phones.items() if page is waiting)
    settled(*phones.values())
    second_step(waiting, "pick_tactic", locale, names[picker])
    at_version(waiting, game["version"] + 1)
    moment = "#game-panel details.act-for"
    while (game := api_get(live_server, code))["view"]["phase"] == "tactics":
        params = next(a["params"] for a in game["view"]["actions"] if a["action"] == "pick_tactic")
        api_act(live_server, code, "pick_tactic", params)
    seen = 0
    for _ in range(8):  # each turn of a round: the picker's comes again, on the waiting phone another seat's
        game = api_get(live_server, code)
        current = game["view"]["current_seat"]
        at_version(waiting, game["version"])
        if current != waiting_seat:
            expect(waiting.locator(moment)).to_have_count(1)
            expect(waiting.locator(moment)).not_to_have_attribute("open", "")
            expect(waiting.locator(f"{moment} {control('end_turn')}")).to_be_hidden()
            seen += current == picker
        api_act(live_server, code, "end_turn", {"player": current})
    assert seen >= 2
