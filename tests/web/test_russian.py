"""Russian plurals are chosen by number (one / few / many), and rules messages reach Russian players."""
from __future__ import annotations

import re

from flask_babel import gettext

from companion.web.i18n import translate
from companion.rules.base import Text
from tests.web.helpers import ADD_REASON, MM_SETUP, api_act

MINIONS = Text("{n} minion type arrived", {"n": 1}, plural="{n} minion types arrived")


def in_russian(app, text: Text) -> str:
    with app.test_request_context("/", headers={"Accept-Language": "ru"}):
        return translate(text)


def test_russian_plural_forms_follow_the_number(app):
    forms = {n: in_russian(app, Text(MINIONS.msgid, {"n": n}, MINIONS.plural)) for n in (1, 2, 5, 21, 22, 11)}
    assert forms[1] != forms[2] != forms[5] and forms[1] != forms[5]
    assert forms[21].replace("21", "1") == forms[1]
    assert forms[22].replace("22", "2") == forms[2]
    assert forms[11].replace("11", "5") == forms[5]
    assert all(str(n) in form for n, form in forms.items())


def test_english_plural_forms(app):
    with app.test_request_context("/"):
        assert translate(Text(MINIONS.msgid, {"n": 1}, MINIONS.plural)) == "1 minion type arrived"
        assert translate(Text(MINIONS.msgid, {"n": 3}, MINIONS.plural)) == "3 minion types arrived"


def test_rules_errors_are_translated_with_nested_names(app):
    text = Text("Undo: {label}", {"label": Text("Nothing to undo.")})
    russian = in_russian(app, text)
    # A change that undid another, in the past tense and without a second colon (not "Отменить: Vera: …").
    assert russian != "Undo: Nothing to undo." and russian.startswith("Отменено — ")


def test_undo_buttons_say_what_they_will_do_and_the_undone_change_what_was_done(app):
    """The Undo button's name is a command ("Отменить «…»"); the change it makes is named in the past
    ("Отменено — …") in the history and the last-change line: one message for each, not one for both."""
    client = app.test_client()
    client.set_cookie("lang", "ru")
    code = client.post("/api/games", json={"kind": "counter", "setup": {}}).get_json()["code"]
    game = client.get(f"/api/games/{code}").get_json()
    client.post(f"/api/games/{code}/actions", json={"version": game["version"], "action": "add", "params": {"n": 1}})
    page = client.get(f"/g/{code}").get_data(as_text=True)
    import re
    names = re.findall(r'<button type="submit" class="btn btn-undo"[^>]*aria-label="([^"]*)"', page)
    assert names and all(name.startswith("Отменить «") for name in names), names
    client.post(f"/api/games/{code}/undo", json={"version": game["version"] + 1})
    history = client.get(f"/g/{code}/history").get_data(as_text=True)
    assert "Отменено — " in history


# Issue 42, point 2, item 8: Russian that reads badly.

