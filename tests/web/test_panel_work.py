"""What a Mice and Mystics Next costs the server, counted (never timed): the macros its panel calls, the copies
of the state it makes. A table's action is to stay within 1.5x the framework floor (bench/floor.py gives the
times); these counts do not depend on the machine, and say where the work went."""
from __future__ import annotations

import collections
import re

import pytest
from jinja2 import runtime
from markupsafe import Markup

from tests.web.helpers import act
from tests.web.test_mice_mystics_pages import new_game, version


@pytest.fixture
def mm_client(tmp_path):
    from tests.conftest import make_app
    return make_app(tmp_path / "mm.db").test_client()


def macro_calls(monkeypatch) -> collections.Counter:
    """The template macros called from now on, by name."""
    calls: collections.Counter = collections.Counter()
    invoke = runtime.Macro._invoke

    def counted(self, arguments, autoescape):
        calls[self.name] += 1
        return invoke(self, arguments, autoescape)
    monkeypatch.setattr(runtime.Macro, "_invoke", counted)
    return calls


def mouse_turn(client) -> tuple[str, str, str]:
    """A game at a mouse's turn: its URL, the form token and the panel."""
    url, token = new_game(client)
    html = client.get(url).get_data(as_text=True)
    for _ in range(6):
        if 'id="mm-turn"' in html:
            return url, token, html
        html = act(client, url, token, version(html), "next_turn").get_data(as_text=True)
    raise AssertionError("no mouse turn")


def test_a_panel_with_no_minion_form_draws_no_list_of_minion_types(mm_client, monkeypatch):
    url, token, html = mouse_turn(mm_client)
    calls = macro_calls(monkeypatch)
    panel = act(mm_client, url, token, version(html), "do_move").get_data(as_text=True)
    assert 'id="mm-turn"' in panel and 'name="minion_type[]"' not in panel  # the forms that ask are folded
    assert calls["minion_type_options"] == 0 and calls["type_label"] == 0
    # Where a form asks, the list is there: a whole page draws the folded "Minions arrive" in place.
    page = mm_client.get(url).get_data(as_text=True)
    arrive = re.search(r'id="mm-arrive".*?</details>', page, re.S).group(0)
    assert arrive.count('<option value="rat_warriors">Rat Warriors</option>') == 3


def exceptions_raised_in(function_name: str, draw) -> int:
    """How many exceptions were raised inside a function of that name while `draw()` ran."""
    import sys
    raised = 0

    def trace(frame, event, arg):
        nonlocal raised
        if event == "exception" and frame.f_code.co_name == function_name:
            raised += 1
        return trace
    sys.settrace(trace)
    try:
        draw()
    finally:
        sys.settrace(None)
    return raised


def test_a_templates_dotted_name_finds_a_dicts_key_without_raising_and_catching(app):
    """`view.track` on a dict: found as the key at once (Jinja2's own lookup first tries the attribute, which
    raises AttributeError and catches it, 365 times in a Mice and Mystics panel), as Jinja2 finds it."""
    template = app.jinja_env.from_string(
        "{{ d.key }}|{{ d.items is callable }}|{{ o.real }}|{{ d.nothing is undefined }}"
    )
    values = {"d": {"key": "value", "items": "not the method"}, "o": 3}
    with app.app_context():
        assert template.render(values) == "value|True|3|True"  # an attribute first, as Jinja2's Environment
        assert exceptions_raised_in("getattr", lambda: app.jinja_env.from_string("{{ d.key }}").render(values)) == 0


def test_a_next_copies_the_state_without_copy_deepcopy(mm_client, monkeypatch):
    """The rules copy the state twice per Next (the action's own copy, the next card's look-ahead for the group
    screen): by pickle, four times quicker than copy.deepcopy for the same plain data."""
    import copy
    url, token, html = mouse_turn(mm_client)
    deep = []
    real = copy.deepcopy
    monkeypatch.setattr(copy, "deepcopy", lambda *a, **k: deep.append(1) or real(*a, **k))
    panel = act(mm_client, url, token, version(html), "next_turn")
    assert panel.status_code == 200 and version(panel.get_data(as_text=True)) == version(html) + 1
    assert deep == []


def test_a_copied_state_is_equal_and_apart():
    from companion.rules.base import copied
    shared = {"wounds": [1, 2]}
    state = {"mice": [{"id": "lily", "cheese": 2, "items": ["sword"]}], "round": 3, "pending": None,
             "a": shared, "b": shared, "f": 0.5, "t": (1, "x")}
    copy = copied(state)
    assert copy == state and copy is not state
    copy["mice"][0]["items"].append("shield")
    copy["a"]["wounds"].append(3)
    assert state["mice"][0]["items"] == ["sword"] and shared == {"wounds": [1, 2]}
    assert copy["a"] is copy["b"]  # shared parts stay shared in the copy, as copy.deepcopy keeps them


def test_an_icon_is_drawn_without_a_macro_call(mm_client, monkeypatch):
    url, token, html = mouse_turn(mm_client)
    calls = macro_calls(monkeypatch)
    panel = act(mm_client, url, token, version(html), "do_move").get_data(as_text=True)
    assert (
        panel.count(
            '<svg class="icon" aria-hidden="true" focusable="false"><use href="/static/vendor/icons-mice_mystics.svg?v='
        )
        > 10
    )
    assert calls["icon"] == 0


