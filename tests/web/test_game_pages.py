"""The game pages: full page vs fragment, the 409/422/404/400 paths, CSRF, escaping."""
from __future__ import annotations

import re

from tests.conftest import csrf_token
from tests.web.helpers import HTMX, act, alert, count, new_counter, words


def test_full_page_and_htmx_fragment_come_from_one_template(client):
    url, _ = new_counter(client, 4)
    page = client.get(url).get_data(as_text=True)
    fragment = client.get(url, headers=HTMX).get_data(as_text=True)
    assert page.startswith("<!doctype html>") and "<html" in page and 'id="game-panel"' in page
    assert fragment.lstrip().startswith('<section id="game-panel"') and "<html" not in fragment
    assert count(page) == count(fragment) == 4


def test_action_through_a_plain_form_redirects_303_then_shows_the_change(client):
    url, token = new_counter(client, 1)
    response = act(client, url, token, 0, "add", htmx=False, n="2")
    assert response.status_code == 303 and response.headers["Location"] == url
    assert count(client.get(url).get_data(as_text=True)) == 3


def test_action_through_htmx_returns_the_fresh_panel(client):
    url, token = new_counter(client, 1)
    response = act(client, url, token, 0, "add", n="2")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert count(html) == 3 and 'data-version="1"' in html and "Undo: Add 2" in html


def test_stale_version_is_409_with_the_fresh_state_and_a_notice(app):
    phone, tablet = app.test_client(), app.test_client()
    url, token = new_counter(phone, 1)
    tablet.get(url)
    act(tablet, url, csrf_token(tablet), 0, "add", n="1")
    response = act(phone, url, token, 0, "add", n="1")
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert count(html) == 2 and 'data-version="1"' in html and "Someone else changed the game first" in alert(html)


def test_a_double_tap_counts_once_and_says_so(client):
    url, token = new_counter(client, 1)
    act(client, url, token, 0, "add", n="1")
    response = act(client, url, token, 0, "add", n="1")  # the same form again, from the same device
    html = response.get_data(as_text=True)
    assert response.status_code == 409 and count(html) == 2
    assert "That tap came twice: it counted once." in alert(html)
    client.post(url + "/undo", data={"csrf_token": token, "version": "1"}, headers=HTMX)
    again = client.post(url + "/undo", data={"csrf_token": token, "version": "1"}, headers=HTMX)
    assert again.status_code == 409 and count(again.get_data(as_text=True)) == 1
    assert "it undid one change" in alert(again.get_data(as_text=True))


def test_rule_violation_is_422_with_the_players_message_and_nothing_applied(client):
    url, token = new_counter(client, 1)
    response = act(client, url, token, 0, "add", n="-5")
    assert response.status_code == 422
    assert alert(response.get_data(as_text=True)) == "The counter cannot go below zero."
    assert count(client.get(url).get_data(as_text=True)) == 1


def test_malformed_input_is_400_and_changes_nothing(client):
    url, token = new_counter(client, 1)
    for data in ({"n": "many"}, {"n": "9" * 500}):
        response = act(client, url, token, 0, "add", **data)
        assert response.status_code == 400 and alert(response.get_data(as_text=True))
    assert act(client, url, token, 0, "launch_rocket").status_code == 400
    assert client.post(url + "/act", data={"csrf_token": token, "action": "add", "n": "1"},
                       headers=HTMX).status_code == 400  # no version
    assert client.post(url + "/act", data={"csrf_token": token, "version": "x", "action": "add"},
                       headers=HTMX).status_code == 400
    assert count(client.get(url).get_data(as_text=True)) == 1


def test_unknown_game_is_a_404_page_with_the_join_form(client):
    response = client.get("/g/QQQQQ")
    html = response.get_data(as_text=True)
    assert response.status_code == 404 and 'action="/join"' in html and 'name="code"' in html


def test_join_by_code_finds_the_game_whatever_the_typing(client):
    url, token = new_counter(client)
    code = url.rsplit("/", 1)[1]
    typed = code[:2].lower() + "-" + code[2:] + " "
    response = client.post("/join", data={"csrf_token": token, "code": typed})
    assert response.status_code == 303 and response.headers["Location"] == url
    unknown = client.post("/join", data={"csrf_token": token, "code": "nope7"})
    html = unknown.get_data(as_text=True)
    # the typed code stays in the box and is named, so a mistyped letter is easy to see
    assert unknown.status_code == 404 and "No game has the code NOPE7" in html and 'value="NOPE7"' in html
    evil = client.post("/join", data={"csrf_token": token, "code": '"><b>x'}).get_data(as_text=True)
    assert "<b>x" not in evil


def test_a_post_without_a_valid_csrf_token_is_rejected(client):
    url, token = new_counter(client, 1)
    for bad in ({}, {"csrf_token": "forged"}):
        response = client.post(url + "/act", data={"version": "0", "action": "add", "n": "1", **bad})
        assert response.status_code == 400
    assert count(client.get(url).get_data(as_text=True)) == 1


