"""A device's quick taps (issue 42, point 2 item 2): a tap sent with the version its page showed, when the
only changes since were this same device's own earlier taps, is applied in order if it still applies; only
a true repeat of the same tap (same action, same params, same version seen, same device) counts once; a
tap that no longer applies is refused with a message saying so; another device's change first refuses it,
as ever."""
from __future__ import annotations

from tests.conftest import csrf_token
from tests.web.helpers import HTMX, act, alert, count, new_counter
from tests.web.test_act_for_seat import MM3, Table, acting

NO_LONGER = "Your tap before this one moved the game on"


def test_a_second_tap_on_the_same_page_applies_after_the_first_and_a_repeat_counts_once(client):
    url, token = new_counter(client, 1)
    assert act(client, url, token, 0, "add", n="1").status_code == 200  # the first tap
    second = act(client, url, token, 0, "add", n="2")  # tapped on the same page before the first's answer
    html = second.get_data(as_text=True)
    assert second.status_code == 200 and count(html) == 4 and 'data-version="2"' in html and not alert(html)
    for repeat in ({"n": "1"}, {"n": "2"}):  # either tap arriving twice (a double submission)
        again = act(client, url, token, 0, "add", **repeat)
        html = again.get_data(as_text=True)
        assert again.status_code == 409 and "That tap came twice: it counted once." in alert(html)
    assert count(client.get(url).get_data(as_text=True)) == 4
    history = client.get(url.replace("/g/", "/api/games/") + "/events").get_json()
    assert [(e["action"], e["params"]) for e in reversed(history)] == [("add", {"n": "1"}), ("add", {"n": "2"})]


def test_a_second_tap_that_no_longer_applies_is_refused_and_says_why(client):
    url, token = new_counter(client, 2)
    assert act(client, url, token, 0, "add", n="-2").status_code == 200
    second = act(client, url, token, 0, "add", n="-1")  # below zero once the first has applied
    html = second.get_data(as_text=True)
    assert second.status_code == 409 and NO_LONGER in alert(html) and "nothing was applied" in alert(html)
    assert count(html) == 0 and 'data-version="1"' in html


def test_another_devices_change_between_still_refuses_the_tap(app):
    phone, tablet = app.test_client(), app.test_client()
    url, token = new_counter(phone, 1)
    tablet.get(url)
    assert act(phone, url, token, 0, "add", n="1").status_code == 200
    act(tablet, url, csrf_token(tablet), 1, "add", n="1")
    late = act(phone, url, token, 0, "add", n="2")  # its own tap first, then the tablet's: not its own chain
    assert late.status_code == 409 and "Someone else changed the game first" in alert(late.get_data(as_text=True))
    assert count(late.get_data(as_text=True)) == 3


def test_a_mouses_finish_then_next_tapped_on_one_panel_both_apply_in_order(app):
    """The evening's case: "Finish Search", then "Next ▶" 0.3 s later from the same panel. A third quick tap,
    "Move" on the panel Finish's answer brought, no longer applies once Next has passed the turn on."""
    table = Table(app, "mice_mystics", MM3, ["player:Anna", "player:Boris", "player:Chen"])
    while not table.game()["view"]["whose_turn"]:
        table.api("next_turn")
    mouse = table.game()["view"]["whose_turn"]
    seat = f"player:{mouse['controller']}"
    table.api("do_action", kind="search", client=table.phones[seat])
    panel = table.panel(table.phones[seat])  # the panel both taps were made on
    finish, following = (acting(panel, {name})[0] for name in ("finish_action", "next_turn"))
    version = table.game()["version"]
    finished = table.post(seat, finish)
    assert finished.status_code == 200
    answer = table.post(seat, following)
    assert answer.status_code == 200 and not alert(answer.get_data(as_text=True))
    game = table.game()
    assert game["version"] == version + 2 and game["view"]["whose_turn"] != mouse
    history = table.shared.get(f"/api/games/{table.code}/events?limit=2").get_json()
    assert [e["action"] for e in history] == ["next_turn", "finish_action"]
    move = acting(finished.get_data(as_text=True), {"do_move"})[0]
    late = table.post(seat, move)
    assert late.status_code in (403, 409) and alert(late.get_data(as_text=True))
    assert table.game()["version"] == version + 2


def test_an_undo_tapped_right_after_a_tap_undoes_it_and_counts_once(client):
    """Undo tapped before the answer of this device's own tap came undoes that tap (what the player just did),
    and the same Undo arriving again undoes nothing more."""
    url, token = new_counter(client, 1)
    act(client, url, token, 0, "add", n="1")
    act(client, url, token, 1, "add", n="2")
    undo = {"csrf_token": token, "version": "1"}  # tapped on the panel "add 2" was tapped on
    first = client.post(url + "/undo", data=undo, headers=HTMX)
    assert first.status_code == 200 and count(first.get_data(as_text=True)) == 2
    again = client.post(url + "/undo", data=undo, headers=HTMX)
    assert again.status_code == 409 and "it undid one change" in alert(again.get_data(as_text=True))
    assert count(again.get_data(as_text=True)) == 2 and 'data-version="3"' in again.get_data(as_text=True)
