"""The design's budget for a phone's first load of a game page: every asset as sent (gzipped), at most 40 KB
besides the self-hosted font, from this server alone, for both games in English and in Russian (the Russian
page is the larger: longer words). bench.first_load prints the same bytes, file by file."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.browser.conftest import PHONE, api_game, api_get

BUDGET = 40 * 1024  # bytes of response bodies, the font's files aside

SETUPS = {"mage_knight": {"player_name": ["Anna", "Boris"], "hero": ["tovak", "goldyx"]},
          "mice_mystics": {"mouse": ["lily", "nez"], "minion_type": ["rat_warriors"]}}


def heavier_start(base: str, kind: str) -> str:
    """A new game at the heavier of the ways it can start: a Mice and Mystics chapter whose shuffled track
    opens with a mouse's turn (its plan on the page), not the minions' (about 0.5 KB less, gzipped)."""
    for _ in range(40):  # a mouse's card is first two times in three
        code = api_game(base, kind, SETUPS[kind])
        if kind != "mice_mystics" or api_get(base, code)["view"]["turn"] is not None:
            return code
    raise AssertionError("no chapter opened with a mouse's turn")


@pytest.mark.parametrize("locale", ["en-US", "ru-RU"])
@pytest.mark.parametrize("kind", ["mage_knight", "mice_mystics"])
def test_a_phones_first_load_of_a_game_page_is_at_most_40_kb_besides_the_font(live_server, browser, kind, locale):
    code = heavier_start(live_server, kind)
    # A touch phone, as a player's is: the pages load keys.js only where a keyboard is used.
    context = browser.new_context(viewport=PHONE, locale=locale, service_workers="block", has_touch=True,
                                  is_mobile=True)
    try:
        page = context.new_page()
        loaded: list[tuple[str, int]] = []
        page.on("requestfinished", lambda r: loaded.append((r.url, r.sizes()["responseBodySize"])))
        # What comes after the load event: the tab's icon, the game's sprite (its <use>), the fonts' files.
        with page.expect_request_finished(lambda r: urlsplit(r.url).path.endswith("/icons/icon.svg")), \
                page.expect_request_finished(lambda r: f"/icons-{kind}.svg" in r.url):
            page.goto(f"{live_server}/g/{code}", wait_until="load")
        page.evaluate("document.fonts.ready.then(() => document.fonts.status)")
        # The live poll is held open by the server; it is no part of the page's load.
        sizes = {urlsplit(url).path: size for url, size in loaded if "/live" not in urlsplit(url).path}
        assert {urlsplit(url).netloc for url, _ in loaded} == {urlsplit(live_server).netloc}
        besides_font = {path: size for path, size in sizes.items() if not path.endswith(".woff2")}
        assert sum(besides_font.values()) <= BUDGET, sorted(besides_font.items(), key=lambda item: -item[1])
    finally:
        context.close()
