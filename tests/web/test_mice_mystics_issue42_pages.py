"""Mice and Mystics pages for issue 42's rules: the last capture's hourglass page (MM-CAP-2) and the
achievements earned only by what earns them (MM-CMP-7), each on the page in English and Russian."""
from __future__ import annotations

import html as markup
import re

import pytest

from tests.conftest import make_app
from tests.web.helpers import act, alert
from tests.web.test_mice_mystics_pages import new_game, version

KIND = "companion.rules.mice_mystics"


@pytest.fixture
def mm_client(tmp_path):
    app = make_app(tmp_path / "mm.db", extra_kinds=(KIND,))
    return app.test_client()


def chapter_form(html: str, achievement: str) -> str:
    chapter = re.search(r'<details class="mm-more" id="mm-chapter">.*?</details>', html, re.S).group(0)
    return re.search(rf'<form[^>]*>(?:(?!</form>).)*value="{achievement}".*?</form>', chapter, re.S).group(0)


@pytest.mark.parametrize("lang, page", [("en", "Page 3 of 6"), ("ru", "Страница 3 из 6")])
def test_mm_cap_2_the_page_shows_the_hourglass_page_the_last_capture_reached(mm_client, lang, page):
    mm_client.set_cookie("lang", lang)
    url, token = new_game(mm_client)  # Lily and Filch, end marker on page 6
    html = mm_client.get(url).get_data(as_text=True)
    html = act(mm_client, url, token, version(html), "capture_mouse", mouse="lily").get_data(as_text=True)
    html = act(mm_client, url, token, version(html), "capture_mouse", mouse="filch").get_data(as_text=True)
    summary = re.search(r'id="mm-end".*?</dl>', html, re.S).group(0)
    assert page in summary
    campaign = re.search(r'id="mm-campaign".*?</ol>', html, re.S).group(0)
    assert page in campaign
    assert page in mm_client.get(url + "/screen").get_data(as_text=True)


@pytest.mark.parametrize(
    "lang, words",
    [
        (
            "en",
            {
                "condition": "for the mouse that defeats Brodie",
                "refused": "Brodie has not been defeated",
                "defeated": "Brodie is defeated in {who}'s turn: {who} earns Cat Tamer.",
                "other": "Cat Tamer goes to the mouse that defeated Brodie",
            },
        ),
        (
            "ru",
            {
                "condition": "для мыши, победившей Броди",
                "refused": "Броди ещё не повержен",
                "defeated": "Броди повержен в ход мыши {who}: достижение «Укротитель кота» получает {who}.",
                "other": "«Укротитель кота» получает мышь, победившая Броди",
            },
        ),
    ],
)
def test_mm_cmp_7_cat_tamer_waits_for_brodies_defeat_on_the_page(mm_client, lang, words):
    mm_client.set_cookie("lang", lang)
    url, token = new_game(mm_client)
    code = url.rsplit("/", 1)[-1]
    html = mm_client.get(url).get_data(as_text=True)
    form = chapter_form(html, "cat_tamer")
    assert "disabled" in form and words["condition"] in form and 'name="mouse"' not in form
    refused = act(mm_client, url, token, version(html), "earn_achievement", achievement="cat_tamer", mouse="lily")
    assert refused.status_code == 422 and words["refused"] in alert(refused.get_data(as_text=True))
    html = act(mm_client, url, token, version(html), "minions_arrive", source="event",
               **{"minion_type[]": ["brodie"], "minion_count[]": ["1"]}).get_data(as_text=True)
    while True:  # on a mouse's turn, the boss's cards fall one by one
        view = mm_client.get(f"/api/games/{code}").get_json()["view"]
        if view["whose_turn"]:
            break
        html = act(mm_client, url, token, version(html), "next_turn").get_data(as_text=True)
    who = view["whose_turn"]["mouse"]
    for card in [c["card"] for c in view["track"] if c["kind"] == "minion" and c["minion"] == "brodie"]:
        html = act(mm_client, url, token, version(html), "wound_boss", card=card, n="1", life="1").get_data(
            as_text=True
        )
    name = {"en": {"lily": "Lily", "filch": "Filch"}, "ru": {"lily": "Лили", "filch": "Филч"}}[lang][who]
    assert words["defeated"].format(who=name) in markup.unescape(html)  # the notice: Brodie fell in this mouse's turn
    html = mm_client.get(url).get_data(as_text=True)
    form = chapter_form(html, "cat_tamer")
    assert re.findall(r'<option value="(\w+)"', form) == [who]
    other = "filch" if who == "lily" else "lily"
    refused = act(mm_client, url, token, version(html), "earn_achievement", achievement="cat_tamer", mouse=other)
    assert refused.status_code == 422 and words["other"] in markup.unescape(alert(refused.get_data(as_text=True)))
    act(mm_client, url, token, version(html), "earn_achievement", achievement="cat_tamer", mouse=who)
    assert "disabled" in chapter_form(mm_client.get(url).get_data(as_text=True), "cat_tamer")
