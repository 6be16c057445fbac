"""My phone acts for my seat (issue 23, point 1): at another seat's tactic pick, turn or mouse's turn a
seated phone's controls for that seat sit behind "Act for …" (a closed <details>, no JavaScript needed) and
its form post is refused without that step; the seat's own phone, a device with no seat and a moment that
is nobody's in particular keep them one tap; the JSON API acts for any seat as ever.

What a device is shown is read here from its whole page (the no-JavaScript path, drawn for the device). A
live panel is one drawing of the kind's part for every device (issue 25): the seat's moment folded, and the
panel's data-act-for says which device keeps it so (app.js opens it on the others; the browser tests see
what a tap does there)."""
from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest

from tests.conftest import csrf_token
from tests.web.helpers import HTMX, alert, words

MK3 = {"player_name": ["Anna", "Boris", "Chen"], "hero": ["tovak", "goldyx", "norowas"],
       "scenario": "full_conquest"}
MM3 = {"mouse": ["lily", "nez", "collin"], "controller": ["Anna", "Boris", "Chen"],
       "minion_type": ["rat_warriors"], "minion_count": [2]}


class _Controls(HTMLParser):
    """Each form posting an action: its hidden fields, whether it sits inside "Act for …" (and that open),
    and whether it carries the N key's shortcut."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []
        self.details: list[dict] = []  # the open <details> around here, innermost last
        self.form: dict | None = None
        self.summaries: list[str] = []
        self._summary = False

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "details":
            classes = a.get("class", "").split()
            self.details.append({"act_for": "act-for" in classes, "seat_fold": "seat-fold" in classes,
                                 "open": "open" in a})
        elif tag == "summary" and self.details and (self.details[-1]["act_for"] or self.details[-1]["seat_fold"]):
            self._summary = True
            self.summaries.append("")
        elif tag == "form":
            self.form = {"hidden": {}, "act_for": any(d["act_for"] for d in self.details),
                         "open": any(d["act_for"] and d["open"] for d in self.details), "shortcut": False,
                         "seat_folded": any(d["seat_fold"] and not d["open"] for d in self.details)}
            self.forms.append(self.form)
        elif self.form is not None and tag == "input" and a.get("type") == "hidden":
            self.form["hidden"][a.get("name")] = a.get("value", "")
        elif self.form is not None and "data-shortcut" in a:
            self.form["shortcut"] = self.form["shortcut"] or a["data-shortcut"] == "next"

    def handle_endtag(self, tag):
        if tag == "details" and self.details:
            self.details.pop()
        elif tag == "summary":
            self._summary = False
        elif tag == "form":
            self.form = None

    def handle_data(self, data):
        if self._summary:
            self.summaries[-1] += data


def controls(html: str) -> _Controls:
    parser = _Controls()
    parser.feed(html)
    return parser


def acting(html: str, actions) -> list[dict]:
    return [f for f in controls(html).forms if f["hidden"].get("action") in actions]


class Table:
    """One game, a phone per seat (each seated and named after its player) and the shared device (no seat,
    just watching)."""

    def __init__(self, app, kind: str, setup: dict, seat_ids: list[str]):
        self.shared = app.test_client()
        self.code = self.shared.post("/api/games", json={"kind": kind, "setup": setup}).get_json()["code"]
        self.url = f"/g/{self.code}"
        token = csrf_token(self.shared, self.url)
        assert self.shared.post(self.url + "/watch", data={"csrf_token": token}).status_code == 303
        self.phones, self.tokens = {}, {}
        for seat_id in seat_ids:
            phone = app.test_client()
            token = csrf_token(phone, self.url)
            assert phone.post(self.url + "/seat", data={"csrf_token": token, "seat": seat_id}).status_code == 303
            self.phones[seat_id], self.tokens[seat_id] = phone, token

    def game(self) -> dict:
        return self.shared.get(f"/api/games/{self.code}").get_json()

    def panel(self, client) -> str:
        """The device's live panel (htmx)."""
        return client.get(self.url, headers=HTMX).get_data(as_text=True)

    def page(self, client) -> str:
        """The device's whole page: what it shows without JavaScript."""
        return client.get(self.url).get_data(as_text=True)

    def post(self, seat_id: str, form: dict, **changed):
        data = {**form["hidden"], **changed, "csrf_token": self.tokens[seat_id]}
        return self.phones[seat_id].post(self.url + "/act", data={k: v for k, v in data.items() if v is not None},
                                         headers=HTMX)

    def pick_any(self, client=None) -> dict:
        """The picker takes the first tactic the rules offer (Mana Steal with its die)."""
        params = next(a["params"] for a in self.game()["view"]["actions"] if a["action"] == "pick_tactic")
        self.api("pick_tactic", client=client, **params)
        return params

    def api(self, action: str, client=None, **params):
        client = client or self.shared
        answer = client.post(f"/api/games/{self.code}/actions",
                             json={"version": self.game()["version"], "action": action, "params": params})
        assert answer.status_code == 200, answer.get_json()
        return answer.get_json()


