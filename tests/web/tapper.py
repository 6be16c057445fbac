"""A thumb on the page: it reads a page's forms and taps them as a person would, without JavaScript.

Every tap is counted: a radio button or checkbox set, a submit button pressed. Forms are posted as a
plain browser posts them (POST, 303, GET the page again), so what is counted is what a player does.
"""
from __future__ import annotations

import html as htmllib
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Form:
    attrs: dict
    fields: list[dict] = field(default_factory=list)  # input/select: type, name, value, checked, required
    buttons: list[dict] = field(default_factory=list)  # name, value, text
    text: str = ""

    @property
    def action(self) -> str:
        return self.attrs.get("action", "")

    def hidden(self, name: str) -> str | None:
        return next((f["value"] for f in self.fields if f["name"] == name and f["type"] == "hidden"), None)

    def radios(self, name: str) -> list[dict]:
        return [f for f in self.fields if f["type"] == "radio" and f["name"] == name]

    def radio_groups(self) -> list[str]:
        return list(dict.fromkeys(f["name"] for f in self.fields if f["type"] == "radio"))

    def chosen(self, name: str) -> str | None:
        return next((f["value"] for f in self.radios(name) if f["checked"]), None)

    def button(self, text: str | None = None, value: str | None = None) -> dict:
        for b in self.buttons:
            if (text is None or text in b["text"]) and (value is None or b["value"] == value):
                return b
        raise AssertionError(f"no button {text!r}/{value!r} in form: {[b['text'] for b in self.buttons]}")


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.button: dict | None = None
        self.select: dict | None = None

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self.form = Form(a)
            self.forms.append(self.form)
        elif self.form is None:
            return
        elif tag == "input":
            self.form.fields.append({"type": a.get("type", "text"), "name": a.get("name"), "value": a.get("value", ""),
                                     "checked": "checked" in a, "required": "required" in a})
        elif tag == "select":
            self.select = {"type": "select", "name": a.get("name"), "value": None, "checked": True,
                           "required": "required" in a}
            self.form.fields.append(self.select)
        elif tag == "option" and self.select is not None:
            if self.select["value"] is None or "selected" in a:
                self.select["value"] = a.get("value", "")
        elif tag == "button" and a.get("type", "submit") == "submit":
            self.button = {"name": a.get("name"), "value": a.get("value", ""), "text": "",
                           "disabled": "disabled" in a}
            self.form.buttons.append(self.button)

    def handle_endtag(self, tag):
        if tag == "form":
            self.form = None
        elif tag == "button":
            self.button = None
        elif tag == "select":
            self.select = None

    def handle_data(self, data):
        if self.form is not None:
            self.form.text += data
        if self.button is not None:
            self.button["text"] = " ".join((self.button["text"] + " " + data).split())


def forms_of(page: str) -> list[Form]:
    parser = _Forms()
    parser.feed(re.sub(r"</?bdi>", "", page))  # a name's isolating element splits no button's words
    return parser.forms


class Thumb:
    """One player's taps on one game page through the Flask test client."""

    def __init__(self, client, url: str):
        self.client, self.url, self.taps = client, url, 0
        self.reload()

    def reload(self) -> None:
        self.page = self.client.get(self.url).get_data(as_text=True)
        self.forms = forms_of(self.page)

    def text(self) -> str:
        return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", self.page)).split())

    def form(self, action: str | None = None, form_id: str | None = None, **hidden: str) -> Form:
        """The form posting `action` (or with `form_id`) whose hidden fields match `hidden`."""
        for f in self.forms:
            if form_id is not None and f.attrs.get("id") != form_id:
                continue
            if action is not None and f.hidden("action") != action:
                continue
            if all(f.hidden(k) == str(v) for k, v in hidden.items()):
                return f
        raise AssertionError(f"no form {action or form_id} {hidden} on the page")

    def has(self, action: str) -> bool:
        return any(f.hidden("action") == action for f in self.forms)

    def tap(self, form: Form, button: dict | None = None, choose: dict | None = None,
            tick: tuple = (), select: dict | None = None) -> int:
        """Set the radios in `choose` and the selects in `select` (a tap each, unless already so), tick the
        checkboxes, press the button. Returns the taps this took; the page is reloaded as after a plain post."""
        choose = {k: str(v) for k, v in (choose or {}).items()}
        taps = 0
        for name, value in (select or {}).items():
            field_ = next(f for f in form.fields if f["type"] == "select" and f["name"] == name)
            taps += field_["value"] != str(value)
            field_["value"] = str(value)
        data: dict[str, list[str]] = {}
        for name in form.radio_groups():
            options = [r["value"] for r in form.radios(name)]
            value = choose.get(name, form.chosen(name))
            assert name not in choose or value in options, (name, value, options)
            if name in choose and choose[name] != form.chosen(name):
                taps += 1
            if value is None:
                assert not any(r["required"] for r in form.radios(name)), f"{name}: a required choice is not made"
                continue
            data.setdefault(name, []).append(value)
        for f in form.fields:
            if f["name"] is None or f["type"] in ("radio", "submit"):
                continue
            if f["type"] == "checkbox":
                if f["checked"] or f["name"] in tick:
                    taps += f["name"] in tick and not f["checked"]
                    data.setdefault(f["name"], []).append(f["value"] or "on")
                else:
                    assert not f["required"], f"{f['name']}: a required box is not ticked"
                continue
            data.setdefault(f["name"], []).append(f["value"])
        button = button or form.buttons[0]
        assert not button["disabled"]
        if button["name"]:
            data.setdefault(button["name"], []).append(button["value"])
        taps += 1
        response = self.client.post(form.action, data=data)
        assert response.status_code == 303, re.findall(r'role="alert">([^<]*)', response.get_data(as_text=True))
        self.taps += taps
        self.reload()
        return taps
