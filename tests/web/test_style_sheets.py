"""A page loads the style sheets it draws with and no other: every page app.css, a game's pages that game's
sheet, the group screen the screen's and its game's there. A Mage Knight phone never loads Mice and Mystics'
rules, nor the group screen's."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

SOURCES = Path(__file__).resolve().parents[2] / "static" / "css"
SETUPS = {"mage_knight": {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"]},
          "mice_mystics": {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"]}}


def sheets(client, path: str) -> list[str]:
    with client.get(path) as response:
        assert response.status_code == 200, path
        html = response.get_data(as_text=True)
    found = re.findall(r'<link rel="stylesheet" href="(/static/vendor/css/[\w.]+)\?v=\w+">', html)
    for url in found:
        with client.get(url) as sheet:
            assert sheet.status_code == 200 and sheet.mimetype == "text/css", url
    return [Path(url).stem for url in found]


@pytest.mark.parametrize("kind", ["mage_knight", "mice_mystics"])
def test_a_game_s_pages_load_its_style_sheet_and_the_group_screen_the_screen_s(client, kind):
    code = client.post("/api/games", json={"kind": kind, "setup": SETUPS[kind]}).get_json()["code"]
    for path in (f"/g/{code}", f"/g/{code}/history", f"/new/{kind}"):
        assert sheets(client, path) == ["app", kind], path
    assert sheets(client, f"/g/{code}/screen") == ["app", kind, "screen", f"{kind}_screen"]


def test_a_page_of_no_game_loads_app_css_alone(client):
    for path in ("/", "/about", "/offline", "/new/counter"):
        assert sheets(client, path) == ["app"], path


def selectors(name: str) -> str:
    css = re.sub(r"/\*.*?\*/", "", (SOURCES / name).read_text(encoding="utf-8"), flags=re.S)
    return " ".join(re.findall(r"([^{}]+)\{", css))


@pytest.mark.parametrize("name, foreign", [
    ("mage_knight.css", r"\.mm-|\.mks|\.screen"),
    ("mice_mystics.css", r"\.mk-|\.mm-screen|\.mms-|\.screen"),
    ("app.css", r"\.mks|\.mm-screen|\.mms-|\.screen|screen-page|\.mk-now|\.mm-now"),
    ("mage_knight_screen.css", r"\.mm-"),
    ("mice_mystics_screen.css", r"\.mk"),
])
def test_each_style_sheet_holds_only_its_own_pages_rules(name, foreign):
    assert not re.findall(rf"[^\s,]*(?:{foreign})[^\s,]*", selectors(name))
