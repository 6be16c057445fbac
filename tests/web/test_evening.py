"""Issue 44: how a Mage Knight game went, on its summary (a folded section, drawn when opened): Fame by round
as a chart (server-drawn SVG, no script) whose numbers, in the table beside it, are what the history says —
the changes that stand, an undone one not — and each player's turns."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from companion.storage.models import Game, db
from tests.web.helpers import HTMX, api_act, set_times
from tests.web.test_mage_knight_score import SETUP
from tests.web.test_play_record import finish, finished


def cells(html: str, caption_or_head: str) -> list[list[str]]:
    table = html[html.index(caption_or_head):]
    table = table[:table.index("</table>")]
    return [[re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", table, re.S)]


def test_fame_by_round_is_the_fame_the_changes_that_stand_left_at_each_round_s_end(client, app):
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": SETUP}).get_json()["code"]
    game = api_act(client, code, "change_fame", player="p1", delta=5)
    client.post(f"/api/games/{code}/undo", json={"version": game["version"]})  # Anna's +5 taken back
    api_act(client, code, "change_fame", player="p1", delta=2)
    api_act(client, code, "change_fame", player="p2", delta=4)
    finish(client, code)  # the same game, played to its end (one round)
    fame = {p["id"]: p["fame"] for p in client.get(f"/api/games/{code}").get_json()["state"]["players"]}
    assert fame == {"p1": 2, "p2": 4}
    body = client.get(f"/g/{code}/folded/mk-evening", headers=HTMX).get_data(as_text=True)
    head, only_round = cells(body, '<thead><tr><th scope="col">Round')
    assert head == ["Round", "Anna", "Boris", "Min."] and only_round[:3] == ["1", "2", "4"]
    assert float(only_round[3]) >= 0  # the round's time (its figures: the next test, at set times)
    svg = body[body.index("<svg"):body.index("</svg>")]
    assert 'role="img" aria-label="Fame by round, a line for each player"' in svg and "<script" not in svg
    assert ">Anna<" in svg and ">Boris<" in svg  # the legend names each line


def test_the_summary_links_the_section_and_draws_it_only_when_opened(client, app, monkeypatch):
    from companion.web import evening
    read: list[str] = []
    course_of = evening.course_of
    monkeypatch.setattr(evening, "course_of", lambda game: read.append(game.code) or course_of(game))
    code = finished(client, SETUP)
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert f'hx-get="/g/{code}/folded/mk-evening"' in page and read == []  # the history is not read for the page
    ru = client.get(f"/g/{code}/folded/mk-evening", headers={**HTMX, "Accept-Language": "ru"}).get_data(as_text=True)
    assert read == [code] and "Слава по раундам" in ru and "Ходы, в минутах" in ru


def test_each_player_s_turns_in_the_summary_are_the_play_record_s(client, app):
    code = finished(client, SETUP)
    start = datetime(2026, 12, 4, 19, 0)
    set_times(app, code, start, timedelta(minutes=3))
    kept = client.get(f"/api/games/{code}/record").get_json()
    body = client.get(f"/g/{code}/folded/mk-evening", headers=HTMX).get_data(as_text=True)
    shown = {row[0]: row[1:] for row in cells(body, "Turns, in minutes")[1:]}
    for player in kept["players"]:
        turns = player["turns"]
        assert shown[player["name"]] == [str(turns["count"]), str(round(turns["median_seconds"] / 60, 1)),
                                         str(round(turns["longest_seconds"] / 60, 1))]
    ru = client.get(f"/g/{code}/folded/mk-evening", headers={**HTMX, "Accept-Language": "ru"}).get_data(as_text=True)
    shown_ru = {row[0]: row[1:] for row in cells(ru, "Ходы, в минутах")[1:]}
    assert [value.replace(",", ".") for value in shown_ru["Anna"]] == shown["Anna"]  # «3,0»: a decimal comma
    assert all("," in value for value in shown_ru["Anna"][1:])


def test_the_group_screen_at_game_over_shows_each_round_s_minutes_and_each_player_s_turns(client, app):
    """The group screen shows the game's time as the summary does (it showed them to screen readers only), and
    folds the join code: nobody joins a game that is over, so no free seat is named."""
    code = finished(client, SETUP)
    set_times(app, code, datetime(2026, 12, 4, 19, 0), timedelta(minutes=3))
    kept = client.get(f"/api/games/{code}/record").get_json()
    screen = client.get(f"/g/{code}/screen").get_data(as_text=True)
    time = screen[screen.index('<section class="screen-time"'):]
    rounds = re.search(r'<p class="screen-round-minutes">(.*?)</p>', time).group(1)
    assert re.sub(r"<[^>]+>", "", rounds) == "Minutes per round: " + " · ".join(
        f"{r['seconds'] / 60:.1f}" for r in kept["round_times"])
    shown = {row[0]: row[1:] for row in cells(time, "Turns, in minutes")[1:]}
    assert shown == {p["name"]: [str(p["turns"]["count"]), f"{p['turns']['median_seconds'] / 60:.1f}",
                                 f"{p['turns']['longest_seconds'] / 60:.1f}"] for p in kept["players"]}
    assert '<details id="screen-corner">' in screen and "screen-join-folded" in screen
    assert "Free seats" not in screen  # the two seats are free, but the game is over
    version = client.get(f"/api/games/{code}").get_json()["version"]
    client.post(f"/api/games/{code}/undo", json={"version": version})  # the last sheet is not done: still over
    while client.get(f"/api/games/{code}").get_json()["view"]["phase"] == "finished":
        version = client.get(f"/api/games/{code}").get_json()["version"]
        client.post(f"/api/games/{code}/undo", json={"version": version})
    screen = client.get(f"/g/{code}/screen").get_data(as_text=True)  # the game goes on: seats free again
    assert '<details id="screen-corner" open>' in screen and "Free seats" in screen



def test_the_score_s_parts_side_by_side_are_what_the_entries_that_stand_make(client):
    """Issue 44: each player's Fame, each achievement, the titles, as a bar each and in a table (players as columns,
    parts as rows, the total last) — from the changes that stand: an undone Fame and an undone count do not count."""
    code = client.post("/api/games", json={"kind": "mage_knight", "setup": SETUP}).get_json()["code"]
    api_act(client, code, "change_fame", player="p1", delta=3)
    game = api_act(client, code, "change_fame", player="p2", delta=7)
    client.post(f"/api/games/{code}/undo", json={"version": game["version"]})  # Boris's +7 taken back
    api_act(client, code, "change_fame", player="p2", delta=1)
    finish(client, code)
    api_act(client, code, "enter_score", player="p1", spells=2, wounds=1)
    game = api_act(client, code, "enter_score", player="p1", artifacts=3)
    client.post(f"/api/games/{code}/undo", json={"version": game["version"]})  # Anna's artifacts taken back
    api_act(client, code, "enter_score", player="p2", crystals=5, fortified_shields=1)
    body = client.get(f"/g/{code}/folded/mk-evening", headers=HTMX).get_data(as_text=True)
    head, *rows = cells(body, '<thead><tr><th scope="col">Part')
    assert head == ["Part", "Anna", "Boris"]
    # Knowledge: 2 Spells; Loot: 5 Crystals, halved down; Conqueror: a Shield on a keep; Beating: a Wound.
    # Titles: Knowledge +3 Anna, Loot and Conqueror +3 Boris, Leader and Adventurer tied at 0 (+1 each), Beating -3.
    assert rows == [["Fame", "3", "1"], ["Knowledge", "4", "0"], ["Loot", "0", "2"], ["Leader", "0", "0"],
                    ["Conqueror", "0", "2"], ["Adventurer", "0", "0"], ["Beating", "-2", "0"],
                    ["Titles", "2", "8"], ["Total", "7", "13"]]
    page = client.get(f"/g/{code}").get_data(as_text=True)
    final = cells(page.replace('<tr class="mk-total">', "<tr>"), "<caption>Final score")
    assert final[-1] == ["Total", "7", "13"]  # the score sheet's own table says the same
    figure = body[body.index("The score's parts"):]
    svg = figure[figure.index("<svg"):figure.index("</svg>")]
    assert 'role="img" aria-label="The score\'s parts, a bar for each player"' in svg and "<script" not in svg
    assert ">Anna<" in svg and ">Boris<" in svg  # the legend
    bars = re.findall(r'<g class="series bars">(.*?)</g>', svg)
    assert [len(re.findall("<rect ", series)) for series in bars] == [4, 4]  # a bar for each part not 0
    ru = client.get(f"/g/{code}/folded/mk-evening", headers={**HTMX, "Accept-Language": "ru"}).get_data(as_text=True)
    assert "Из чего сложился счёт" in ru and "Титулы" in ru


def test_a_chapter_s_summary_shows_the_hourglass_and_the_wheel_at_each_round_s_end(client):
    """Issue 44: the hourglass by round (and the wheel, the captured mice) is what the chapter's states were at
    each round's end; an undone Next leaves no trace."""
    setup = {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"]}
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": setup}).get_json()["code"]
    at_end: dict[int, tuple[int, int, int]] = {}
    for _ in range(12):
        game = client.get(f"/api/games/{code}").get_json()
        state = game["state"]
        at_end[state["round"]] = (state["hourglass_page"], state["cheese_wheel"],
                                  sum(1 for mouse in state["mice"] if mouse["captured"]))
        api_act(client, code, "next_turn")  # the wheel stays empty (no cheese added): no surge stops the walk
    moved = api_act(client, code, "next_turn")
    client.post(f"/api/games/{code}/undo", json={"version": moved["version"]})
    api_act(client, code, "mark_victory")
    state = client.get(f"/api/games/{code}").get_json()["state"]
    at_end[state["round"]] = (state["hourglass_page"], state["cheese_wheel"],
                              sum(1 for mouse in state["mice"] if mouse["captured"]))
    assert len(at_end) >= 2  # the walk crossed a round
    page = client.get(f"/g/{code}").get_data(as_text=True)
    assert f'hx-get="/g/{code}/folded/mm-evening"' in page
    body = client.get(f"/g/{code}/folded/mm-evening", headers=HTMX).get_data(as_text=True)
    head, *rows = cells(body, '<thead><tr><th scope="col">Round')
    assert head == ["Round", "Page", "Cheese", "Captured", "Min."]
    assert {int(row[0]): tuple(int(cell) for cell in row[1:4]) for row in rows} == at_end
    assert 'aria-label="The chapter by round: the hourglass page, the end marker and the cheese on the wheel"' in body


def test_a_chapter_s_surges_captures_rescues_and_cards_defeated_by_round_are_the_changes_that_stand(client):
    """Issue 44: each round's surges, captures, rescues and minion cards defeated, counted in the round each change
    was made in — an undone surge and an undone capture do not count."""
    setup = {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"]}
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": setup}).get_json()["code"]
    state = lambda: client.get(f"/api/games/{code}").get_json()["state"]  # noqa: E731
    made: dict[int, dict[str, int]] = {}

    def count(what: str, at: int) -> None:
        made.setdefault(at, {"surges": 0, "captures": 0, "rescues": 0, "cards": 0})[what] += 1

    start = state()["round"]
    api_act(client, code, "add_cheese", n=6, reason="room_rule")  # the wheel full: a surge
    count("surges", start)
    api_act(client, code, "resolve_surge", room_surge="no")
    undone = api_act(client, code, "add_cheese", n=6, reason="room_rule")
    client.post(f"/api/games/{code}/undo", json={"version": undone["version"]})  # a surge taken back
    api_act(client, code, "capture_mouse", mouse="lily")
    count("captures", start)
    undone = api_act(client, code, "capture_mouse", mouse="nez")
    client.post(f"/api/games/{code}/undo", json={"version": undone["version"]})  # a capture taken back
    rats = next(c for c in state()["initiative_track"] if c["kind"] == "minion")
    api_act(client, code, "remove_figures", card=rats["card"], n=rats["figures"])  # its last figure: the card goes
    count("cards", start)
    if not any(m["captured"] for m in state()["mice"]):  # the rats held the turn: it passed to Lily, rescued then
        count("rescues", start)
    while (before := state())["mice"][0]["captured"] or before["mice"][1]["captured"]:
        api_act(client, code, "next_turn")  # Lily's turn with no minions about: she is rescued
        if not any(m["captured"] for m in state()["mice"]):
            count("rescues", before["round"])
    api_act(client, code, "next_turn")
    api_act(client, code, "mark_victory")
    body = client.get(f"/g/{code}/folded/mm-evening", headers=HTMX).get_data(as_text=True)
    head, *rows = cells(body, "What happened, round by round")
    assert head == ["Round", "Surges", "Captures", "Rescues", "Minion cards defeated"]
    shown = {int(row[0]): dict(zip(["surges", "captures", "rescues", "cards"], map(int, row[1:]))) for row in rows}
    assert {r: n for r, n in shown.items() if any(n.values())} == made
    assert sum(n["rescues"] for n in made.values()) == 1
    ru = client.get(f"/g/{code}/folded/mm-evening", headers={**HTMX, "Accept-Language": "ru"}).get_data(as_text=True)
    assert "Что случилось по раундам" in ru and "Приливы" in ru

def test_a_campaign_s_summary_shows_each_mouse_s_ability_cards_at_each_chapter_s_end(client):
    """Issue 44, the campaign: the chapters played, won or lost, and each mouse's level (its ability cards,
    carried from chapter to chapter) at each one's end, as the states that stand say."""
    from tests.web.test_export_import import MICE, change, play_until
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": MICE}).get_json()["code"]
    start = {m["id"]: m["ability_cards"] for m in client.get(f"/api/games/{code}").get_json()["state"]["mice"]}
    for _ in range(6):
        change(client, code, "mouse_cheese", mouse="collin", delta=1)
    play_until(client, code, "level_up", "next_turn")  # Collin: one more ability card
    change(client, code, "mark_victory")
    first = {m["id"]: m["ability_cards"] for m in client.get(f"/api/games/{code}").get_json()["state"]["mice"]}
    change(client, code, "next_chapter", replay="yes")
    body = client.get(f"/g/{code}/folded/mm-evening", headers=HTMX)
    assert body.status_code == 204 and not body.get_data()  # the second chapter under way: no summary to swap in
    change(client, code, "mark_victory")
    second = {m["id"]: m["ability_cards"] for m in client.get(f"/api/games/{code}").get_json()["state"]["mice"]}
    body = client.get(f"/g/{code}/folded/mm-evening", headers=HTMX).get_data(as_text=True)
    head, *rows = cells(body, "<thead><tr><th scope=\"col\">Chapter")
    assert head == ["Chapter", "Result", "Collin", "Lily"]
    assert [row[1:] for row in rows] == [["won", str(first["collin"]), str(first["lily"])],
                                         ["won", str(second["collin"]), str(second["lily"])]]
    assert first["collin"] == start["collin"] + 1 == second["collin"]  # carried into the second chapter
    assert rows[0][0].startswith("1.") and rows[1][0].startswith("2.")
    assert 'aria-label="The campaign by chapter: a line for each mouse' in body


def test_a_campaign_s_next_chapter_s_summary_is_that_chapter_s_alone(client, app):
    """Issue 44: a campaign goes on chapter after chapter in one game, each from round 1. The second chapter's 'How
    the chapter went' shows its own rounds (none of the first chapter's), starts where it began (its own end
    marker), times its first round from the change that began it and counts its own turns; its play record too."""
    from companion.rules.mice_mystics import KIND
    from companion.web.evening import course_of
    setup = {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"]}
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": setup}).get_json()["code"]
    state = lambda: client.get(f"/api/games/{code}").get_json()["state"]  # noqa: E731
    while state()["round"] < 3:  # the first chapter: three rounds, cheese on the wheel
        api_act(client, code, "next_turn")
    api_act(client, code, "add_cheese", n=2, reason="room_rule")
    api_act(client, code, "mark_victory")
    began = api_act(client, code, "next_chapter", chapter_end_page=9, minion_type=["rat_warriors"])["version"]
    started = state()
    befores: list[dict] = []  # the states the second chapter's changes were made on
    while not befores or befores[-1]["round"] < 2 or befores[-2]["round"] < 2:  # round 1, then two changes in 2
        befores.append(state())
        api_act(client, code, "next_turn")
    befores.append(state())
    last = api_act(client, code, "mark_victory")["version"]
    ended = state()
    assert ended["round"] == 2 and len(ended["chapters"]) == 2
    set_up = datetime(2026, 12, 4, 19, 0)
    set_times(app, code, set_up)  # a change a minute
    with app.app_context():
        went = course_of(db.session.scalar(db.select(Game).where(Game.code == code)))
    # the chart's first point: the second chapter as it began, its end marker on page 9, the wheel empty
    assert went["start"] == {"page": started["hourglass_page"], "end": 9, "cheese": 0, "captured": 0}
    assert len(went["states"]) == last + 1  # the campaign's chart still reads every chapter
    at_end = {s["round"]: [s["hourglass_page"], s["cheese_wheel"], sum(m["captured"] for m in s["mice"])]
              for s in (*befores, ended)}
    made_in = [s["round"] for s in befores]  # a minute a change, from the one that began the chapter
    body = client.get(f"/g/{code}/folded/mm-evening", headers=HTMX).get_data(as_text=True)
    head, *rows = cells(body, '<thead><tr><th scope="col">Round')
    assert rows == [[str(r), *map(str, at_end[r]), f"{made_in.count(r):.1f}"] for r in (1, 2)]
    head, *tallied = cells(body, "What happened, round by round")
    assert [row[0] for row in tallied] == ["1", "2"]
    kept = client.get(f"/api/games/{code}/record").get_json()
    assert kept["rounds"] == 2
    assert kept["round_times"] == [{"round": r, "seconds": 60 * made_in.count(r)} for r in (1, 2)]
    assert (kept["date"], kept["started_at"], kept["minutes"]) == (
        "2026-12-04", (set_up + timedelta(minutes=began)).isoformat() + "Z", len(befores))
    turns = [(s["round"], KIND.turn_of(s)) for s in befores]  # a turn is a card's on the track, in a round
    runs = [held for n, (_, held) in enumerate(turns) if held is not None and (n == 0 or turns[n - 1] != turns[n])]
    assert {p["as"]["id"]: p["turns"]["count"] for p in kept["players"]} == {
        mouse: runs.count(mouse) for mouse in ("lily", "nez")}
    assert all(runs.count(mouse) for mouse in ("lily", "nez"))
    screen = client.get(f"/g/{code}/screen").get_data(as_text=True)  # the group screen: this chapter's rounds
    shown = re.search(r'<p class="screen-round-minutes">(.*?)</p>', screen).group(1)
    assert re.sub(r"<[^>]+>", "", shown) == "Minutes per round: " + " · ".join(
        f"{r['seconds'] / 60:.1f}" for r in kept["round_times"])
