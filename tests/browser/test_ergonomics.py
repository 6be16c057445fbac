"""The table's ergonomics: thumb-sized targets, a keyboard-only host, text size, spoken turn changes."""
from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from tests.browser.conftest import PHONE, api_act, api_game, api_get, pick_all_tactics

MK_SETUP = {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"], "scenario": "full_conquest"}
MM_SETUP = {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"], "minion_count": [2]}

# ---------- touch targets ----------
#
# The rule: every visible control a thumb aims at measures at least 44×44 CSS px —
#   buttons (`button`, `.btn`), form fields (`input` but hidden ones, `select`, `textarea`), `summary`,
#   and every link that stands on its own (the top bar, the game's nav, a link alone in its paragraph
#   or list item). A checkbox or radio is measured by the label that wraps it (the label is the target).
# Exempt: a link inside running text (its paragraph or list item has other words besides the link),
#   and the skip link while it sits off-screen.
SMALL_TARGETS = """() => {
  const MIN = 44;
  const seen = new Set(), small = [];
  const visible = el => el.checkVisibility() && el.getClientRects().length > 0;
  const inRunningText = a => {
    const block = a.closest("p, li, dd, td");
    return block && block.textContent.replace(a.textContent, "").trim().length > 0;
  };
  const candidates = document.querySelectorAll(
    "button, .btn, input:not([type=hidden]), select, textarea, summary, a[href]");
  for (let el of candidates) {
    if (el.matches("a[href]:not(.btn)") && inRunningText(el)) continue;
    if (el.matches("input[type=checkbox], input[type=radio]") && el.closest("label")) el = el.closest("label");
    if (seen.has(el) || !visible(el)) continue;
    seen.add(el);
    const r = el.getBoundingClientRect();
    if (r.right <= 0 || r.bottom <= 0) continue;  // off-screen (the skip link until focused)
    if (r.width < MIN - 0.5 || r.height < MIN - 0.5) {
      small.push(`${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}.${[...el.classList].join(".")} ` +
                 `"${el.textContent.trim().slice(0, 30)}" ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
  }
  return small;
}"""


def small_targets(page, url: str, found: dict) -> None:
    page.goto(url)
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    small = page.evaluate(SMALL_TARGETS)
    if small:
        found[f"{len(found) + 1}. {url}"] = small


def test_every_control_on_the_game_pages_is_at_least_44px(live_server, device):
    page = device(PHONE)
    found: dict = {}
    mk = api_game(live_server, "mage_knight", MK_SETUP)
    url = f"{live_server}/g/{mk}"
    small_targets(page, url, found)                                   # tactics
    pick_all_tactics(live_server, mk)
    small_targets(page, url, found)                                   # turns
    view = api_get(live_server, mk)["view"]
    api_act(live_server, mk, "take_die", {"player": view["current_seat"], "die": view["takeable_dice"][0]})
    small_targets(page, url, found)                                   # a die in use: the reroll form
    table = api_game(live_server, "mage_knight", {**MK_SETUP, "dice_mode": "table"})
    small_targets(page, f"{live_server}/g/{table}", found)            # the table's dice: a palette per die
    api_act(live_server, table, "enter_source", {"colours": ["red", "blue", "green", "white"]})
    pick_all_tactics(live_server, table)
    view = api_get(live_server, table)["view"]
    api_act(live_server, table, "take_die", {"player": view["current_seat"], "die": view["takeable_dice"][0]})
    small_targets(page, f"{live_server}/g/{table}", found)            # its rerolled face ends the turn
    mm = api_game(live_server, "mice_mystics", MM_SETUP)
    url = f"{live_server}/g/{mm}"
    small_targets(page, url, found)
    api_act(live_server, mm, "add_cheese", {"n": 6, "reason": "minion_attack"})
    small_targets(page, url, found)                                   # the surge question
    small_targets(page, f"{url}/screen", found)
    small_targets(page, f"{url}/history", found)
    # A mouse's Battle: its moment holds the wheel's +cheese and the mouse's own (the walk of 2026-12-05: 40×44).
    battle = api_game(live_server, "mice_mystics", MM_SETUP)
    while api_get(live_server, battle)["view"]["acting_card"]["kind"] != "mouse":
        api_act(live_server, battle, "next_turn")
    api_act(live_server, battle, "do_action", {"kind": "battle"})
    small_targets(page, f"{live_server}/g/{battle}", found)
    for path in ("/", "/new/mage_knight", "/new/mice_mystics", "/g/NOPE7"):
        small_targets(page, live_server + path, found)
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


# ---------- keyboard ----------

LAPTOP = {"width": 1280, "height": 800}


def tab_to(page, selector: str, limit: int = 120) -> None:
    """Tab (only Tab) until the focus is on an element matching selector."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def focus_is_visible(page) -> bool:
    return page.evaluate("""() => {
      const e = document.activeElement, s = getComputedStyle(e);
      return e.matches(':focus-visible') && s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
    }""")


def version(page) -> int:
    return int(page.locator("#game-panel").get_attribute("data-version"))


def wait_version(page, number: int) -> None:
    expect(page.locator("#game-panel")).to_have_attribute("data-version", str(number))


def help_dialog_opens_and_closes(page) -> None:
    dialog = page.locator("dialog#shortcuts")
    expect(dialog).to_be_hidden()
    page.keyboard.press("?")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name="Keyboard shortcuts")).to_be_visible()
    assert page.evaluate("document.getElementById('shortcuts').contains(document.activeElement)")
    page.keyboard.press("n")  # letters do nothing while the list is open
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    # the button in the menu opens it too, and focus comes back to it
    page.locator("#menu > summary").click()
    opener = page.get_by_role("button", name="Keyboard shortcuts")
    opener.focus()
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()


PICK = ".mk-tactic"


def test_a_mage_knight_turn_by_keyboard_alone(live_server, device):
    page = device(LAPTOP)
    code = api_game(live_server, "mage_knight", MK_SETUP)
    page.goto(f"{live_server}/g/{code}")
    expect(page.locator("#mk-who")).to_have_text("Boris")
    tab_to(page, PICK)
    assert focus_is_visible(page)
    page.keyboard.press("Enter")
    expect(page.locator("#mk-who")).to_have_text("Anna")
    expect(page.locator("#turn-announcer")).to_have_text("Picks a tactic now: Anna")  # said politely
    if not page.evaluate(f"document.activeElement.matches('{PICK}')"):
        tab_to(page, PICK)
    page.keyboard.press("Enter")
    expect(page.locator(".mk-now-what")).to_have_text("Turn")
    first = page.locator("#mk-who").inner_text()
    expect(page.locator("#turn-announcer")).to_have_text(f"Turn: {first}")
    expect(page.locator('[data-shortcut="next"]')).to_have_text("End turn")
    before = version(page)
    page.keyboard.press("Alt+n")  # with a modifier: not ours
    page.keyboard.press("n")
    wait_version(page, before + 1)
    second = "Boris" if first == "Anna" else "Anna"
    expect(page.locator("#mk-who")).to_have_text(second)
    expect(page.locator("#turn-announcer")).to_have_text(f"Turn: {second}")
    page.keyboard.press("u")
    wait_version(page, before + 2)
    expect(page.locator("#mk-who")).to_have_text(first)
    help_dialog_opens_and_closes(page)


def test_a_mice_and_mystics_turn_by_keyboard_alone(live_server, device):
    code = api_game(live_server, "mice_mystics", MM_SETUP)
    while api_get(live_server, code)["view"]["turn"] is None:  # on to a mouse's turn
        api_act(live_server, code, "next_turn")
    page = device(LAPTOP)
    page.goto(f"{live_server}/g/{code}")
    steps = page.locator("#mm-turn .mm-step-title")
    move = page.locator("#mm-turn form:has(input[name=action][value=do_move]) button")
    expect(move).to_have_text("Move")
    tab_to(page, "form:has(input[name=action][value=do_move]) button")
    assert focus_is_visible(page)
    page.keyboard.press("Enter")
    expect(move).to_have_text("✓ Moved")
    tab_to(page, "form:has(input[name=kind][value=scurry]) button")
    assert focus_is_visible(page)
    page.keyboard.press(" ")
    expect(steps.first).to_contain_text("Scurry")
    # typing in a field: the letters are the field's
    before = version(page)
    field = page.get_by_label("Ability card (one per turn)")
    field.focus()
    page.keyboard.type("nu")
    expect(field).to_have_value("nu")
    field.fill("")
    page.keyboard.press("Tab")
    assert version(page) == before
    whose = page.locator("#mm-whose-turn").inner_text()
    # N presses the moment's primary: the action under way's Finish first, then Next.
    page.keyboard.press("n")
    wait_version(page, before + 1)
    expect(steps.first).to_contain_text("(done)")
    expect(page.locator("#mm-whose-turn")).to_have_text(whose)
    page.keyboard.press("n")
    wait_version(page, before + 2)
    expect(page.locator("#mm-whose-turn")).not_to_have_text(whose)
    now = page.locator("#mm-whose-turn").inner_text()
    expect(page.locator("#turn-announcer")).to_have_text(now)
    page.keyboard.press("u")
    wait_version(page, before + 3)
    expect(page.locator("#mm-whose-turn")).to_have_text(whose)
    help_dialog_opens_and_closes(page)


def keys_script_asked(page) -> bool:
    return any("/static/vendor/js/keys.js" in url for url in page.requests)


def test_a_touch_phone_fetches_the_shortcuts_only_once_a_key_is_pressed(live_server, browser, device):
    code = api_game(live_server, "mice_mystics", MM_SETUP)
    laptop = device(LAPTOP)  # a mouse or trackpad: the shortcuts come with the page, their list in the menu
    laptop.goto(f"{live_server}/g/{code}", wait_until="load")
    assert keys_script_asked(laptop)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        phone = context.new_page()
        phone.requests = []
        phone.on("request", lambda request: phone.requests.append(request.url))
        phone.goto(f"{live_server}/g/{code}", wait_until="load")
        assert not keys_script_asked(phone)
        # focus still comes back into the panel after a swap (focus.js): the tapped control, or the nearest one
        phone.locator('#game-panel [data-shortcut="next"]').focus()
        phone.evaluate("document.activeElement.click()")
        wait_version(phone, 1)
        phone.wait_for_function(
            "() => document.getElementById('game-panel').contains(document.activeElement)", polling=100
        )  # once the panel settled (by timer: a page in the background gets no frames)
        assert not keys_script_asked(phone)
        # typing in a field (the on-screen keyboard does it too) is no sign of a keyboard
        phone.locator("#title").focus()
        phone.keyboard.type("n")
        phone.evaluate("document.activeElement.blur()")
        assert not keys_script_asked(phone)
        assert not any(url.endswith("/shortcuts") for url in phone.requests)  # nor their list
        # a keyboard plugged in: its first key fetches the shortcuts, and is a shortcut itself
        whose = phone.locator("#mm-whose-turn").inner_text()
        phone.keyboard.press("n")
        wait_version(phone, 2)
        expect(phone.locator("#mm-whose-turn")).not_to_have_text(whose)
        assert keys_script_asked(phone)
        phone.keyboard.press("?")
        expect(phone.locator("dialog#shortcuts")).to_be_visible()
        expect(phone.get_by_role("heading", name="Keyboard shortcuts")).to_be_visible()  # its list came
        phone.keyboard.press("Escape")
        expect(phone.locator("dialog#shortcuts")).to_be_hidden()
        expect(phone.locator("#shortcuts-open")).to_be_hidden()  # no list in the menu on a touch screen
    finally:
        context.close()


def test_the_turn_change_is_announced_on_another_device(live_server, device):
    code = api_game(live_server, "mice_mystics", MM_SETUP)
    page = device(PHONE)
    page.goto(f"{live_server}/g/{code}")
    region = page.locator("#turn-announcer")
    expect(region).to_have_attribute("aria-live", "polite")
    expect(region).to_have_text("")  # nothing said on arrival
    api_act(live_server, code, "next_turn")  # from another device
    wait_version(page, 1)
    expect(region).to_have_text(page.locator("#mm-whose-turn").inner_text().strip())


# ---------- text size ----------

def test_text_size_is_remembered_per_device(live_server, device):
    page = device(PHONE)
    other = device(PHONE)
    page.goto(live_server + "/")
    root_size = "() => getComputedStyle(document.documentElement).fontSize"
    assert page.evaluate(root_size) == "16px"
    page.locator("#menu > summary").click()  # the text size is in the chrome's menu
    expect(page.get_by_role("button", name="Normal text size")).to_have_attribute("aria-pressed", "true")
    page.get_by_role("button", name="Larger text").click()
    expect(page.locator("html")).to_have_class(re.compile(r"\btext-large\b"))
    assert page.evaluate(root_size) == "20px"
    page.locator("#menu > summary").click()
    expect(page.get_by_role("button", name="Larger text")).to_have_attribute("aria-pressed", "true")
    code = api_game(live_server, "mice_mystics", MM_SETUP)
    page.goto(f"{live_server}/g/{code}")
    expect(page.locator("html")).to_have_class(re.compile(r"\btext-large\b"))
    page.locator("#menu > summary").click()
    page.get_by_role("button", name="Smaller text").click()
    expect(page).to_have_url(f"{live_server}/g/{code}")  # back where the choice was made
    assert page.evaluate(root_size) == "14px"
    other.goto(f"{live_server}/g/{code}")
    assert other.evaluate(root_size) == "16px"  # another device keeps its own


# ---------- motion ----------

MOVING = """() => [...document.querySelectorAll('*')].filter(e => {
  const s = getComputedStyle(e);
  return s.animationName !== 'none' || s.transitionDuration.split(',').some(d => parseFloat(d) > 0)
         || s.scrollBehavior === 'smooth';
}).map(e => e.tagName + '.' + e.className)"""


def test_nothing_moves_with_prefers_reduced_motion(live_server, device):
    page = device(PHONE)
    page.emulate_media(reduced_motion="reduce")
    code = api_game(live_server, "mice_mystics", MM_SETUP)
    page.goto(f"{live_server}/g/{code}")
    page.get_by_role("button", name="Next ▶").click()
    wait_version(page, 1)
    assert page.evaluate(MOVING) == []
    assert page.evaluate("document.getAnimations().length") == 0
    page.keyboard.press("?")
    assert page.evaluate(MOVING) == []


def test_a_tap_right_after_the_panel_arrived_is_sent_by_htmx(live_server, device):
    """htmx wires a new panel's forms when it settles: until then a tap posted the form the old way (a
    whole page load: the place on the page, the focus and the announcement lost). The panel settles in
    the task that swaps it in (htmx-config defaultSettleDelay 0), so the next tap is already htmx's."""
    page = device(LAPTOP)
    code = api_game(live_server, "mice_mystics", MM_SETUP)
    page.goto(f"{live_server}/g/{code}")
    before = version(page)
    page.evaluate("""() => {
      window.stillThisPage = true;
      document.addEventListener("htmx:afterSwap", () => setTimeout(
        () => document.querySelector('#game-panel [data-shortcut="next"]').click(), 0), { once: true });
    }""")
    page.locator('#game-panel [data-shortcut="next"]').click()
    wait_version(page, before + 2)
    assert page.evaluate("window.stillThisPage === true")
