"""What just happened is shown, not folded away (issue 42, point 2, item 7): the Rat Warriors swapping on the track,
Born to Lead's and Time is Short's cheese, a mouse rescued — the notices of the last change that say what the table
should see — are unfolded on the phones (under the last change's line) and on the group screen (under whose turn),
in English and in Russian, and every notice stays in the change's notes."""
from __future__ import annotations

import html as markup
import re

import pytest

from tests.conftest import csrf_token
from tests.web.helpers import api_act

SETUP = {"mouse": ["lily", "nez"], "controller": ["Vera", "Boris"], "minion_type": ["rat_warriors"],
         "minion_count": [2]}
SWAP = {"en": "Rat Warriors are Aggressive: they swap with the card above.",
        "ru": "Крысы-воины: агрессивные — меняются местами с картой выше."}
RESCUED = {"en": "Lily is rescued: no minions on the board (that is the turn).",
           "ru": "Лили выходит из плена: противников на поле нет (на этом ход окончен)."}


def plain(html: str) -> str:
    return markup.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


def unfolded(html: str) -> str:
    """The page as it shows before anything is opened: without the last change's folded notes."""
    return plain(re.sub(r'<details class="last-event">.*?</details>', "", html, flags=re.S))


def notes(html: str) -> str:
    return plain(re.search(r'<details class="last-event">.*?</details>', html, re.S).group(0))


def client_in(app, lang: str):
    client = app.test_client()
    client.set_cookie("lang", lang)
    return client


def rats_below_space_1(client) -> str:
    """A game whose shuffled track has the Rat Warriors below space 1 (on space 1 they never swap): one in five
    has them there, so a handful of games is enough."""
    setup = {**SETUP, "mouse": ["lily", "nez", "tilda", "filch"], "controller": ["Vera", "Boris", "Chen", "Dana"]}
    for _ in range(40):
        code = client.post("/api/games", json={"kind": "mice_mystics", "setup": setup}).get_json()["code"]
        if client.get(f"/api/games/{code}").get_json()["view"]["track"][0]["kind"] == "mouse":
            return code
    raise AssertionError("the Rat Warriors were always on space 1")


def to_the_swap(client, code: str) -> dict:
    """Next until the Rat Warriors, not on space 1, end their turn: the change that swaps them up."""
    for _ in range(12):
        view = client.get(f"/api/games/{code}").get_json()["view"]
        if not view["whose_turn"] and view["acting"] > 0:
            return api_act(client, code, "next_turn")
        api_act(client, code, "next_turn")
    raise AssertionError("the Rat Warriors never acted below space 1")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_minions_swapping_is_shown_on_the_phone_and_the_group_screen_and_kept_in_the_notes(app, lang):
    client = client_in(app, lang)
    code = rats_below_space_1(client)
    to_the_swap(client, code)
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert SWAP[lang] in unfolded(page), unfolded(page)[:600]
    assert SWAP[lang] in notes(page)
    screen = client.get(f"/g/{code}/screen").get_data(as_text=True)
    now = re.search(r'<section class="mm-screen-now".*?</section>', screen, re.S).group(0)
    assert SWAP[lang] in plain(now)
    # The next change brings its own news, if any: the swap is not shown any longer, only in the history.
    api_act(client, code, "add_cheese", n=1, reason="minion_attack")
    assert SWAP[lang] not in plain(client.get(f"/g/{code}").get_data(as_text=True))
    assert SWAP[lang] not in plain(client.get(f"/g/{code}/screen").get_data(as_text=True))
    assert SWAP[lang] in plain(client.get(f"/g/{code}/history").get_data(as_text=True))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_rescued_mouses_phone_says_it_was_rescued(app, lang):
    client = client_in(app, lang)
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": SETUP}).get_json()["code"]
    token = csrf_token(client, f"/g/{code}")
    assert client.post(f"/g/{code}/seat", data={"csrf_token": token, "seat": "player:Vera"}).status_code == 303
    api_act(client, code, "capture_mouse", mouse="lily")
    # The board is clear of minions: Lily is rescued when her card's turn comes (at once, if it comes next).
    change = api_act(client, code, "remove_figures", card="rat_warriors", n=2)
    for _ in range(6):
        if any(n["msgid"].startswith("{mouse} is rescued") for n in change["change"]["notices"]):
            break
        change = api_act(client, code, "next_turn")
    else:
        raise AssertionError("Lily was never rescued")
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert 'class="seat-name"><bdi>Vera</bdi><' in page  # Lily's player's phone
    assert RESCUED[lang] in unfolded(page), unfolded(page)[:600]
    screen = client.get(f"/g/{code}/screen").get_data(as_text=True)
    assert RESCUED[lang] in plain(re.search(r'<section class="mm-screen-now".*?</section>', screen, re.S).group(0))


def test_instructions_stay_folded(app):
    """A capture's notices (discard the search cards, clear the wounds) are instructions, in the change's notes."""
    client = client_in(app, "en")
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": SETUP}).get_json()["code"]
    api_act(client, code, "capture_mouse", mouse="lily")
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert '<ul class="last-news">' not in page and "Discard Lily's equipped search cards" in notes(page)


BORN_TO_LEAD = {"en": "Born to Lead: Collin is not on space 1 and gains 1 cheese.",
                "ru": "Прирождённый лидер: Коллин не на клетке 1 и получает 1 жетон сыра."}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_born_to_lead_at_the_chapters_start_is_shown_before_any_change(app, lang):
    """Walk 42: Collin set up on space 5 with 1 cheese, and the phones said only "No change yet", the group
    screen gave no reason: the chapter's setup is no change, yet what it did is said like a change's news."""
    client = client_in(app, lang)
    setup = {**SETUP, "mouse": ["collin", "lily", "nez"], "controller": ["Vera", "Boris", "Chen"]}
    for _ in range(40):
        code = client.post("/api/games", json={"kind": "mice_mystics", "setup": setup}).get_json()["code"]
        view = client.get(f"/api/games/{code}").get_json()["view"]
        if view["track"][0]["card"] != "collin":
            break
    else:
        raise AssertionError("Collin was always on space 1")
    assert next(m for m in view["mice"] if m["id"] == "collin")["cheese"] == 1
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert BORN_TO_LEAD[lang] in unfolded(page), unfolded(page)[:800]
    screen = client.get(f"/g/{code}/screen").get_data(as_text=True)
    assert BORN_TO_LEAD[lang] in plain(re.search(r'<section class="mm-screen-now".*?</section>', screen, re.S).group(0))
    # The first change brings its own news: the setup's is said no more.
    api_act(client, code, "add_cheese", n=1, reason="minion_attack")
    assert BORN_TO_LEAD[lang] not in plain(client.get(f"/g/{code}").get_data(as_text=True))
