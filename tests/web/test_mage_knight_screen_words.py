"""The Mage Knight group screen says what the table does now, in words that agree with each other: the round's end
in big type as the phones say it (not the phase's name), and the Dummy's panel never foretells an End of Round
already announced, nor a turn it will not take (MK-RND-4, MK-RND-5, MK-DUM-3, MK-DUM-5)."""
from __future__ import annotations

import html as htmllib
import re

from tests.web.helpers import HTMX, api_act, words


def create(client, **setup) -> str:
    response = client.post("/api/games", json={"kind": "mage_knight", "setup": {"dice_mode": "app", **setup}})
    assert response.status_code in (200, 201), response.get_json()
    return response.get_json()["code"]


def view_of(client, code: str) -> dict:
    return client.get(f"/api/games/{code}").get_json()["view"]


def play_until(client, code: str, done) -> dict:
    """Each step the first of the usual ones on offer (a player announces End of Round at once) until `done(view)`."""
    for _ in range(200):
        view = view_of(client, code)
        if done(view):
            return view
        names = [a["action"] for a in view["actions"]]
        wanted = next(w for w in ("pick_tactic", "announce_end_of_round", "end_turn", "remove_tactic", "dummy_turn",
                                  "tick_step") if w in names)
        api_act(client, code, wanted, **next(a for a in view["actions"] if a["action"] == wanted)["params"])
    raise AssertionError("never came")


def text(html: str) -> str:
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", words(html)))).strip()


def part(html: str, pattern: str) -> str:
    match = re.search(pattern, words(html), re.S)
    assert match, pattern
    return match.group(0)


def screen(client, code: str, lang: str = "en") -> str:
    return client.get(f"/g/{code}/screen", headers={**HTMX, "Accept-Language": lang}).get_data(as_text=True)


def phone(client, code: str) -> str:
    return client.get(f"/g/{code}").get_data(as_text=True)


def now_of(html: str) -> dict:
    """The screen's "who acts now": its lines by class."""
    section = part(html, r'<section class="mks-now".*?</section>')
    return {cls: text(inner) for cls, inner in re.findall(r'<p class="([\w -]+)"[^>]*>(.*?)</p>', section, re.S)}


def dummy_panel(html: str) -> str:
    return text(part(html, r'<section class="mks-dummy".*?</section>'))


def phone_dummy(html: str) -> str:
    return text(part(html, r'<details class="mk-more mk-dummy" id="mk-dummy">.*?</details>'))


def cooperative_round_end(client) -> str:
    code = create(client, player_name=["Vera", "Boris"], hero=["tovak", "goldyx"], scenario="full_cooperation",
                  dummy_hero="arythea")
    play_until(client, code, lambda view: view["phase"] == "round_end")
    return code


def test_the_round_end_says_in_big_type_what_the_table_does_as_the_phones_do(client):
    """The walk: "Round 1 of 4 · Day · round end" over a giant lowercase "round end", the phase's name."""
    code = cooperative_round_end(client)
    now = now_of(screen(client, code))
    assert now.get("mks-what") == "End of the round" and now.get("screen-now") == "Remove a tactic", now
    assert now.get("screen-next") == "Then Round 2 is prepared", now
    assert "Choose one of the tactics the players used to remove from the game." in now.values(), now
    ru = now_of(screen(client, code, "ru"))
    assert ru.get("mks-what") == "Конец раунда" and ru.get("screen-now") == "Уберите тактику", ru
    assert ru.get("screen-next") == "Затем — подготовка раунда 2", ru
    api_act(client, code, "remove_tactic", **view_of(client, code)["actions"][-1]["params"])
    assert view_of(client, code)["phase"] == "preparation" and view_of(client, code)["round"] == 2  # as it said


def solo_game(client) -> str:
    return create(client, player_name=["Vera"], hero=["tovak"], scenario="solo_conquest", dummy_hero="goldyx")