def test_csrf_token_in_the_htmx_header_is_accepted(client):
    url, token = new_counter(client, 1)
    response = client.post(url + "/act", data={"version": "0", "action": "add", "n": "1"},
                           headers={**HTMX, "X-CSRFToken": token})
    assert response.status_code == 200


def test_player_text_is_escaped_everywhere(client):
    evil = '<script>alert(1)</script>'
    url, token = new_counter(client, title=evil)
    act(client, url, token, 0, "name", name=evil)
    client.post("/device", data={"csrf_token": token, "label": evil})
    act(client, url, token, 1, "add", n="1")
    for path in (url, url + "/history", "/"):
        html = client.get(path).get_data(as_text=True)
        assert evil not in html and "&lt;script&gt;" in html


def test_oversized_names_get_a_clear_400_and_change_nothing(client):
    url, token = new_counter(client)
    response = client.post(url + "/rename", data={"csrf_token": token, "title": "x" * 81})
    assert response.status_code == 400 and "too long" in alert(response.get_data(as_text=True))
    response = client.post("/device", data={"csrf_token": token, "label": "y" * 41})
    assert response.status_code == 400
    response = client.post("/new/counter", data={"csrf_token": token, "title": "z" * 200})
    assert response.status_code == 400


def test_history_lists_events_with_device_and_undo_from_there(client):
    url, token = new_counter(client)
    client.post("/device", data={"csrf_token": token, "label": "Anna's phone"})
    act(client, url, token, 0, "add", n="3")
    html = client.get(url + "/history").get_data(as_text=True)
    assert "Add 3" in html and "Anna&#39;s phone" in html
    response = client.post(url + "/undo", data={"csrf_token": token, "version": "1", "from": "history"})
    assert response.status_code == 303 and response.headers["Location"].endswith("/history")
    html = client.get(url + "/history").get_data(as_text=True)
    assert "Undone: Add 3" in html and 'class="undone"' in html


def test_rename_archive_and_delete(client):
    url, token = new_counter(client)
    client.post(url + "/rename", data={"csrf_token": token, "title": "Friday night"})
    assert "Friday night" in client.get("/").get_data(as_text=True)
    client.post(url + "/archive", data={"csrf_token": token, "archived": "1"})
    assert act(client, url, token, 0, "add", n="1").status_code == 422
    client.post(url + "/archive", data={"csrf_token": token, "archived": "0"})
    assert act(client, url, token, 0, "add", n="1").status_code == 200
    assert client.post(url + "/delete", data={"csrf_token": token}).status_code == 400
    assert client.post(url + "/delete", data={"csrf_token": token, "confirm": "yes"}).status_code == 303
    assert client.get(url).status_code == 410  # it can be restored for a while (tests/web/test_deletion.py)


def test_recent_games_are_per_device(app):
    anna, boris = app.test_client(), app.test_client()
    url, _ = new_counter(anna, title="Anna's table")
    assert "Anna&#39;s table" in anna.get("/").get_data(as_text=True)
    assert "Anna&#39;s table" not in boris.get("/").get_data(as_text=True)
    boris.get(url)
    assert "Anna&#39;s table" in boris.get("/").get_data(as_text=True)


def test_the_roster_shows_connected_devices_by_label(app):
    anna, boris = app.test_client(), app.test_client()
    url, token = new_counter(anna)
    anna.post("/device", data={"csrf_token": token, "label": "Anna's phone"})
    anna.get(url)
    boris.get(url)
    html = boris.get(url + "/devices").get_data(as_text=True)
    assert "Anna&#39;s phone" in html and "this device" in html and html.count("<li>") == 2