def assert_folded_for(html: str, forms: list[dict], seat_id: str, name: str) -> None:
    """Every one of `forms` sits inside a closed "Act for <name>…" and carries the step's mark (its N key
    waits for the step: keys.js skips a control in a closed <details>)."""
    assert forms
    for form in forms:
        assert form["act_for"] and not form["open"], form
        assert form["hidden"].get("for_seat") == seat_id, form
    assert f"Act for {name}…" in controls(html).summaries


def assert_one_tap(forms: list[dict]) -> None:
    assert forms
    assert all(not f["act_for"] and "for_seat" not in f["hidden"] for f in forms)


TURN_ACTIONS = {"take_die", "end_turn", "announce_end_of_round"}


def test_mage_knight_pick_and_turn_are_one_tap_on_the_seats_phone_and_a_second_step_on_the_others(app):
    table = Table(app, "mage_knight", MK3, ["p1", "p2", "p3"])
    names = {"p1": "Anna", "p2": "Boris", "p3": "Chen"}
    picker = table.game()["view"]["pick_queue"][0]
    for seat_id in table.phones:
        html = table.page(table.phones[seat_id])
        picks = acting(html, {"pick_tactic"})
        if seat_id == picker:
            assert_one_tap(picks)
            assert '<details class="act-for"' not in html  # (a player's own counts fold per seat: .seat-fold)
        else:
            assert_folded_for(html, picks, picker, names[picker])
    assert_one_tap(acting(table.page(table.shared), {"pick_tactic"}))  # just watching: for anyone
    while table.game()["view"]["phase"] == "tactics":
        table.pick_any()
    current = table.game()["view"]["current_seat"]
    other = next(s for s in table.phones if s != current)
    html = table.page(table.phones[other])
    turn = acting(html, TURN_ACTIONS)
    assert {f["hidden"]["action"] for f in turn} == TURN_ACTIONS
    assert_folded_for(html, turn, current, names[current])
    assert_one_tap(acting(table.page(table.phones[current]), TURN_ACTIONS))
    assert_one_tap(acting(table.page(table.shared), TURN_ACTIONS))
    # A player's own Fame is that player's (the walk of 2026-12-05: one tap on Вика's phone raised Аня's): behind
    # "Act for …" on another seat's phone, whose forms say for whom; open on its own phone and the shared device.
    def fame(page: str, seat: str) -> list[dict]:
        return [f for f in acting(page, {"change_fame"}) if f["hidden"]["player"] == seat]
    assert fame(html, current) and all(f["seat_folded"] and f["hidden"]["for_seat"] == current
                                       for f in fame(html, current))
    assert f"Act for {names[current]}…" in controls(html).summaries
    assert not any(f["seat_folded"] for f in fame(html, other))  # its own
    assert not any(f["seat_folded"] for f in fame(table.page(table.shared), current))


