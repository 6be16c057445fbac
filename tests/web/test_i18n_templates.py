"""Templates' `_()`, `gettext` and `ngettext` are Jinja's newstyle gettext, called in one step."""
from __future__ import annotations

import pytest
from jinja2.ext import _make_new_gettext, _make_new_ngettext

from companion.web import i18n

CASES = [
    ("{{ _('Undo') }}", {}),
    ("{{ _('Turn: %(name)s', name=who) }}", {"who": "<b>Chen & Vera</b>"}),
    ("{{ _('100%% sure') }}", {}),
    ("{{ gettext('Turn: %(name)s', name=who) }}", {"who": "Boris"}),
    ("{{ ngettext('%(num)d card', '%(num)d cards', n) }}", {"n": 1}),
    ("{{ ngettext('%(num)d card', '%(num)d cards', n) }}", {"n": 5}),
    ("{% trans n=n %}{{ n }} mouse{% pluralize %}{{ n }} mice{% endtrans %}", {"n": 3}),
]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("source, values", CASES)
def test_the_quick_template_gettext_is_jinjas_newstyle_gettext(app, lang, source, values):
    jinjas_own = {"gettext": _make_new_gettext(i18n._gettext), "ngettext": _make_new_ngettext(i18n._ngettext)}
    with app.test_request_context("/", headers={"Cookie": f"lang={lang}"}):
        template = app.jinja_env.from_string(source)
        ours = template.render(**values)
        theirs = template.render(**values, **jinjas_own, _=jinjas_own["gettext"])
    assert ours == theirs
    assert "<b>" not in ours  # values are escaped


def test_the_templates_use_the_quick_gettext(app):
    assert app.jinja_env.globals["_"] is i18n._template_gettext
    assert app.jinja_env.globals["gettext"] is i18n._template_gettext
    assert app.jinja_env.globals["ngettext"] is i18n._template_ngettext
