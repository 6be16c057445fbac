"""Nothing is lost: a game outlives the server process, and a crash mid-request changes nothing."""
from __future__ import annotations

import gzip

import pytest

from companion import store
from tests.conftest import make_app
from tests.web.helpers import act, count, new_counter


def test_a_game_survives_a_server_restart(tmp_path):
    first = make_app(tmp_path / "table.db").test_client()
    url, token = new_counter(first, 2)
    act(first, url, token, 0, "add", n="3")
    restarted = make_app(tmp_path / "table.db").test_client()  # a new process on the same file
    html = restarted.get(url).get_data(as_text=True)
    assert count(html) == 5 and "Undo: Add 3" in html


def test_a_crash_in_the_middle_of_saving_changes_nothing(app, client, monkeypatch):
    url, token = new_counter(client, 2)

    def crash(*_args, **_kwargs):
        raise OSError("disk unplugged")  # after the UPDATE, before the event is written and committed

    monkeypatch.setattr(store.db.session, "add", crash)
    response = act(client, url, token, 0, "add", n="3", htmx=False)
    assert response.status_code == 500 and "Nothing was changed" in response.get_data(as_text=True)
    monkeypatch.undo()
    html = client.get(url).get_data(as_text=True)
    assert count(html) == 2 and 'data-version="0"' in html
    assert act(client, url, token, 0, "add", n="3").status_code == 200  # and the game goes on


@pytest.mark.parametrize("path", ["/static/vendor/htmx.min.js", "/static/vendor/css/app.css", "/static/vendor/js/page.js"])
def test_static_files_are_gzipped_and_cached_for_a_year(client, path):
    response = client.get(path + "?v=1", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    with client.get(path) as plain:
        assert gzip.decompress(response.data) == plain.data
    assert "max-age=31536000" in response.headers["Cache-Control"]
    assert "Set-Cookie" not in response.headers