def test_a_seated_phones_post_for_another_seat_without_the_step_is_refused_and_with_it_applied(app):
    table = Table(app, "mage_knight", MK3, ["p1", "p2", "p3"])
    picker = table.game()["view"]["pick_queue"][0]
    other = next(s for s in table.phones if s != picker)
    pick = acting(table.page(table.phones[other]), {"pick_tactic"})[0]
    version = table.game()["version"]
    refused = table.post(other, pick, for_seat=None)  # an old page's form, or one typed by hand
    assert refused.status_code == 403
    message = html.unescape(alert(refused.get_data(as_text=True)))
    name = {"p1": "Anna", "p2": "Boris", "p3": "Chen"}[picker]
    assert f"It is {name}'s moment" in message and f"“Act for {name}…”" in message
    assert table.game()["version"] == version  # nothing applied
    assert table.post(other, pick, for_seat="p9").status_code == 403  # the mark names the acting seat
    assert table.post(other, pick).status_code == 200  # the second step's form
    game = table.game()
    assert game["version"] == version + 1 and game["view"]["tactics"][picker] == pick["hidden"]["tactic"]


def test_a_seated_phones_fame_tap_for_another_player_without_the_step_is_refused_and_with_it_applied(app):
    table = Table(app, "mage_knight", MK3, ["p1", "p2", "p3"])
    plus = next(f for f in acting(table.page(table.phones["p1"]), {"change_fame"})
                if f["hidden"]["player"] == "p2" and f["hidden"]["delta"] == "1")
    version = table.game()["version"]
    refused = table.post("p1", plus, for_seat=None)  # an old page's form, or one typed by hand
    assert refused.status_code == 403
    message = html.unescape(alert(refused.get_data(as_text=True)))
    assert "That is Boris's to change" in message and "“Act for Boris…”" in message, message
    assert table.post("p1", plus, for_seat="p3").status_code == 403  # the mark names Boris
    assert table.game()["version"] == version  # nothing applied
    assert table.post("p1", plus).status_code == 200  # through "Act for Boris…"
    assert table.game()["view"]["players"][1]["fame"] == 1
    own = next(f for f in acting(table.page(table.phones["p1"]), {"change_fame"})
               if f["hidden"]["player"] == "p1" and f["hidden"]["delta"] == "1")
    assert table.post("p1", own, for_seat=None).status_code == 200  # her own: one tap, even without the mark


def test_the_seats_own_phone_and_the_shared_device_act_in_one_tap_and_the_api_for_any_seat(app):
    table = Table(app, "mage_knight", MK3, ["p1", "p2", "p3"])
    picker = table.game()["view"]["pick_queue"][0]
    own = acting(table.page(table.phones[picker]), {"pick_tactic"})[0]
    assert table.post(picker, own).status_code == 200
    picker = table.game()["view"]["pick_queue"][0]
    shared_form = acting(table.page(table.shared), {"pick_tactic"})[0]
    data = {**shared_form["hidden"], "csrf_token": csrf_token(table.shared, table.url)}
    assert table.shared.post(table.url + "/act", data=data, headers=HTMX).status_code == 200
    # A script (the JSON API) acts for any seat, from any device, as before: even a seated one.
    picker = table.game()["view"]["pick_queue"][0]
    someone_else = next(s for s in table.phones if s != picker)
    picked = table.pick_any(client=table.phones[someone_else])
    assert picked["player"] == picker and table.game()["view"]["tactics"][picker] == picked["tactic"]


def test_a_stale_tap_is_told_it_is_stale_not_refused_for_the_seat(app):
    table = Table(app, "mage_knight", MK3, ["p1", "p2", "p3"])
    picker = table.game()["view"]["pick_queue"][0]
    own = acting(table.panel(table.phones[picker]), {"pick_tactic"})[0]
    table.pick_any()
    answer = table.post(picker, own)  # its own pick, but the game moved on: the version answers
    assert answer.status_code == 409 and "Someone else changed the game first" in alert(answer.get_data(as_text=True))


