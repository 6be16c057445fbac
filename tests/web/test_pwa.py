"""Installable and offline-aware: the manifest and its icons, the service worker, the offline page."""
from __future__ import annotations

import io
import json
import math
import re
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from build_steps import icons


@pytest.fixture(scope="module", autouse=True)
def icon_files():
    """The icons are build output (bin/setup makes them): make them here too if they are missing."""
    if icons.missing():
        icons.write()


def manifest(client) -> dict:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    return json.loads(response.get_data(as_text=True))


def test_manifest_has_what_an_installable_app_needs(client):
    data = manifest(client)
    assert data["name"] == data["short_name"] == "Table Companion"
    assert data["start_url"] == "/" and data["scope"] == "/"
    assert data["display"] == "standalone"
    assert data["theme_color"] == "#1d2a3a"
    assert re.fullmatch(r"#[0-9a-f]{6}", data["background_color"])
    kinds = {(icon["type"], icon["sizes"], icon["purpose"]) for icon in data["icons"]}
    assert kinds == {("image/svg+xml", "any", "any"), ("image/png", "192x192", "any"),
                     ("image/png", "512x512", "any"), ("image/png", "512x512", "maskable")}


def test_manifest_icons_are_served_with_their_type_and_size(client):
    for icon in manifest(client)["icons"]:
        with client.get(icon["src"]) as response:
            assert response.status_code == 200, icon["src"]
            assert response.mimetype == icon["type"]
            body = response.get_data()
        if icon["type"] == "image/png":
            with Image.open(io.BytesIO(body)) as image:
                assert image.format == "PNG"
                assert "x".join(map(str, image.size)) == icon["sizes"]
        else:
            svg = ET.fromstring(body)
            assert svg.tag == "{http://www.w3.org/2000/svg}svg"
            assert svg.get("viewBox") == "0 0 100 100"


def test_one_geometry_makes_the_svg_and_every_png(tmp_path):
    written = icons.write(tmp_path)
    assert sorted(p.name for p in written) == sorted(icons.FILES)
    svg = (tmp_path / "icon.svg").read_text()
    assert svg.count("<circle") == 5 and svg.count("<rect") == 2  # a die showing five
    with Image.open(tmp_path / "icon-512.png") as plain, Image.open(tmp_path / "icon-maskable-512.png") as mask:
        assert plain.getpixel((0, 0))[3] == 0      # rounded corner: transparent
        assert mask.getpixel((0, 0))[3] == 255     # maskable: full bleed
        centre = plain.getpixel((256, 256))[:3]
        assert centre == mask.getpixel((256, 256))[:3] == (0xc2, 0x5e, 0x00)  # the middle pip
    with Image.open(tmp_path / "apple-touch-icon.png") as apple:
        assert apple.size == (180, 180) and apple.mode == "RGB"


def test_the_maskable_icon_keeps_the_die_inside_the_safe_zone():
    die = icons.shapes(maskable=True)[1]
    corner = math.hypot(die.w / 2 - die.r, die.h / 2 - die.r) + die.r
    assert corner <= 40  # the safe zone is the circle of radius 40% around the centre


def test_service_worker_is_served_from_the_root_fresh_each_time(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype in ("text/javascript", "application/javascript")
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Service-Worker-Allowed"] == "/"
    script = response.get_data(as_text=True)
    assert re.search(r"const VERSION = \d+;", script)
    shell = json.loads(re.search(r"const SHELL = (\{.*?\});", script).group(1))
    assert shell["build"] != "dev" and "/offline" in shell["urls"]
    for url in shell["urls"]:  # precaching fails as a whole if one of them is missing
        with client.get(url) as response:
            assert response.status_code == 200, url
    assert not [url for url in shell["urls"] if url.startswith(("/g/", "/api/"))]
    paths = {url.split("?")[0] for url in shell["urls"]}
    assert {"/static/vendor/css/app.css", "/static/vendor/js/page.js", "/static/vendor/htmx.min.js",
            "/static/vendor/NoSleep.min.js",
            "/static/icons/icon-192.png"} <= paths


def test_service_worker_changes_when_an_asset_does(app, client, monkeypatch):
    first = client.get("/sw.js").get_data(as_text=True)
    from companion.web import pwa
    monkeypatch.setattr(pwa, "asset_url", lambda name: f"/static/{name}?v=changed")
    assert client.get("/sw.js").get_data(as_text=True) != first


def test_offline_page_renders_the_banner_and_retries(client):
    response = client.get("/offline")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "Offline — reconnecting…" in html
    assert 'id="offline-page"' in html and 'data-home-url="/"' in html
    assert '<script src="/static/vendor/js/page.js' in html  # pwa.js's reconnecting, with every page's scripts


def test_every_page_links_the_manifest_icons_and_scripts(client):
    html = client.get("/").get_data(as_text=True)
    assert re.search(r'<link rel="manifest" href="/manifest.webmanifest"', html)
    assert re.search(r'<link rel="icon" href="/static/icons/icon.svg\?v=\w+" type="image/svg\+xml">', html)
    assert re.search(r'<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png\?v=\w+">', html)
    # our scripts (wake.js, pwa.js among them) in one minified file, build_steps/bundles.py
    assert re.search(r'<script src="/static/vendor/js/page.js\?v=\w+" defer></script>', html)
    button = re.search(r'<button type="button" id="wake"[^>]*>', html).group(0)
    # NoSleep.js is fetched by wake.js where the Wake Lock API is missing, never by every page.
    assert "<script src=\"/static/vendor/NoSleep.min.js" not in html
    assert re.search(r'data-fallback="/static/vendor/NoSleep\.min\.js\?v=\w+"', button)
    assert 'aria-pressed="false"' in button and " data-pending" in button  # its place kept, shown by wake.js
    for state in ("Screen stays on", "Screen may sleep", "Not supported"):
        assert state in button


def test_csp_allows_only_the_wake_fallback_video_beyond_self(client):
    csp = client.get("/").headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in csp.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["worker-src"] == "'self'" and directives["manifest-src"] == "'self'"
    assert directives["media-src"] == "'self' data:"
    assert "unsafe" not in csp