def test_devices_without_a_label_get_a_short_steady_tag_so_history_tells_them_apart(app):
    phone, tablet = app.test_client(), app.test_client()
    url, token = new_counter(phone)
    tablet.get(url)
    act(phone, url, token, 0, "add", n="1")
    act(tablet, url, csrf_token(tablet), 1, "add", n="2")
    html = phone.get(url + "/history").get_data(as_text=True)
    tags = re.findall(r"Device ([A-Z0-9]{3})", html)
    assert len(set(tags)) == 2, tags  # two devices, two different tags
    assert tags == re.findall(r"Device ([A-Z0-9]{3})", phone.get(url + "/history").get_data(as_text=True))
    roster = phone.get(url + "/devices").get_data(as_text=True)
    assert set(re.findall(r"Device ([A-Z0-9]{3})", roster)) == set(tags)
    russian = phone.get(url + "/history", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert "Устройство " in russian


def test_the_qr_code_encodes_the_lan_url(client):
    url, _ = new_counter(client)
    html = client.get(url).get_data(as_text=True)
    assert "<svg" in html and f"http://192.0.2.10:5000{url}" in html


def test_security_headers_and_cookies(client):
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp and "unsafe-eval" not in csp
    cookies = response.headers.getlist("Set-Cookie")
    assert cookies and all("HttpOnly" in c and "SameSite=Lax" in c for c in cookies)


def test_pages_reference_no_other_origin(client):
    url, _ = new_counter(client)
    for path in ("/", url, url + "/history"):
        html = client.get(path).get_data(as_text=True)
        for attr in ("src=", "href="):
            for chunk in html.split(attr)[1:]:
                target = chunk[1:chunk.index(chunk[0], 1)]
                assert not target.startswith(("http:", "https:", "//")) or "192.0.2.10" in target, target


def test_language_is_chosen_per_device_and_defaults_from_the_browser(app):
    browser_ru = app.test_client()
    html = browser_ru.get("/", headers={"Accept-Language": "ru-RU,ru;q=0.9"}).get_data(as_text=True)
    assert '<html lang="ru"' in html
    english = app.test_client()
    html = english.get("/").get_data(as_text=True)
    assert '<html lang="en"' in html
    from tests.conftest import csrf_token
    english.post("/lang", data={"csrf_token": csrf_token(english), "lang": "ru", "next": "/"})
    assert '<html lang="ru"' in english.get("/").get_data(as_text=True)
    response = english.post("/lang", data={"csrf_token": csrf_token(english), "lang": "ru",
                                           "next": "//evil.example/"})
    assert response.headers["Location"] == "/"


def tokens_in(html: str) -> set[str]:
    return set(re.findall(r'name="csrf_token" value="([^"]+)"', html))


def test_a_new_game_never_shows_a_kept_panel_of_a_deleted_one(client):
    url, token = new_counter(client, 5)
    client.get(url)
    client.post(url + "/delete", data={"csrf_token": token, "confirm": "yes"})
    other, _ = new_counter(client, 9)  # SQLite may give it the deleted game's id, at the same version
    assert count(client.get(other, headers=HTMX).get_data(as_text=True)) == 9


def test_the_readings_of_one_place_sit_under_one_heading_with_their_count(app):
    """Two "How the app reads…" headings in a row read as a glitch: one place's readings, from any number of lists,
    fold under one heading (its count when more than one), and none at all draws nothing."""
    with app.test_request_context("/"):
        from flask import render_template_string
        draw = '{% import "macros.html" as ui %}{{ ui.readings(*lists) }}'
        one = render_template_string(draw, lists=[["A reading."]])
        assert one.count("<details") == 1 and "(1)" not in one and "<p>A reading.</p>" in words(one)
        three = render_template_string(draw, lists=[["First."], [], ["Second.", "Third."]])
        assert three.count("<details") == 1 and three.count("How the app reads unclear rules") == 1
        assert '<span class="muted">(3)</span>' in three
        assert "<p>First.</p><p>Second.</p><p>Third.</p>" in words(three)
        assert render_template_string(draw, lists=[[], None]).strip() == ""


def test_a_phones_page_loads_the_join_qr_code_only_when_scrolled_near(client):
    """The QR code is an image fetched lazily on a game page (a phone's first load carries none); the group
    screen, where it is read, keeps it inline."""
    url, _ = new_counter(client)
    code = url.rsplit("/", 1)[1]
    join = re.search(r'<section id="join".*?</section>', client.get(url).get_data(as_text=True), re.S).group(0)
    assert "<svg" not in join
    assert f'<img src="/g/{code}/qr.svg"' in join and 'loading="lazy"' in join
    image = client.get(f"/g/{code}/qr.svg")
    assert image.status_code == 200 and image.mimetype == "image/svg+xml"
    assert f"http://192.0.2.10:5000/g/{code}" in image.get_data(as_text=True)  # the join URL, in its title
    assert '<div class="qr"><svg' in client.get(url + "/screen").get_data(as_text=True)
    assert client.get("/g/ZZZZZ/qr.svg").status_code == 404


def test_a_setup_value_too_long_for_any_field_says_which_by_its_beginning(client):
    """The fresh walk of 2026-12-05: a player's name of 5,000 characters (the page's own limit of 40 taken off) was
    refused with "A value is too long (at most 200 characters)" and no word of which of the form's fields it was."""
    token = csrf_token(client)
    name = "Alexandra the Unstoppable " * 200
    for accept, refusal in (("en", "A value is too long"), ("ru", "Слишком длинное значение")):
        response = client.post("/new/counter", headers={"Accept-Language": accept},
                               data={"csrf_token": token, "start": "0", "name": name})
        said = alert(response.get_data(as_text=True))
        assert response.status_code == 400 and refusal in said and f"{name[:30]}…" in said, said
    assert "Recent games" not in client.get("/").get_data(as_text=True)  # nothing was made


def test_recent_games_say_which_game_each_is_unless_its_name_does(app):
    """The fresh walk of 2026-12-05: the home page named each recent game by its title and code only ("Coop test
    HFHK9 · archived if unplayed until …"): which game it was went unsaid. A game named after its kind says it once."""
    client = app.test_client()
    new_counter(client, title="Friday night")
    new_counter(client)  # named after its kind
    home = words(client.get("/").get_data(as_text=True))
    items = re.findall(r'<li><a href="/g/[^"]+">(.*?)</li>', home, re.S)
    named = next(item for item in items if "Friday night" in item)
    plain = next(item for item in items if "Friday night" not in item)
    assert re.search(r'<span class="muted">Counter · [A-Z0-9]{5} ·', named), named
    assert plain.count("Counter") == 1, plain
