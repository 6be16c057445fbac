"""The setup form keeps what was typed when the player count changes; no button breaks inside a word."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PATIENCE_MS, PHONE, api_act, api_game, api_get, no_horizontal_scroll

# Every word of a button's text must sit on one line: a word whose letters lie on two lines was broken.
BROKEN_WORDS = """(sel) => {
  const broken = [];
  for (const el of document.querySelectorAll(sel)) {
    if (el.offsetParent === null) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /\\S+/g;
      let m;
      while ((m = re.exec(node.data))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0] + " in " + el.textContent.trim().replace(/\\s+/g, " "));
      }
    }
  }
  return broken;
}"""
BUTTONS = "#game-panel button, #game-panel .btn, #game-panel summary, #game-panel .mk-face"


def fill_two_players(page):
    page.get_by_label("Name of this game (optional)").fill("Friday")
    page.get_by_label("Player 1 name").fill("Anna")
    page.get_by_label("Player 1 hero").fill("Tovak")
    page.get_by_label("Player 2 name").fill("Boris")


@pytest.mark.parametrize("javascript", [True, False])
def test_changing_the_player_count_keeps_the_names_typed(live_server, browser, javascript):
    context = browser.new_context(viewport=PHONE, has_touch=True, java_script_enabled=javascript)
    page = context.new_page()
    page.set_default_timeout(PATIENCE_MS)
    page.goto(live_server + "/new/mage_knight")
    fill_two_players(page)
    if javascript:
        page.evaluate("window.stillThisPage = true")  # gone if the page reloads
    page.locator("#mk-player-count").get_by_role("button", name="3", exact=True).click()
    expect(page.get_by_label("Player 3 name")).to_be_visible()
    expect(page.get_by_label("Player 1 name")).to_have_value("Anna")
    expect(page.get_by_label("Player 1 hero")).to_have_value("Tovak")
    expect(page.get_by_label("Player 2 name")).to_have_value("Boris")
    expect(page.get_by_label("Name of this game (optional)")).to_have_value("Friday")
    if javascript:
        assert page.evaluate("window.stillThisPage === true")  # htmx swapped the rows only
    page.get_by_label("Player 2 hero").fill("Goldyx")
    page.get_by_label("Player 3 name").fill("Chen")
    page.get_by_label("Player 3 hero").fill("Krang")
    page.get_by_label("Player 3 hero").press("Enter")  # Enter starts the game, it does not change the count
    expect(page).to_have_url(re.compile(r"/g/[A-Z0-9]+$"))
    expect(page.locator(".mk-round")).to_contain_text("Round 1")
    context.close()




@pytest.mark.parametrize("lang", ["en", "ru"])
def test_no_button_breaks_inside_a_word_on_a_phone(live_server, browser, lang):
    context = browser.new_context(viewport=PHONE, has_touch=True, locale="ru-RU" if lang == "ru" else "en-US")
    context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    page = context.new_page()
    page.set_default_timeout(PATIENCE_MS)
    seen = []

    def check(code, what):
        page.goto(f"{live_server}/g/{code}")
        page.locator("#game-panel details").evaluate_all("els => els.forEach(d => d.open = true)")
        assert page.evaluate(BROKEN_WORDS, BUTTONS) == [], what
        assert no_horizontal_scroll(page), what
        seen.append(what)

    for mode in ("app", "table"):
        code = api_game(live_server, "mage_knight", {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"],
                                                     "dice_mode": mode})
        if mode == "table":
            check(code, "table: the Source entered die by die")
            api_act(live_server, code, "enter_source", {"colours": ["green", "blue", "red", "white"]})
        check(code, f"{mode}: tactics")
        green = next(d["index"] for d in api_get(live_server, code)["view"]["source"]
                     if d["colour"] == "green" or (mode == "app" and d["basic"]))
        api_act(live_server, code, "pick_tactic", {"player": "p2", "tactic": "mana_steal", "die": green})
        api_act(live_server, code, "pick_tactic", {"player": "p1", "tactic": "early_bird"})
        api_act(live_server, code, "end_turn", {"player": "p1"})
        take = page.locator("#game-panel .mk-take-btn")
        check(code, f"{mode}: Boris's turn with the Mana Steal die")
        expect(take.filter(has_text="Взять" if lang == "ru" else "Take").first).to_be_visible()
        api_act(live_server, code, "take_die", {"player": "p2", "die": green})
        check(code, f"{mode}: the end of Boris's turn")
    assert len(seen) == 7
    context.close()
