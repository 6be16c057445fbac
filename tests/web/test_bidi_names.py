"""A right-to-left override (U+202E) in a name a player wrote turns the text after it around, up to the
end of its line. Where a page shows such a name (a title, a player's, a custom hero's, a mouse's player),
it sits in an isolating element (<bdi>), so that its override ends with it; the character is kept."""
from __future__ import annotations

from html.parser import HTMLParser

import pytest

from tests.conftest import csrf_token
from tests.web.helpers import api_act

RLO = "\u202e"
# Text that is a line of its own, never beside other text: the tab's title, a list's option (which holds no
# element), a form field's value.
NOT_SHOWN = {"title", "option", "textarea", "script", "style"}


class Unisolated(HTMLParser):
    """Every shown text holding U+202E outside a <bdi>; every attribute value holding markup."""

    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.found += [f"{tag} {name}={value!r}" for name, value in attrs if value and "<bdi" in value]
        if tag not in self.VOID:
            self.open.append(tag)

    def handle_endtag(self, tag):
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag):]

    def handle_data(self, data):
        if RLO in data and "bdi" not in self.open and not NOT_SHOWN & set(self.open):
            self.found.append(f"{'>'.join(self.open[-3:])}: {data.strip()!r}")


def unisolated(html: str) -> list[str]:
    parser = Unisolated()
    parser.feed(html)
    return parser.found


@pytest.fixture
def mage_knight(client) -> str:
    game = client.post("/api/games", json={"kind": "mage_knight", "title": f"{RLO}Friday", "setup": {
        "player_name": [f"{RLO}Anna", "Boris"], "hero": [f"{RLO}Krang", "goldyx"], "scenario": "full_conquest"}})
    return game.get_json()["code"]


def test_a_name_with_a_right_to_left_override_is_isolated_wherever_a_mage_knight_page_shows_it(client, mage_knight):
    code = mage_knight
    client.post("/device", data={"csrf_token": csrf_token(client, f"/g/{code}"), "label": f"{RLO}Phone"})
    while client.get(f"/api/games/{code}").get_json()["view"]["phase"] == "tactics":
        view = client.get(f"/api/games/{code}").get_json()["view"]
        html = client.get(f"/g/{code}").get_data(as_text=True)
        assert html.count(RLO) >= 2 and unisolated(html) == []  # the title; whose pick it is, or the picks
        pick = next(a["params"] for a in view["actions"] if a["action"] == "pick_tactic")
        api_act(client, code, "pick_tactic", **pick)
    for page in ("", "/screen", "/history", "/devices"):
        html = client.get(f"/g/{code}{page}").get_data(as_text=True)
        assert RLO in html and unisolated(html) == [], page
    assert unisolated(client.get("/").get_data(as_text=True)) == []  # the home page's list of games


def test_a_mouse_s_player_and_a_game_title_are_isolated_on_mice_and_mystics_pages(client):
    code = client.post("/api/games", json={"kind": "mice_mystics", "title": f"{RLO}Tilda's tale", "setup": {
        "mouse": ["lily", "nez"], "controller": [f"{RLO}Anna", "Boris"], "custom_mouse": [f"{RLO}Pip"],
        "custom_controller": [f"{RLO}Vera"], "minion_type": ["rat_warriors"], "minion_count": [2]}}).get_json()["code"]
    for _ in range(4):  # each mouse's turn, the minions' too
        for page in ("", "/screen", "/history"):
            html = client.get(f"/g/{code}{page}").get_data(as_text=True)
            assert RLO in html and unisolated(html) == [], page
        api_act(client, code, "add_cheese", reason="minion_attack")
        api_act(client, code, "next_turn")
