"""Mice and Mystics at a chapter's end, as a tester met it (3 players, 4 mice, Chapter 1): "Start the next chapter"
tapped at once, the form's choice of the next chapter, and Undo's few words for the chapter's end."""
from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from werkzeug.datastructures import MultiDict

from companion.rules.mice_mystics import catalogue
from companion.rules.mice_mystics.chapter_end import summary_text
from companion.storage import store
from companion.storage.models import Event, db
from tests.conftest import csrf_token, make_app
from tests.web.helpers import HTMX, act, alert, words
from tests.web.test_mice_mystics_pages import new_game, version

KIND = "companion.rules.mice_mystics"
CHAPTER_1_PARTY = {"story_chapter": "1", "chapter_name": "", "mouse[]": ["collin", "filch", "maginos", "nez"],
                   "controller_collin": "Vera", "controller_filch": "Vera", "controller_maginos": "Boris",
                   "controller_nez": "Chen"}


@pytest.fixture
def mm_app(tmp_path):
    return make_app(tmp_path / "mm.db", extra_kinds=(KIND,))


@pytest.fixture
def mm_client(mm_app):
    return mm_app.test_client()


class _Form(HTMLParser):
    """The fields a browser sends for the first form in the HTML: inputs (a checkbox only ticked), each
    select's selected option (else its first), and the `pressed` submit button's name and value."""

    def __init__(self, pressed: str) -> None:
        super().__init__()
        self.pressed, self.fields, self.select, self.options = pressed, MultiDict(), None, []
        self.button_text: list[str] | None = None
        self.button: dict = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "input" and a.get("name") and (a.get("type") != "checkbox" or "checked" in a):
            self.fields.add(a["name"], a.get("value") or "")
        elif tag == "select":
            self.select, self.options = a["name"], []
        elif tag == "option" and self.select:
            self.options.append((a.get("value") or "", "selected" in a))
        elif tag == "button" and a.get("type") == "submit":
            self.button, self.button_text = a, []

    def handle_data(self, data):
        if self.button_text is not None:
            self.button_text.append(data)

    def handle_endtag(self, tag):
        if tag == "select":
            chosen = [v for v, selected in self.options if selected] or [self.options[0][0]]
            self.fields.add(self.select, chosen[0])
            self.select = None
        elif tag == "button" and self.button_text is not None:
            if "".join(self.button_text).strip() == self.pressed and self.button.get("name"):
                self.fields.add(self.button["name"], self.button.get("value", ""))
            self.button_text = None


def continue_form(html: str, pressed: str = "Start the next chapter") -> MultiDict:
    """The next-chapter form as the phone sends it when `pressed` is tapped, nothing changed in it."""
    section = re.search(r'<section id="mm-continue".*?</form>', html, re.S).group(0)
    parser = _Form(pressed)
    parser.feed(section)
    assert parser.fields.get("action") == "next_chapter"
    return parser.fields


def tap(client, url: str, fields: MultiDict):
    """The tap through htmx (its page sends the CSRF token, not the form: the test client's session has one)."""
    fields.setlist("csrf_token", [csrf_token(client)])
    return client.post(url + "/act", data=fields, headers=HTMX)


def history(client, url: str) -> str:
    return words(client.get(url + "/history").get_data(as_text=True))


def chapter_1_won(client) -> tuple[str, str, str]:
    url, token = new_game(client, **CHAPTER_1_PARTY)
    html = client.get(url).get_data(as_text=True)
    html = act(client, url, token, version(html), "mark_victory").get_data(as_text=True)
    return url, token, html


@pytest.mark.parametrize(("lang", "refusal"), [
    ("en", "The next chapter needs a name"),
    ("ru", "Следующей главе нужно название"),
])
def test_start_the_next_chapter_tapped_at_once_starts_no_chapter_without_a_name(mm_client, lang, refusal):
    """The tester's walk: Chapter 1 won; the chapter after it in the story is not one the app knows, so the form
    offers "Another chapter" with no name; the primary button, tapped at once, is refused with a message that
    says what to do — never a chapter called "The chapter"."""
    mm_client.set_cookie("lang", lang)
    url, _, html = chapter_1_won(mm_client)
    start = "Начать следующую главу" if lang == "ru" else "Start the next chapter"
    response = tap(mm_client, url, continue_form(html, start))
    assert response.status_code == 422, "a chapter without a name began"
    assert refusal in alert(response.get_data(as_text=True))
    assert "of the campaign" not in history(mm_client, url)
    # Named, it begins
    fields = continue_form(response.get_data(as_text=True), start)
    fields["chapter_name"] = "Into the Sewers"
    html = tap(mm_client, url, fields).get_data(as_text=True)
    assert '<strong id="mm-chapter-name">Into the Sewers</strong>' in words(html)


