"""Panels compiled per language with constant `_("…")` translated at compile time draw exactly what the
templates draw when each string is looked up as they are drawn (compiled_templates.py)."""
from __future__ import annotations

import pytest

from companion.web import compiled_templates
from companion.storage import store
from companion.web import games, render
from tests.browser import walks


def drawn(app, source: str, lang: str, name: str = "case.html", **values) -> tuple[str, str]:
    """(`source` drawn from its folded compilation, and as the app's own environment draws it)."""
    with app.test_request_context("/", headers={"Cookie": f"lang={lang}"}):
        folded = compiled_templates.current_environment().from_string(source)
        folded.name = name
        plain = app.jinja_env.from_string(source)
        return folded.render(**values), plain.render(**values)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("source, values", [
    ("{{ _('Menu') }}", {}),
    ("<b>{{ _('Menu') ~ who }}</b>", {"who": "<i>Chen</i>"}),  # what is joined to it is still escaped
    ("{{ _('Turn: %(name)s', name=who) }}", {"who": "<b>Chen & Vera</b>"}),
    ("{{ _('100%% sure') }}", {}),
    ("{{ _(label) }}", {"label": "Menu"}),
    ("{% set x = _('Menu') %}{{ x }}{{ [_('Menu'), 1]|join(',') }}", {}),
    ("{{ _('Menu') if yes else _('Undo the last change') }}", {"yes": False}),
    ("{% trans n=n %}{{ n }} mouse{% pluralize %}{{ n }} mice{% endtrans %}", {"n": 3}),
])
def test_a_folded_string_draws_as_the_looked_up_one(app, lang, source, values):
    folded, plain = drawn(app, source, lang, **values)
    assert folded == plain
    assert "<i>" not in folded and "<b>Chen" not in folded


def test_only_a_lone_string_literal_is_folded(app):
    environment = compiled_templates.environment_for(app, "ru")
    compiled = lambda source: environment.compile(source, name="case.html", raw=True)
    assert "Меню" in compiled("{{ _('Menu') }}")  # the translation is in the compiled code itself
    assert "Меню" not in compiled("{{ _('Menu', n=1) }}")  # a value to fill in: looked up when drawn
    assert "Меню" not in compiled("{{ thing._('Menu') }}")
    assert "Меню" not in environment.compile("{{ _('Menu') }}", name="case.txt", raw=True)  # not escaped
    assert "Меню" not in app.jinja_env.compile("{{ _('Menu') }}", name="case.html", raw=True)


def test_a_format_string_that_needs_a_value_is_left_to_fail_as_it_did(app):
    with app.test_request_context("/"):
        environment = compiled_templates.current_environment()
        with pytest.raises(KeyError):
            environment.from_string("{{ _('Turn: %(name)s') }}").render()


def api(client):
    def game(base, kind, setup):
        return client.post("/api/games", json={"kind": kind, "setup": setup}).get_json()["code"]

    def get(base, code):
        return client.get(f"/api/games/{code}").get_json()

    def act(base, code, action, params=None):
        answer = client.post(f"/api/games/{code}/actions", json={
            "version": get(base, code)["version"], "action": action, "params": params or {}})
        assert answer.status_code == 200, answer.get_json()
        return answer.get_json()
    return game, get, act


def panel(app, code: str, lang: str, fold: bool, monkeypatch) -> str:
    """The live panel (and its kind's part) drawn now, folded or as the templates draw it."""
    with monkeypatch.context() as patched:
        if not fold:
            patched.setattr(render, "current_environment", lambda: app.jinja_env)
        with app.test_request_context(f"/g/{code}", headers={"Cookie": f"lang={lang}", "HX-Request": "true"}):
            app.preprocess_request()  # the device, as for a request
            # As a whole page draws it (every folded section in place), without the request's token.
            context = games.game_context(store.find_with_snapshot(code), live=False, csrf_field=lambda: "")
            html = render.draw_block("game.html", "panel", **context)
            store.db.session.close()
            return html


@pytest.mark.parametrize("walk", [walks.mage_knight_round, walks.mice_and_mystics_round])
def test_every_moment_of_a_round_draws_the_same_folded_in_both_languages(app, walk, monkeypatch):
    client = app.test_client()
    game, get, act = api(client)
    monkeypatch.setattr(walks, "api_game", game)
    monkeypatch.setattr(walks, "api_get", get)
    monkeypatch.setattr(walks, "api_act", act)
    moments = 0
    for _moment in walk("http://test"):
        moments += 1
        for lang in ("en", "ru"):
            folded = panel(app, walk.code, lang, True, monkeypatch)
            assert folded == panel(app, walk.code, lang, False, monkeypatch)
    assert moments >= 8
    assert "Занять это место" in folded  # drawn in Russian last ("Take this seat")
