"""What a phone downloads is no larger than it needs to be: static files leave gzipped as bin/setup compressed
them ahead (smaller than zlib's best), and a page holds no blank line."""
from __future__ import annotations

import gzip
import os

import zopfli.gzip

from build_steps import precompress
from tests.conftest import make_app


def test_a_static_file_leaves_as_its_gz_made_ahead_unless_the_file_changed_since(tmp_path):
    app = make_app(tmp_path / "t.db")
    app.static_folder = str(tmp_path / "static")
    script = tmp_path / "static" / "vendor" / "a.js"
    script.parent.mkdir(parents=True)
    script.write_text("function a() { return 'one'; }\n" * 200)
    os.utime(script, (1_000_000, 1_000_000))
    ahead = precompress.write(script)
    assert ahead == script.with_name("a.js.gz") and ahead.stat().st_mtime >= script.stat().st_mtime
    client = app.test_client()
    sent = client.get("/static/vendor/a.js?v=1", headers={"Accept-Encoding": "gzip"})
    assert sent.headers["Content-Encoding"] == "gzip" and sent.data == ahead.read_bytes()
    assert len(sent.data) < len(gzip.compress(script.read_bytes(), compresslevel=9, mtime=0))

    script.write_text("function a() { return 'two'; }\n" * 200)  # edited after the build: its .gz is stale
    os.utime(script, (ahead.stat().st_mtime + 10,) * 2)
    sent = client.get("/static/vendor/a.js?v=2", headers={"Accept-Encoding": "gzip"})
    assert gzip.decompress(sent.data) == script.read_bytes()


def test_precompress_writes_a_gz_for_each_compressible_file_and_only_those(tmp_path):
    for name in ("css/app.css", "js/page.js", "icons.svg", "font.woff2", "icon.png"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"x" * 100)
    found = precompress.compressible((tmp_path,))
    assert [path.relative_to(tmp_path).as_posix() for path in found] == ["css/app.css", "icons.svg", "js/page.js"]
    for path in found:
        assert gzip.decompress(precompress.write(path).read_bytes()) == b"x" * 100
    assert zopfli.gzip.compress(b"x" * 100) == (tmp_path / "icons.svg.gz").read_bytes()


def test_a_game_page_holds_no_blank_line(client):
    """Its blocks each end their line, so an {% if %} that drew nothing left a blank one: 246 on a Mice and
    Mystics page, 153 bytes of its 8.4 KB gzipped, on a first load with 40 KB to spend."""
    answer = client.post("/api/games", json={"kind": "mice_mystics",
                                             "setup": {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"]}})
    code = answer.get_json()["code"]
    for headers in ({}, {"HX-Request": "true", "HX-Target": "game-panel"}):
        for language in ("en", "ru"):
            html = client.get(f"/g/{code}", headers={**headers, "Accept-Language": language}).get_data(as_text=True)
            assert "<section" in html and "\n\n" not in html and "\n \n" not in html