def test_replay_this_chapter_needs_no_name(mm_client):
    url, _, html = chapter_1_won(mm_client)
    response = tap(mm_client, url, continue_form(html, "Replay this chapter"))
    assert response.status_code == 200
    assert '<strong id="mm-chapter-name">Chapter 1: Flight to Barksburg</strong>' in words(
        response.get_data(as_text=True))


@pytest.fixture
def chapter_2_known(monkeypatch):
    """A catalogue that knows the story's Chapter 2 (today's knows Chapter 1 alone)."""
    monkeypatch.setitem(catalogue.STORY_CHAPTERS, "2", {
        "name": "Chapter 2: The Sewers", "end_page": 8, "party_size": 4, "not_in_party": (), "why": "—"})


def test_the_form_offers_the_story_s_next_chapter_when_the_app_knows_it(mm_client, chapter_2_known):
    url, _, html = chapter_1_won(mm_client)
    form = re.search(r'<section id="mm-continue".*?</form>', html, re.S).group(0)
    assert re.search(r'<option value="2" selected>Chapter 2: The Sewers</option>', form)
    fields = continue_form(html)
    assert (fields["story_chapter"], fields["chapter_end_page"]) == ("2", "8")
    html = tap(mm_client, url, fields).get_data(as_text=True)
    assert '<strong id="mm-chapter-name">Chapter 2: The Sewers</strong>' in words(html)
    assert "Chapter 2 of the campaign: Chapter 2: The Sewers begins" in history(mm_client, url)


def undo_what(html: str) -> str:
    return " ".join(re.search(r'<span class="undo-what"[^>]*>(.*?)</span>', words(html), re.S).group(1).split())


@pytest.mark.parametrize(("lang", "ending", "label", "summary"), [
    ("en", "won", "Chapter 1 won", "Chapter 1: Flight to Barksburg won in round 1, hourglass on page 1 of 6"),
    ("ru", "won", "Глава 1 пройдена", "Глава 1: Бегство в Барксбург: пройдена в раунде 1"),
    ("en", "lost", "Chapter 1 lost: every mouse is captured", "Chapter 1: Flight to Barksburg lost in round 1"),
    ("ru", "lost", "Глава 1 проиграна: все мыши в плену", "Глава 1: Бегство в Барксбург: проиграна в раунде 1"),
])
def test_undo_after_a_chapter_s_end_says_in_a_few_words_what_it_undoes(mm_client, lang, ending, label, summary):
    """The Undo bar named the chapter's whole summary (cut on a phone after "Глава 1:…"); the history keeps it."""
    mm_client.set_cookie("lang", lang)
    url, token = new_game(mm_client, **CHAPTER_1_PARTY)
    html = mm_client.get(url).get_data(as_text=True)
    if ending == "won":
        html = act(mm_client, url, token, version(html), "mark_victory").get_data(as_text=True)
    else:
        for mouse in CHAPTER_1_PARTY["mouse[]"]:
            html = act(mm_client, url, token, version(html), "capture_mouse", mouse=mouse).get_data(as_text=True)
    assert undo_what(html) == label
    assert summary in history(mm_client, url)


def test_a_saved_game_s_chapter_end_with_the_whole_summary_as_its_label_still_shows(mm_app, mm_client):
    """Games saved before keep the summary as the label of the change that ended the chapter."""
    url, token, html = chapter_1_won(mm_client)
    with mm_app.app_context():
        game = store.find(url.rsplit("/", 1)[1])
        event = db.session.scalars(db.select(Event).where(Event.game_id == game.id, Event.seq == 1)).one()
        event.label = summary_text(game.state["chapters"][-1]).as_json()
        db.session.commit()
    mm_client.set_cookie("lang", "ru")
    assert undo_what(mm_client.get(url).get_data(as_text=True)).startswith(
        "Глава 1: Бегство в Барксбург: пройдена в раунде 1, песочные часы на странице 1 из 6")
    assert "Глава 1: Бегство в Барксбург: пройдена в раунде 1" in history(mm_client, url)


def test_a_finished_chapter_offers_no_cheese_wheel_controls(mm_client):
    # The walk of 2026-12-05: a finished chapter's page still drew the wheel's +1…+6 and −1 cheese (disabled),
    # far down the page: controls for a chapter that is over.
    url, _token, html = chapter_1_won(mm_client)
    page = mm_client.get(url).get_data(as_text=True)
    for drawn in (html, page):
        assert 'id="mm-wheel"' in drawn  # the wheel as it ended stays
        assert 'value="add_cheese"' not in drawn and 'value="remove_cheese"' not in drawn