def plain(html: str) -> str:
    """The words a player reads: tags dropped, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def russian_client(app):
    client = app.test_client()
    client.set_cookie("lang", "ru")
    return client


# Russian picks the form by the number: one (1, 21), few (2–4, 22), many (0, 5–20, 11).
CHEESE = {0: "0 жетонов сыра", 1: "1 жетон сыра", 2: "2 жетона сыра", 5: "5 жетонов сыра",
          11: "11 жетонов сыра", 21: "21 жетон сыра"}


def test_a_mouses_cheese_reads_the_right_russian_form_on_the_phone_and_the_group_screen(app):
    client = russian_client(app)
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": MM_SETUP}).get_json()["code"]
    have = 0
    for n, words in CHEESE.items():
        if n > have:
            api_act(client, code, "mouse_cheese", mouse="lily", delta=n - have)
            have = n
        page = client.get(f"/g/{code}").get_data(as_text=True)
        stats = re.search(r'id="mm-mouse-lily">.*?class="mm-mouse-stats">(.*?)</p>', page, re.S).group(1)
        assert plain(stats).startswith(words), (n, plain(stats))
        screen = client.get(f"/g/{code}/screen").get_data(as_text=True)
        track = re.search(r'<section class="mm-screen-track".*?</section>', screen, re.S).group(0)
        lily = next(li for li in re.findall(r"<li\b[^>]*>.*?</li>", track, re.S) if "Лили" in li)
        assert words in plain(lily), (n, plain(lily))
        assert "сыров" not in plain(page) + plain(screen)


def test_a_mouses_gained_cheese_is_said_in_russian_with_the_right_form(app):
    """'{mouse} gained {n} cheese' was a plural Text the catalogue could not see: it showed in English."""
    client = russian_client(app)
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": MM_SETUP}).get_json()["code"]
    said = {}
    for delta in (1, 2, 5, 21, -1):
        api_act(client, code, "mouse_cheese", mouse="lily", delta=delta)
        history = plain(client.get(f"/g/{code}/history").get_data(as_text=True))
        said[delta] = history
    assert "Лили: получен 1 жетон сыра" in said[1]
    assert "Лили: получены 2 жетона сыра" in said[2]
    assert "Лили: получено 5 жетонов сыра" in said[5]
    assert "Лили: получен 21 жетон сыра" in said[21]
    assert "Лили: потрачен 1 жетон сыра" in said[-1]
    assert "gained" not in said[-1] and "spent" not in said[-1]


def test_the_minions_wheel_says_when_the_surge_comes_in_plain_russian(app):
    client = russian_client(app)
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": MM_SETUP}).get_json()["code"]
    api_act(client, code, "add_cheese", reason=ADD_REASON)
    page = client.get(f"/g/{code}").get_data(as_text=True)
    line = plain(re.search(r'<p class="mm-wheel-count">(.*?)</p>', page, re.S).group(1))
    assert line == "1 из 6 жетонов сыра; шестой вызывает прилив", line
    assert "на 6 прилив" not in plain(page) and "жет. сыра" not in plain(page)


def test_the_mouse_turn_names_the_free_actions_as_the_game_does(app):
    client = russian_client(app)
    code = client.post("/api/games", json={"kind": "mice_mystics", "setup": MM_SETUP}).get_json()["code"]
    for _ in range(6):  # the track is shuffled: on to the first mouse's turn
        page = client.get(f"/g/{code}").get_data(as_text=True)
        if "mm-step-title" in page:
            break
        api_act(client, code, "next_turn")
    assert "Свободные действия" in plain(page) and "есплатн" not in plain(page)


def test_a_tactic_is_used_by_naming_the_tactic_first(app):
    """'Использовать «Сбережённая сила»' puts a nominative name after the verb: the noun goes first."""
    with app.test_request_context("/", headers={"Cookie": "lang=ru"}):
        label = app.jinja_env.from_string("{{ _('Use %(tactic)s (once this round)', tactic=name) }}").render(
            name="Сбережённая сила")
    assert label.startswith("Применить тактику «Сбережённая сила»"), label


def test_the_apps_reading_of_an_unclear_rule_says_what_it_is(app):
    with app.test_request_context("/", headers={"Cookie": "lang=ru"}):
        from flask import render_template_string
        draw = '{% import "macros.html" as ui %}{{ ui.readings(*lists) }}'
        one = plain(render_template_string(draw, lists=[["A reading."]]))
        two = plain(render_template_string(draw, lists=[["A reading.", "Another."]]))
    assert one.startswith("Как приложение понимает неясное правило"), one
    assert two.startswith("Как приложение понимает неясные правила (2)"), two
    with app.test_request_context("/"):
        from flask import render_template_string
        assert plain(render_template_string(draw, lists=[["A reading."]])).startswith(
            "How the app reads an unclear rule")


def test_the_source_dice_of_a_round_are_counted_in_the_right_russian_form(app):
    """The Source of a solo game has 3 dice: 'бросьте все 3 кубика', never '3 кубиков'."""
    from companion.rules.mage_knight.preparation import step_text
    for players, table, app_rolls in ((1, "бросьте все 3 кубика;", "бросит 3 кубика ("),
                                      (3, "бросьте все 5 кубиков;", "бросит 5 кубиков (")):
        state = {"dummy": None, "players": [{}] * players, "blitz": False, "dice_mode": "table"}
        assert table in in_russian(app, step_text(state, "source"))
        state["dice_mode"] = "app"
        assert app_rolls in in_russian(app, step_text(state, "source"))


def test_acting_for_another_seat_names_the_player_it_acts_for(app):
    """The fresh walk of 2026-12-05: "Эти кнопки действуют за это место, а не за ваше" (a seat is not what a
    player calls it) — the buttons act for the player named, not for you."""
    with app.test_request_context("/", headers={"Accept-Language": "ru"}):
        note = gettext("This is %(name)s's moment: these controls act for %(name)s.", name="Anna")
    assert note == "Сейчас черёд: Anna. Эти кнопки действуют за игрока Anna, а не за вас.", note