def test_the_live_kinds_part_is_drawn_once_per_moment_for_every_device_and_data_act_for_marks_the_others(
        app, monkeypatch):
    from companion.web import games
    table = Table(app, "mage_knight", MK3, ["p1", "p2", "p3"])
    picker = table.game()["view"]["pick_queue"][0]
    name = {"p1": "Anna", "p2": "Boris", "p3": "Chen"}[picker]
    drawn = []
    draw = games.draw_template
    monkeypatch.setattr(games, "draw_template", lambda template, **context: drawn.append(template) or
                        draw(template, **context))
    # The acting phone draws first: its drawing must still fold the pick for the others.
    panels = {seat: table.panel(phone) for seat, phone in table.phones.items()} | {None: table.panel(table.shared)}
    assert drawn == ["kinds/mage_knight.html"]  # once, for the four devices
    moments = [m for m in app.extensions["panel_cache"]._games.values() if m.key.game.code == table.code]
    assert len(moments) == 1 and "Act for " + name in words(moments[0].kind_html)
    for seat, panel in panels.items():
        assert moments[0].kind_html in panel
        tag = re.search(r'<section id="game-panel"[^>]*>', panel).group(0)
        marked = (re.search(r' data-act-for="([^"]*)"', tag) or [None, None])[1]
        assert marked == (picker if seat not in (None, picker) else None), (seat, marked)
        assert_folded_for(panel, acting(panel, {"pick_tactic"}), picker, name)


@pytest.mark.parametrize("lang, step", [("en", "Act for"), ("ru", "За игрока")])
def test_mice_a_mouses_turn_is_folded_on_the_other_phones_and_a_minion_card_is_one_tap_everywhere(app, lang, step):
    table = Table(app, "mice_mystics", MM3, ["player:Anna", "player:Boris", "player:Chen"])
    owner = {"lily": "player:Anna", "nez": "player:Boris", "collin": "player:Chen"}
    for phone in [*table.phones.values(), table.shared]:
        phone.set_cookie("lang", lang)
    seen = set()
    for _ in range(len(table.game()["state"]["initiative_track"])):
        state = table.game()["state"]
        card = state["initiative_track"][state["acting"]]
        if card["kind"] == "mouse":
            mine = owner[card["mouse"]]
            for seat_id, phone in table.phones.items():
                html = table.page(phone)
                forms = acting(html, {"next_turn", "do_move", "do_action"})
                if seat_id == mine:
                    assert_one_tap(forms)
                else:
                    assert all(f["act_for"] and not f["open"] and f["hidden"]["for_seat"] == mine for f in forms)
                    assert {f["hidden"]["action"] for f in forms} == {"next_turn", "do_move", "do_action"}
                    # one deliberate step for the whole turn (Next and the checklist), not one per section
                    assert sum(s.startswith(step) for s in controls(html).summaries) == 1
        else:
            for phone in [*table.phones.values(), table.shared]:
                assert_one_tap(acting(table.page(phone), {"next_turn"}))
                assert_one_tap(acting(table.panel(phone), {"next_turn"}))  # nobody's: one tap live too
        assert_one_tap(acting(table.page(table.shared), {"next_turn"}))
        seen.add(card["kind"])
        if table.game()["view"].get("surge_pending"):
            break
        table.api("next_turn")
    assert "mouse" in seen


