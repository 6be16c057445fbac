"""A page asks for its language's font files with the page (<link rel=preload>), at the very URLs its
@font-face rules name: the text is drawn in Fira Sans from the first paint and never moves when the font
arrives (Lighthouse measured a layout shift of 0.11–0.14 on the game page and the group screen without)."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urljoin

import pytest

from tests.conftest import csrf_token

FONTS_CSS = Path(__file__).resolve().parents[2] / "static" / "vendor" / "fonts" / "fira-sans.css"


def preloaded(html: str) -> list[str]:
    links = re.findall(r'<link rel="preload" href="([^"]+)" as="font" type="font/woff2" crossorigin>', html)
    return sorted(links)


def font_face_urls(client, html: str) -> set[str]:
    css_url = re.search(r'<link rel="stylesheet" href="([^"]*fira-sans\.css[^"]*)"', html).group(1)
    with client.get(css_url) as response:  # a static file: its handle is closed with the response
        css = response.get_data(as_text=True)
    return {urljoin(css_url, src) for src in re.findall(r"url\(([^)]+)\)", css)}


@pytest.mark.skipif(not FONTS_CSS.exists(), reason="bin/setup writes static/vendor/fonts")
@pytest.mark.parametrize("language, subsets", [("en", {"latin"}), ("ru", {"latin", "cyrillic"})])
def test_a_page_preloads_its_languages_fonts_as_its_font_faces_name_them(client, language, subsets):
    client.set_cookie("lang", language)
    url = client.post("/new/counter", data={"csrf_token": csrf_token(client), "start": "0"}).headers["Location"]
    for page in ("/", url, url + "/screen"):
        html = client.get(page).get_data(as_text=True)
        links = preloaded(html)
        assert {re.search(r"fira-sans-(\w+)-\d+-normal", link).group(1) for link in links} == subsets, page
        assert len(links) == 2 * len(subsets), page  # both weights the pages use, 400 and 700
        assert set(links) <= font_face_urls(client, html), page  # the same request, never a second download
