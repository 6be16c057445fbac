"""The history page in the page's language: its times (Babel's format for the request's locale, the script's
local time in the page's language too) and its Undo button, whose name is one box (i18n.flex_text)."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
from datetime import datetime, timedelta
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.web.helpers import MK_SETUP, api_act, set_times

APP_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "app.js"
AT = datetime(2026, 12, 5, 18, 33, 25)  # change 1 made at 18:33:26 (set_times: one second a change)


def mage_knight_with_a_change(app, client) -> str:
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": MK_SETUP}).get_json()["code"]
    api_act(client, code, "change_fame", player="p1", delta=3)  # "Anna: Fame +3", naming a player
    set_times(app, code, AT, every=timedelta(seconds=1))
    return code


def history(client, code: str, lang: str) -> str:
    client.set_cookie("lang", lang)
    return client.get(f"/g/{code}/history").get_data(as_text=True)


def shown_times(html: str) -> list[str]:
    return re.findall(r'<time class="local-time"[^>]*>([^<]*)</time>', html)


def test_a_russian_history_shows_its_times_in_24_hours(app, client):
    code = mage_knight_with_a_change(app, client)
    times = shown_times(history(client, code, "ru"))
    assert times and all("18:33:26" in t for t in times), times
    assert not any(re.search(r"AM|PM", t) for t in times), times


def test_an_english_history_shows_its_times_in_babels_english_format(app, client):
    """Babel's format for the request's locale, not a strftime of its own (English: "6:33:26 PM")."""
    code = mage_knight_with_a_change(app, client)
    times = shown_times(history(client, code, "en"))
    assert times and all("6:33:26\N{NARROW NO-BREAK SPACE}PM" in t or "6:33:26 PM" in t for t in times), times


def test_the_script_shows_each_time_in_the_pages_language_not_the_browsers():
    """The walk of 2026-12-05 read "6:33:26 PM" on a Russian page: toLocaleTimeString() without a locale takes
    the browser's. app.js's own code, run by Node (whose default locale is English) on a stand-in page drawn in
    Russian, in UTC: the time reads as Russian does, 24-hour."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no Node.js to run the page's script")
    script = APP_JS.read_text(encoding="utf-8")
    start = script.rindex('document.addEventListener("DOMContentLoaded"', 0, script.index("time.local-time"))
    block = script[start:script.index("});\n  });", start) + len("});\n  });")]
    page = """
      var shown = {text: "18:33:26 UTC", getAttribute: function () { return "2026-12-05T18:33:26Z"; }};
      var document = {documentElement: {lang: "ru"},
                      querySelectorAll: function () { return [shown]; },
                      addEventListener: function (name, handler) { handler(); }};
      Object.defineProperty(shown, "textContent", {set: function (value) { shown.text = value; }});
    """
    run = subprocess.run([node, "-e", page + block + "\nprocess.stdout.write(shown.text);"],
                         capture_output=True, text=True, timeout=60, env={**os.environ, "TZ": "UTC", "LANG": "en_US"})
    assert run.returncode == 0, run.stderr
    assert run.stdout == "18:33:26", run.stdout


class Buttons(HTMLParser):
    """Each <button>'s direct children (tags, and text that is not only spaces) and its whole text."""

    def __init__(self) -> None:
        super().__init__()
        self.buttons: list[dict] = []
        self.depth = 0  # inside the current button: 1 directly, more in its descendants

    def handle_starttag(self, tag, attrs):
        if tag == "button":
            self.buttons.append({"attrs": dict(attrs), "children": [], "text": ""})
            self.depth = 1
        elif self.depth:
            if self.depth == 1:
                self.buttons[-1]["children"].append(tag)
            if tag not in ("use", "input"):
                self.depth += 1

    def handle_endtag(self, tag):
        if tag == "button":
            self.depth = 0
        elif self.depth > 1 and tag not in ("use", "input"):
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.buttons[-1]["text"] += data
            if self.depth == 1 and data.strip():
                self.buttons[-1]["children"].append("#text")


def undo_button(html: str) -> dict:
    parser = Buttons()
    parser.feed(html)
    found = [b for b in parser.buttons if "btn-undo" in b["attrs"].get("class", "")]
    assert len(found) == 1, found
    return found[0]


def test_the_history_undo_button_is_one_box_with_a_players_name_in_it(app, client):
    """The walk read «Отменить « Гена : лист заполнен»»: the name's <bdi> stood as a flex item of its own in
    the .btn (a gap either side, and so in the button's accessible name)."""
    code = mage_knight_with_a_change(app, client)
    for lang, text in (("ru", "Отменить «Anna: Слава +3»"), ("en", "Undo: Anna: Fame +3")):
        button = undo_button(history(client, code, lang))
        # The icon and one box of text: no name standing apart from the words around it.
        assert button["children"] == ["svg", "span"], button
        assert " ".join(button["text"].split()) == text, button


def test_the_undo_for_steps_button_on_the_game_page_is_one_box_too(app):
    """The same flex .btn on the game page: "Undo Boris's change" in the step a waiting phone opens (its
    accessible name is its aria-label; what it shows had the name's <bdi> standing apart)."""
    from tests.web.test_act_for_seat import MK3, Table, acting
    table = Table(app, "mage_knight", MK3, ["p1", "p2", "p3"])
    picker = table.game()["view"]["pick_queue"][0]
    waiting = next(s for s in table.phones if s != picker)
    assert table.post(picker, acting(table.page(table.phones[picker]), {"pick_tactic"})[0]).status_code == 200
    for lang in ("en", "ru"):
        table.phones[waiting].set_cookie("lang", lang)
        button = undo_button(table.page(table.phones[waiting]))
        assert button["children"] == ["svg", "span"], button
