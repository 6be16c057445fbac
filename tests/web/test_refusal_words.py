"""Refusals of bad input say what was wrong in words a player reads: a field in the page's language (never the
form's own name, "die" or "delta", on a Russian page), a long text by its beginning, a field's own limit."""
from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.rules import describe, fields
from companion.rules.base import BadParams, param_int
from companion.rules.mage_knight import KIND as MAGE_KNIGHT
from companion.rules.mice_mystics import KIND as MICE_MYSTICS
from companion.web.forms import refusal_text
from companion.web.i18n import TRANSLATIONS, translate
from tests.conftest import csrf_token
from tests.web.helpers import MK_SETUP, alert, words

KINDS = (MAGE_KNIGHT, MICE_MYSTICS)
RULES = Path(describe.__file__).resolve().parent


def russian() -> dict[str, str]:
    with open(TRANSLATIONS / "ru" / "LC_MESSAGES" / "messages.po", "rb") as po:
        catalog = read_po(po, locale="ru")
    return {str(m.id): str(m.string) for m in catalog if m.id and m.string and not m.fuzzy}


def declared_params() -> dict[str, set[str]]:
    """{param: where it is read} for every action, calculator and setup of both games (rules/describe.py)."""
    found: dict[str, set[str]] = {}
    for kind in KINDS:
        readers = [(f"{kind.key}.{name}", describe.reads(func, "params")) for name, func in kind.actions.items()]
        for name, func in kind.calculators.items():
            pname = list(inspect.signature(func).parameters)[1]  # (state, params)
            readers.append((f"{kind.key}.calculator.{name}", describe.reads(func, pname)))
        readers.append((f"{kind.key}.setup", describe.setup_schema(kind.parse_setup)["properties"]))
        for where, params in readers:
            for param in params:
                found.setdefault(param, set()).add(where)
    return found


def test_every_param_an_action_or_a_setup_reads_has_a_label_translated_in_russian():
    ru = russian()
    params = declared_params()
    assert {"delta", "die", "player_name", "mouse", "custom_mouse"} <= set(params)  # the walk finds them
    missing = {p: sorted(where) for p, where in params.items() if fields.label(p) is None}
    assert not missing, missing
    untranslated = {p: fields.label(p).msgid for p in params if fields.label(p).msgid not in ru}
    assert not untranslated, untranslated


def named_in_refusals() -> dict[str, str]:
    """{field: file} of each field a rules module names in its own code: a refusal's `name=` and the field a
    param helper reads ("die" of each of mana_search's dice, say, which no action reads by that name)."""
    found: dict[str, str] = {}
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            callee = getattr(node.func, "id", getattr(node.func, "attr", ""))
            named = [k.value for k in node.keywords if k.arg == "name" and callee == "BadParams"]
            if callee in ("param_int", "param_str", "param_bool") and len(node.args) > 1:
                named.append(node.args[1])
            if callee in ("too_long", "too_long_quoted") and node.args:
                named.append(node.args[0])
            for value in named:
                if isinstance(value, ast.Constant) and isinstance(value.value, str):
                    found[value.value] = str(path.relative_to(RULES))
    return found


def test_every_field_a_refusal_names_has_a_label_translated_in_russian():
    ru = russian()
    named = named_in_refusals()
    assert {"die", "spell_colour", "field", "custom_minion_name", "row_pages"} <= set(named)
    missing = {name: where for name, where in named.items()
               if fields.label(name) is None or fields.label(name).msgid not in ru}
    assert not missing, missing


@pytest.mark.parametrize("name", ["crystal_red", "search_card_lily", "controller_nez", "spells"])
def test_fields_named_after_a_thing_of_the_game_have_a_label_too(name):
    assert fields.label(name) is not None and fields.label(name).msgid in russian()


def mage_knight(client) -> str:
    return client.post("/api/games", json={"kind": "mage_knight", "setup": MK_SETUP}).get_json()["code"]


