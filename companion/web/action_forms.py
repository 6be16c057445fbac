"""The forms a game's changes are sent by: macros.html's `action`, `hidden_fields` and `form_attrs`, as functions
of one drawing of a game (game_context makes one per drawing).

Every change is a form posting a named action: it works without JavaScript, and htmx swaps the panel in. A
panel draws dozens of these forms; as Jinja macros each call set up a macro's arguments and scope, and they
were a fifth of drawing a Mice and Mystics panel (bench/README.md, issue 43). The markup is the macros' own.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from markupsafe import Markup, escape

from .i18n import flex_text

NO_PARAMS: Mapping[str, Any] = {}


class ActionForms:
    """The forms of one drawing: they post to `act_url` with the game's `version`. Inside an "Act for …" step
    (`act_step["inside"]`, which macros.html's `act_for` and `seat_fold` set while they draw their controls) a
    form says for whom (`fold_for`, or the seat_fold's `act_step["seat"]`): the mark of the deliberate step
    (rules.base.check_acting_seat). `csrf_field` draws the form's CSRF field (nothing in a live panel, whose
    page sends its token as a header)."""

    def __init__(self, act_url: str, version: int, act_step: dict, fold_for: Any,
                 csrf_field: Callable[[], Any]) -> None:
        url = escape(act_url)
        # Built as text with each value escaped, made markup once: Markup's own format() and % are a
        # formatter's walk per value, more than the macro they stand for.
        self._attrs = f'method="post" action="{url}" hx-post="{url}" hx-target="#game-panel" hx-swap="outerHTML"'
        self._version = f'<input type="hidden" name="version" value="{escape(version)}">'
        self._act_step, self._fold_for, self._csrf_field = act_step, fold_for, csrf_field

    def attrs(self) -> Markup:
        """A form's attributes: where it posts, for htmx and without JavaScript."""
        return Markup(self._attrs)

    def hidden(self, name: str) -> Markup:
        """A form's hidden fields for action `name`: the CSRF field, the version, the action, for whom."""
        return Markup(self._hidden(name))

    def _hidden(self, name: str) -> str:
        fields = (f'{escape(self._csrf_field())}{self._version}'
                  f'<input type="hidden" name="action" value="{escape(name)}">')
        if self._act_step["inside"]:
            for_seat = self._act_step.get("seat") or self._fold_for  # a seat's fold names its seat
            fields += f'<input type="hidden" name="for_seat" value="{escape(for_seat)}">'
        return fields

    def action(self, name: str, label: Any, params: Mapping[str, Any] = NO_PARAMS, disabled: Any = False,
               title: Any = None, shortcut: Any = None, **options: Any) -> Markup:
        """A one-button form for action `name` with `params` as hidden fields. `class`: the button's classes
        besides .btn; `shortcut`="next" marks the moment's primary button (static/js/keys.js presses it on N)."""
        html = [f'<form class="act" {self._attrs}>', self._hidden(name)]
        html += [f'<input type="hidden" name="{escape(key)}" value="{escape(value)}">' for key, value in params.items()]
        html.append(f'<button type="submit" class="btn {escape(options.get("class", ""))}"')
        if disabled:
            html.append(" disabled")
        if title:
            html.append(f' title="{escape(title)}"')
        if shortcut:
            html.append(f' data-shortcut="{escape(shortcut)}" aria-keyshortcuts="{escape(shortcut[0].upper())}"')
        html.append(f">{escape(flex_text(label))}</button></form>")
        return Markup("".join(html))
