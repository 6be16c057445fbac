"""The forms every change is sent by (web/action_forms.py): the fields a post needs, each value escaped."""
from __future__ import annotations

from markupsafe import Markup

from companion.web.action_forms import ActionForms


def forms(inside: bool = False, csrf: str = "") -> ActionForms:
    return ActionForms("/g/ABCDE/act", 7, {"inside": inside}, 'mouse:"lily"', lambda: Markup(csrf))


def test_an_action_is_a_form_posting_its_name_version_and_params_each_escaped():
    drawn = forms().action("wound_minion", "<b>+1</b>", {"card": 'a"b', "figure": 2}, title="Wound <x>",
                           **{"class": "btn-quiet"})
    assert isinstance(drawn, Markup)
    assert drawn == (
        '<form class="act" method="post" action="/g/ABCDE/act" hx-post="/g/ABCDE/act" hx-target="#game-panel" '
        'hx-swap="outerHTML"><input type="hidden" name="version" value="7">'
        '<input type="hidden" name="action" value="wound_minion">'
        '<input type="hidden" name="card" value="a&#34;b"><input type="hidden" name="figure" value="2">'
        '<button type="submit" class="btn btn-quiet" title="Wound &lt;x&gt;">&lt;b&gt;+1&lt;/b&gt;</button></form>')


def test_a_form_inside_act_for_says_for_whom_and_a_whole_page_carries_its_token():
    act_step = {"inside": False}
    drawing = ActionForms("/g/ABCDE/act", 3, act_step, "player:p2",
                          lambda: Markup('<input type="hidden" name="csrf_token" value="t">'))
    assert 'name="for_seat"' not in drawing.hidden("end_turn")
    act_step["inside"] = True  # macros.html's act_for while it draws its controls
    assert drawing.hidden("end_turn") == (
        '<input type="hidden" name="csrf_token" value="t"><input type="hidden" name="version" value="3">'
        '<input type="hidden" name="action" value="end_turn"><input type="hidden" name="for_seat" value="player:p2">')
    assert 'name="for_seat" value="player:p2"' in drawing.action("end_turn", "End turn")


def test_the_primary_button_is_marked_for_the_n_key_and_a_disabled_one_is_disabled():
    drawn = forms().action("next_turn", Markup("Next &#9654;"), disabled=True, shortcut="next")
    assert drawn.endswith('<button type="submit" class="btn " disabled data-shortcut="next" '
                          'aria-keyshortcuts="N">Next &#9654;</button></form>')