def test_once_the_dummy_announced_end_of_round_no_panel_says_it_will(client):
    """The walk: "End of Round announced by The Dummy. Last turns left: 2" over the Dummy's panel still saying
    "The Dummy's deck is empty: it will announce End of Round on its next turn" (the group screen and the phones)."""
    code = solo_game(client)
    play_until(client, code, lambda view: view["phase"] == "turns" and view["current_seat"] == "p1")
    api_act(client, code, "adjust_dummy", what="deck", delta=-view_of(client, code)["dummy"]["deck"])
    assert "will announce End of Round on its next turn" in dummy_panel(screen(client, code))  # not yet announced
    api_act(client, code, "end_turn", player="p1")  # the Dummy's turn: its deck is empty, it announces
    view = view_of(client, code)
    assert view["end_of_round_by"] == "dummy" and view["current_seat"] == "p1"
    html = screen(client, code)
    assert "End of Round announced by The Dummy." in text(html)
    for panel in (dummy_panel(html), phone_dummy(phone(client, code))):
        assert "will announce" not in panel and "then it announces" not in panel, panel
        assert "The Dummy announced End of Round: it takes no more turns this round." in panel, panel


def test_after_a_player_announced_the_dummy_has_one_last_turn_then_none(client):
    code = solo_game(client)
    play_until(client, code, lambda view: view["phase"] == "turns" and view["current_seat"] == "p1")
    api_act(client, code, "announce_end_of_round", player="p1", deck_empty=True)
    assert view_of(client, code)["current_seat"] == "dummy"
    for panel in (dummy_panel(screen(client, code)), phone_dummy(phone(client, code))):
        assert "then it announces End of Round" not in panel, panel
        assert "End of Round is announced: this is the Dummy's last turn this round." in panel, panel
    turn = text(part(phone(client, code), r'<div class="mk-dummy-turn".*?<p class="muted">.*?</p>'))
    assert "End of Round is announced: this is the Dummy's last turn this round." in turn, turn
    api_act(client, code, "adjust_dummy", what="deck", delta=-view_of(client, code)["dummy"]["deck"])  # counted empty
    turn = text(part(phone(client, code), r'<div class="mk-dummy-turn".*?</div>'))
    assert "The Dummy announces End of Round" not in turn and "The Dummy has nothing to flip" in turn, turn


def test_a_player_announced_with_the_dummys_last_turn_still_to_come(client):
    code = create(client, player_name=["Vera", "Boris"], hero=["tovak", "goldyx"], scenario="full_cooperation",
                  dummy_hero="arythea")
    order = play_until(client, code, lambda view: view["phase"] == "turns")["round_order"]
    # The player whom the other player follows announces: that one's last turn comes before the Dummy's.
    announcer = next(s for i, s in enumerate(order) if s != "dummy" and order[(i + 1) % 3] != "dummy")
    while (view := view_of(client, code))["current_seat"] != announcer:
        seat = view["current_seat"]
        api_act(client, code, "dummy_turn", third="red") if seat == "dummy" else api_act(client, code, "end_turn",
                                                                                           player=seat)
    api_act(client, code, "announce_end_of_round", player=announcer, deck_empty=True)
    view = view_of(client, code)
    assert view["current_seat"] not in (announcer, "dummy") and "dummy" in view["final_turns"]["remaining"]
    assert "End of Round is announced: the Dummy takes one last turn this round." in dummy_panel(screen(client, code))
    api_act(client, code, "adjust_dummy", what="deck", delta=-view["dummy"]["deck"])
    assert ("End of Round is announced: the Dummy's deck is empty, so it has nothing to flip on its last turn."
            in dummy_panel(screen(client, code)))
    api_act(client, code, "end_turn", player=view["current_seat"])  # the Dummy's last turn flips nothing
    assert view_of(client, code)["phase"] == "round_end"
    assert "The Dummy takes no more turns this round." in dummy_panel(screen(client, code))


def test_the_scenario_end_and_the_game_end_foretell_no_turn_of_the_dummy(client):
    """MK-RND-5: in solo and cooperative scenarios the Dummy takes no last turn once the scenario's end is met."""
    code = solo_game(client)
    play_until(client, code, lambda view: view["phase"] == "turns" and view["current_seat"] == "p1")
    end = next(a for a in view_of(client, code)["actions"] if a["action"] == "mark_scenario_end")
    api_act(client, code, "mark_scenario_end", **end["params"])
    assert view_of(client, code)["final_turns"]["by"] == "scenario_end"
    for panel in (dummy_panel(screen(client, code)), phone_dummy(phone(client, code))):
        assert "announces End of Round" not in panel, panel
        assert "The Dummy takes no more turns this round." in panel, panel
    play_until(client, code, lambda view: view["phase"] == "finished")
    for panel in (dummy_panel(screen(client, code)), phone_dummy(phone(client, code))):
        assert "End of Round" not in panel, panel