def test_an_icon_with_its_label_and_class_escaped(app):
    source = ('{% import "macros.html" as ui with context %}{{ ui.icon("cheese") }}|'
              '{{ ui.icon("history", "A <b>:", class="x\\"y") }}|{{ ui.icon("undo", label=_("Undo") ~ ":") }}')
    with app.test_request_context("/"):
        drawn = app.jinja_env.from_string(source).render()
    sprite = re.search(r'href="([^"#]+)#cheese"', drawn).group(1)
    assert "icons" in sprite
    assert drawn == (
        f'<svg class="icon" aria-hidden="true" focusable="false"><use href="{sprite}#cheese"></use></svg>|'
        f'<svg class="icon x&#34;y" aria-hidden="true" focusable="false"><use href="{sprite}#history"></use>'
        f'</svg><span class="visually-hidden">A &lt;b&gt;:</span>|'
        f'<svg class="icon" aria-hidden="true" focusable="false"><use href="{sprite}#undo"></use></svg>'
        f'<span class="visually-hidden">Undo:</span>'
    )


def test_a_next_builds_each_url_of_its_panel_once(mm_client, monkeypatch):
    """A device with no seat yet (as the tablet that started the game): its panel asks who it is, with a form per
    seat, and folds four sections; each form's and section's URL is built once, not once per attribute."""
    url, token, html = mouse_turn(mm_client)
    built: collections.Counter = collections.Counter()
    templates = mm_client.application.jinja_env.globals  # shared by the environment of each language
    real = templates["url_for"]

    def counted(endpoint, **values):
        built[endpoint, tuple(sorted(values.items()))] += 1
        return real(endpoint, **values)
    monkeypatch.setitem(templates, "url_for", counted)
    panel = act(mm_client, url, token, version(html), "do_move").get_data(as_text=True)
    assert panel.count('name="seat" value="mouse:') == 1 and 'id="who"' in panel  # Lily is Ann's seat
    assert panel.count('hx-get="/g/') == 4  # the folded sections, the seats' among them
    assert len(built) >= 8 and {key: n for key, n in built.items() if n > 1} == {}


def test_a_panels_forms_are_drawn_by_functions_not_macros(mm_client, monkeypatch):
    """The 18 or so forms of a panel (an action's one-button form, a form's hidden fields and attributes) are drawn
    by web/action_forms.py, with their "for whom" mark: no macro call for any of them."""
    url, token, html = mouse_turn(mm_client)
    calls = macro_calls(monkeypatch)
    panel = act(mm_client, url, token, version(html), "do_move").get_data(as_text=True)
    assert sum(calls.values()) > 5  # the panel's other macros are counted
    assert {name: calls[name] for name in ("action", "hidden_fields", "form_attrs", "for_seat_field")} == {
        "action": 0, "hidden_fields": 0, "form_attrs": 0, "for_seat_field": 0}
    assert panel.count('<form class="act" method="post" action="/g/') > 5
    assert panel.count('<input type="hidden" name="for_seat" value="') > 5  # no seat here: "Act for …"


def test_a_panel_translates_each_name_for_its_attributes_once(mm_client, monkeypatch):
    """The four cheese buttons of a mouse name it in their labels: its name is put in words once for the four."""
    url, token, html = mouse_turn(mm_client)
    templates = mm_client.application.jinja_env.globals
    real = templates["t_text"]
    said: collections.Counter = collections.Counter()

    def counted(text):
        said[repr(text)] += 1
        return real(text)
    monkeypatch.setitem(templates, "t_text", counted)
    panel = act(mm_client, url, token, version(html), "do_move").get_data(as_text=True)
    assert 'aria-label="+2 cheese for Lily"' in panel and 'aria-label="−1 cheese for Filch"' in panel
    assert said and {text: n for text, n in said.items() if n > 1} == {}


def test_a_panel_draws_each_of_its_icons_once(mm_client, monkeypatch):
    """A Mice and Mystics panel shows some twenty icons, a few kinds of them: each kind is drawn once a request."""
    from companion.web import render
    url, token, html = mouse_turn(mm_client)
    looked_up = []
    real = render.icon_sprite
    monkeypatch.setattr(render, "icon_sprite", lambda context: looked_up.append(1) or real(context))
    panel = act(mm_client, url, token, version(html), "do_move").get_data(as_text=True)
    shown = re.findall(r'<use href="[^"#]+#([a-z-]+)"', panel)
    assert len(shown) >= 12 and len(looked_up) == len(set(shown))


@pytest.mark.parametrize("source, values, drawn", [
    ('{{ _("Die roll %(n)s", n=n) }}', {"n": 3}, "Die roll 3"),
    ('{{ _("Player: %(name)s", name=name) }}', {"name": "<b>Ann</b> & Co"}, "Player: &lt;b&gt;Ann&lt;/b&gt; &amp; Co"),
    ('{{ _("%(count)s / 6 cheese — a surge at 6", count=count) }}', {"count": Markup("<strong>2</strong>")},
     "<strong>2</strong> / 6 cheese — a surge at 6"),
    ('{{ ngettext("%(num)d note", "%(num)d notes", n) }}', {"n": 2}, "2 notes"),
    ('{{ _("%(n)d pages", n=n) }}', {"n": "3"}, "3 pages"),  # text for %d: read as Markup reads it
    ('{{ _("%(x)s%%", x=x) }}', {"x": 1.5}, "1.5%"),
])
def test_a_message_with_values_is_filled_as_markup_fills_it_without_its_helper(app, monkeypatch, source, values, drawn):
    """Markup's % wraps each value in a helper object (a third of a panel's translating): the values are escaped
    first instead, with the same result."""
    import markupsafe
    with app.test_request_context("/"):
        assert app.jinja_env.from_string(source).render(values) == drawn

        class Unused:
            def __init__(self, *_):
                raise AssertionError("Markup's helper")
        monkeypatch.setattr(markupsafe, "_MarkupEscapeHelper", Unused)
        if values.get("n") != "3":
            assert app.jinja_env.from_string(source).render(values) == drawn