class _UndoBar(HTMLParser):
    """The Undo form(s) of a page: hidden fields, whether the submit button sits in a closed "Undo for …"
    (the deliberate step) and that step's summary."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []
        self.form: dict | None = None
        self.folds: list[bool] = []  # the <details class="undo-for"> around here: open?
        self._summary = False

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("action", "").endswith("/undo"):
            self.form = {"hidden": {}, "folded": None, "summary": ""}
            self.forms.append(self.form)
        elif self.form is None:
            return
        elif tag == "details" and "undo-for" in a.get("class", "").split():
            self.folds.append("open" in a)
        elif tag == "summary" and self.folds:
            self._summary = True
        elif tag == "input" and a.get("type") == "hidden":
            self.form["hidden"][a.get("name")] = a.get("value", "")
        elif tag == "button" and a.get("type") == "submit" and "disabled" not in a:
            self.form["folded"] = bool(self.folds) and not any(self.folds)

    def handle_endtag(self, tag):
        if tag == "details" and self.folds:
            self.folds.pop()
        elif tag == "summary":
            self._summary = False
        elif tag == "form":
            self.form = None

    def handle_data(self, data):
        if self._summary and self.form is not None:
            self.form["summary"] += data


def undo_form(html: str) -> dict:
    parser = _UndoBar()
    parser.feed(html)
    assert len(parser.forms) == 1, parser.forms
    return parser.forms[0]


def post_undo(table: Table, seat_id: str, form: dict, **changed):
    data = {**form["hidden"], **changed, "csrf_token": table.tokens[seat_id]}
    return table.phones[seat_id].post(table.url + "/undo", data={k: v for k, v in data.items() if v is not None},
                                      headers=HTMX)


def test_undo_on_a_waiting_phone_of_another_seats_change_takes_the_step_and_a_phones_own_change_is_one_tap(app):
    table = Table(app, "mage_knight", MK3, ["p1", "p2", "p3"])
    names = {"p1": "Anna", "p2": "Boris", "p3": "Chen"}
    picker = table.game()["view"]["pick_queue"][0]
    others = [s for s in table.phones if s != picker]
    assert table.post(picker, acting(table.page(table.phones[picker]), {"pick_tactic"})[0]).status_code == 200
    version = table.game()["version"]
    # Boris's own phone and the shared device undo his pick in one tap; Anna's and Chen's phones fold it.
    for client in (table.phones[picker], table.shared):
        for drawn in (table.page(client), table.panel(client)):
            form = undo_form(drawn)
            assert form["folded"] is False and "for_seat" not in form["hidden"], form
    for seat_id in others:
        for drawn in (table.page(table.phones[seat_id]), table.panel(table.phones[seat_id])):
            form = undo_form(drawn)
            assert form["folded"] is True and form["hidden"]["for_seat"] == picker, form
            assert form["summary"].strip() == f"Undo for {names[picker]}…"
    waiting = others[0]
    form = undo_form(table.panel(table.phones[waiting]))
    refused = post_undo(table, waiting, form, for_seat=None)  # an old page's Undo, or one typed by hand
    assert refused.status_code == 403
    message = html.unescape(alert(refused.get_data(as_text=True)))
    assert f"“Undo for {names[picker]}…”" in message, message
    assert post_undo(table, waiting, form, for_seat=waiting).status_code == 403  # the mark names Boris
    assert table.game()["version"] == version  # nothing undone
    assert post_undo(table, waiting, form).status_code == 200  # through the step
    game = table.game()
    assert game["version"] == version + 1 and picker not in game["view"]["tactics"]

    # A phone's own change, made for Boris through "Act for Boris…": its own Undo is one tap; the third
    # phone folds it (another device's change at Boris's moment); Boris's phone undoes it in one tap.
    pick = acting(table.page(table.phones[waiting]), {"pick_tactic"})[0]
    assert table.post(waiting, pick).status_code == 200
    third = others[1]
    assert undo_form(table.panel(table.phones[waiting]))["folded"] is False
    assert undo_form(table.panel(table.phones[picker]))["folded"] is False
    assert undo_form(table.panel(table.phones[third]))["folded"] is True
    assert post_undo(table, waiting, undo_form(table.panel(table.phones[waiting]))).status_code == 200
    assert picker not in table.game()["view"]["tactics"]

    # Boris's own Fame, changed on his phone: the others undo it through "Undo for Boris…" too.
    table.api("change_fame", client=table.phones[picker], player=picker, delta=1)
    for seat_id in others:
        assert undo_form(table.panel(table.phones[seat_id]))["folded"] is True
    assert undo_form(table.panel(table.phones[picker]))["folded"] is False
    assert post_undo(table, picker, undo_form(table.panel(table.phones[picker]))).status_code == 200
    # The history page is a deliberate place of its own: its Undo carries the step's mark.
    assert table.post(picker, acting(table.page(table.phones[picker]), {"pick_tactic"})[0]).status_code == 200
    history = undo_form(table.phones[waiting].get(table.url + "/history").get_data(as_text=True))
    assert history["hidden"].get("for_seat") == picker


def test_a_round_order_token_is_flipped_in_the_turns_moment_a_second_step_on_a_waiting_phone(app):
    """Flipping a token (a hero invited into the acting player's city assault, a PvP defender) belongs to the
    acting player's turn: on a waiting phone it is behind "Act for …" and a bare post is refused — the walk of
    2026-12-04 flipped Anna's token from Boris's phone in one tap during Vera's turn."""
    table = Table(app, "mage_knight", MK3, ["p1", "p2", "p3"])
    names = {"p1": "Anna", "p2": "Boris", "p3": "Chen"}
    while table.game()["view"]["phase"] == "tactics":
        table.pick_any()
    current = table.game()["view"]["current_seat"]
    other = next(s for s in table.phones if s != current)
    html = table.page(table.phones[other])
    flips = acting(html, {"flip_token"})
    assert_folded_for(html, flips, current, names[current])
    assert_one_tap(acting(table.page(table.phones[current]), {"flip_token"}))
    assert_one_tap(acting(table.page(table.shared), {"flip_token"}))
    version = table.game()["version"]
    assert table.post(other, flips[0], for_seat=None).status_code == 403
    assert table.game()["version"] == version and table.game()["view"]["flipped_tokens"] == []
    assert table.post(other, flips[0]).status_code == 200  # the second step's form
    assert table.game()["view"]["flipped_tokens"] == [flips[0]["hidden"]["player"]]
    # The correction ("Turn it face up", in Fame) is the same action: the same second step on that phone.
    html = table.page(table.phones[other])
    assert_folded_for(html, acting(html, {"flip_token"}), current, names[current])
    assert_one_tap(acting(table.page(table.phones[current]), {"flip_token"}))


def test_the_history_names_a_seated_phones_changes_after_its_player(app):
    """The walk of 2026-12-04 read "Устройство J4Q / GUL / TRR" in the history, each of them a seated phone."""
    table = Table(app, "mage_knight", MK3, ["p1", "p2", "p3"])
    names = {"p1": "Anna", "p2": "Boris", "p3": "Chen"}
    picker = table.game()["view"]["pick_queue"][0]
    assert table.post(picker, acting(table.page(table.phones[picker]), {"pick_tactic"})[0]).status_code == 200
    page = words(table.shared.get(table.url + "/history").get_data(as_text=True))
    made_by = re.findall(r'<span class="muted">\s*([^<·]+?)\s*·', page)
    assert made_by == [names[picker]], made_by


@pytest.mark.parametrize(("lang", "free", "none_free"), [
    ("en", "A player’s phone:", "Every seat already has its phone."),
    ("ru", "Телефон игрока:", "У каждого места уже есть свой телефон.")])
def test_a_new_device_when_every_seat_has_its_phone_is_not_offered_a_players_phone_with_no_seat(
        app, lang, free, none_free):
    """A tablet opening the game after every player took a seat: "A player's phone:" followed only by "Just
    watching" made no sense; it is told every seat has its phone (and, as before, how to take one over)."""
    table = Table(app, "mage_knight", {**MK3, "dice_mode": "app"}, ["p1", "p2"])
    tablet = app.test_client()
    tablet.set_cookie("lang", lang)
    page = html.unescape(table.page(tablet))
    assert free in page and none_free not in page  # Chen's seat is free
    table.phones["p3"] = phone = app.test_client()
    assert phone.post(table.url + "/seat", data={"csrf_token": csrf_token(phone, table.url),
                                                 "seat": "p3"}).status_code == 303
    page = html.unescape(table.page(tablet))
    assert 'id="who"' in page
    assert free not in page and none_free in page