def act(client, code: str, **form) -> tuple[int, str]:
    page = client.get(f"/g/{code}").get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    response = client.post(f"/g/{code}/act", data={"csrf_token": csrf_token(client, f"/g/{code}"),
                                                   "version": version, **form}, headers={"HX-Request": "true"})
    return response.status_code, alert(response.get_data(as_text=True))


def test_a_russian_refusal_names_its_field_in_russian(client):
    """The walk of 2026-12-05 read "die: значение должно быть от 0 до 6" and "Нет значения: delta"."""
    code = mage_knight(client)
    client.set_cookie("lang", "ru")
    status, message = act(client, code, action="change_fame", player="p1")
    assert status == 400 and "изменение" in message and "delta" not in message, message
    status, message = act(client, code, action="change_fame", player="p1", delta="9999")
    assert status == 400 and "изменение" in message and "delta" not in message, message
    api = client.post(f"/api/games/{code}/actions", headers={"Accept-Language": "ru"},
                      json={"version": 0, "action": "change_fame", "params": {"player": "p1", "delta": "x"}})
    assert api.status_code == 400 and "изменение" in api.get_json()["error"], api.get_json()


def test_a_die_out_of_range_is_a_kubik_in_russian(app):
    """The Source's die chosen by its place (the rules' own check, before any moment's)."""
    with pytest.raises(BadParams) as refused:
        param_int({"die": "9"}, "die", lo=0, hi=6)
    with app.test_request_context(headers={"Accept-Language": "ru"}):
        message = translate(refusal_text(refused.value))
    assert message == "Значение поля «кубик» должно быть от 0 до 6", message
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert translate(refusal_text(refused.value)) == "die must be between 0 and 6"


def test_an_english_refusal_names_its_field_in_words_too(client):
    code = mage_knight(client)
    status, message = act(client, code, action="change_fame", player="p1")
    assert status == 400 and message == "Missing value: change", message


def test_a_mouse_name_too_long_says_which_mouse(tmp_path):
    """Mice and Mystics' setup refused a 52-character mouse with "mouse is longer than 40 characters": which of
    the party's fields was it? Its beginning is quoted, as forms.py's other too-long message does."""
    from tests.conftest import make_app
    client = make_app(tmp_path / "mm.db", extra_kinds=("companion.rules.mice_mystics",)).test_client()
    long_name = "Squeakington the Magnificent of the Cellar Door Ho"  # 50
    long_name += "us"  # 52
    token = csrf_token(client)
    response = client.post("/new/mice_mystics", data={
        "csrf_token": token, "title": "", "mouse[]": ["lily"], "controller_lily": "",
        "custom_mouse[]": ["", long_name, ""], "custom_controller[]": ["", "", ""],
        "chapter_name": "Chapter 1", "chapter_end_page": "6",
        "minion_type[]": ["rat_warriors"], "minion_count[]": ["2"]})
    assert response.status_code == 400
    message = alert(response.get_data(as_text=True))
    assert "40" in message and long_name[:20] in message, message


def test_a_tampered_long_player_name_is_told_the_fields_own_limit(client):
    """A 300-character player name (the input's maxlength removed) was told "at most 200 characters", the limit
    of any value; the name's own is 40."""
    token = csrf_token(client)
    response = client.post("/new/mage_knight", data={
        "csrf_token": token, "player_name[]": ["A" * 300, "Boris"], "hero[]": ["tovak", "goldyx"],
        "scenario": "full_conquest"})
    assert response.status_code == 400
    message = alert(response.get_data(as_text=True))
    assert "40" in message and "200" not in message, message
    assert "AAAAAAAAAA" in words(message), message  # which field: its beginning


def test_a_long_player_name_sent_to_the_api_is_told_the_fields_own_limit_too(client):
    response = client.post("/api/games", json={"kind": "mage_knight", "setup": {
        **MK_SETUP, "player_name": ["A" * 300, "Boris"]}})
    assert response.status_code == 400
    message = response.get_json()["error"]
    assert "40" in message and "200" not in message, message
