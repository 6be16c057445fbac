"""Russian plurals are chosen by number (one / few / many), and rules messages reach Russian players."""
from __future__ import annotations

from companion.i18n import translate
from companion.rules.base import Text

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
