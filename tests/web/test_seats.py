"""Seats: a phone takes a seat, its view leads with its cue; taking over needs a confirmation."""
from __future__ import annotations

import re

from tests.web.helpers import HTMX, act, alert, new_counter, words


def seat(client, url, token, seat_id, **extra):
    return client.post(url + "/seat", data={"csrf_token": token, "seat": seat_id, **extra}, headers=HTMX)


def cue(html: str) -> str:
    match = re.search(r'class="seat-cue">([^<]*)<', html)
    return match.group(1) if match else ""


def test_a_seated_phone_leads_with_its_cue_and_it_follows_the_game(app):
    phone = app.test_client()
    url, token = new_counter(phone)
    assert cue(phone.get(url).get_data(as_text=True)) == ""
    html = seat(phone, url, token, "even").get_data(as_text=True)
    assert cue(html) == "Your turn" and 'data-my-moment="1"' in html
    html = act(phone, url, token, 0, "add", n="1").get_data(as_text=True)
    assert cue(html) == "Waiting" and 'data-my-moment="0"' in html


def test_taking_a_held_seat_needs_take_over_and_one_seat_per_device(app):
    anna, boris = app.test_client(), app.test_client()
    url, token = new_counter(anna)
    anna.post("/device", data={"csrf_token": token, "label": "Anna's phone"})
    seat(anna, url, token, "even")
    boris_token = re.search(r'name="csrf_token" value="([^"]+)"', boris.get(url).get_data(as_text=True)).group(1)
    refused = seat(boris, url, boris_token, "even")
    assert refused.status_code == 409 and "Anna" in alert(refused.get_data(as_text=True))
    assert cue(anna.get(url).get_data(as_text=True)) == "Your turn"
    assert seat(boris, url, boris_token, "even", take_over="yes").status_code == 200
    assert cue(anna.get(url).get_data(as_text=True)) == ""
    seat(boris, url, boris_token, "odd")  # moving seats frees the old one
    html = anna.get(url).get_data(as_text=True)
    assert "held by" in html and html.count("Take this seat") == 2


def test_release_and_unknown_seat(app):
    phone = app.test_client()
    url, token = new_counter(phone)
    assert seat(phone, url, token, "middle").status_code == 400
    seat(phone, url, token, "odd")
    phone.post(url + "/seat/release", data={"csrf_token": token}, headers=HTMX)
    assert cue(phone.get(url).get_data(as_text=True)) == ""


def test_a_seat_change_wakes_the_other_devices(app):
    phone, tablet = app.test_client(), app.test_client()
    url, token = new_counter(phone)
    token_before = re.search(r'data-live-token="([^"]+)"', tablet.get(url).get_data(as_text=True)).group(1)
    seat(phone, url, token, "odd")
    answer = tablet.get(f"{url}/live?v={token_before}&wait=0")
    assert answer.status_code == 200 and answer.get_json()["token"] != token_before


def test_a_phone_that_joins_by_code_is_offered_its_seats_player_name_as_its_label(app):
    from tests.conftest import csrf_token
    from tests.web.tapper import Thumb
    tablet, phone = app.test_client(), app.test_client()
    code = tablet.post("/api/games", json={"kind": "mage_knight", "setup": {
        "player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"]}}).get_json()["code"]
    url = phone.post("/join", data={"csrf_token": csrf_token(phone), "code": code.lower()}).headers["Location"]
    thumb = Thumb(phone, url)
    assert "Call this device" not in thumb.page  # no seat yet: nothing to offer
    thumb.tap(thumb.form(form_id=None, seat="p2"))
    offer = next(f for f in thumb.forms if "seat-label-offer" in f.attrs.get("class", ""))
    assert offer.button().get("text") == "Call this device “Boris”"
    thumb.tap(offer)
    assert re.search(r"<li><bdi>Boris</bdi> <span class=\"muted\">\(this device\)</span></li>", thumb.page)
    assert "Call this device" not in thumb.page  # named now: no more offer
    thumb.tap(thumb.form("pick_tactic", tactic="planning"))
    history = tablet.get(url + "/history").get_data(as_text=True)
    assert re.search(r'"what">Boris picked Planning</span>\s*<span class="muted">Boris ·', words(history))


def test_a_phone_that_finds_every_seat_held_can_take_one_over_from_its_first_question(app):
    """The walk of 2026-12-05: a solo game started on the tablet seats the tablet; the player's phone, joining,
    was told "Every seat already has its phone" and had to find Seats below, tick "Take over" and tap "Take this
    seat". The question itself now offers each held seat behind one deliberate fold."""
    anna, boris, phone = app.test_client(), app.test_client(), app.test_client()
    url, token = new_counter(anna)
    seat(anna, url, token, "even")
    boris_token = re.search(r'name="csrf_token" value="([^"]+)"', boris.get(url).get_data(as_text=True)).group(1)
    seat(boris, url, boris_token, "odd")
    html = phone.get(url).get_data(as_text=True)
    who = html[html.index('id="who"'):html.index("</section>", html.index('id="who"'))]
    assert "Every seat already has its phone." in who
    fold = who[who.index('<details class="who-take-over"'):who.index("</details>")]
    assert "open" not in fold[:fold.index(">")]  # a deliberate step: closed
    offered = re.findall(r'name="seat" value="(\w+)"><input type="hidden" name="take_over" value="yes">', fold)
    assert offered == ["even", "odd"]
    phone_token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    assert seat(phone, url, phone_token, "even", take_over="yes").status_code == 200
    assert cue(phone.get(url).get_data(as_text=True)) == "Your turn" and cue(anna.get(url).get_data(as_text=True)) == ""
