"""The table's ergonomics: thumb-sized targets, a keyboard-only host, text size, spoken turn changes."""
from __future__ import annotations

import json

import pytest
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
    mm = api_game(live_server, "mice_mystics", MM_SETUP)
    url = f"{live_server}/g/{mm}"
    small_targets(page, url, found)
    api_act(live_server, mm, "add_cheese", {"n": 6, "reason": "minion_attack"})
    small_targets(page, url, found)                                   # the surge question
    small_targets(page, f"{url}/screen", found)
    small_targets(page, f"{url}/history", found)
    for path in ("/", "/new/mage_knight", "/new/mice_mystics", "/g/NOPE7"):
        small_targets(page, live_server + path, found)
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
