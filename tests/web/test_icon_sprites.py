"""A page loads one icon sprite: its game's (the chrome's icons and that game's own), or the chrome's on a page
of no game; every icon it draws is a symbol of that sprite. Whole pages, live panels and folded sections at
every moment of a round of both games, the group screen, history, setup, home and about."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.web import game_icons
from tests.browser import walks
from tests.web.test_folded_templates import api

USE = re.compile(r'<use href="([^"#]+)#([^"]+)"')
SYMBOL = re.compile(r'<symbol id="([\w-]+)"')


class Sprites:
    """Every <use href> of a page checked against the symbols of the sprite it names."""

    def __init__(self, client):
        self.client = client
        self.symbols: dict[str, set[str]] = {}

    def of(self, url: str) -> set[str]:
        if url not in self.symbols:
            with self.client.get(url) as response:
                assert response.status_code == 200, url
                self.symbols[url] = set(SYMBOL.findall(response.get_data(as_text=True)))
        return self.symbols[url]

    def check(self, html: str, sprite: str, where: str) -> None:
        drawn = USE.findall(html)
        assert drawn, f"{where}: no icon"
        assert {Path(url.split("?")[0]).name for url, _ in drawn} == {sprite}, where
        missing = {name for url, name in drawn if name not in self.of(url)}
        assert not missing, f"{where}: {sorted(missing)} not in {sprite}"

    def page(self, path: str, sprite: str, fragment: bool = False) -> str:
        headers = {"HX-Request": "true"} if fragment else {}
        with self.client.get(path, headers=headers) as response:
            assert response.status_code == 200, path
            html = response.get_data(as_text=True)
        self.check(html, sprite, path + (" (fragment)" if fragment else ""))
        return html


@pytest.mark.parametrize("walk", [walks.mage_knight_round, walks.mice_and_mystics_round])
def test_every_moment_of_a_round_draws_its_icons_from_its_game_s_sprite(app, walk, monkeypatch):
    client = app.test_client()
    game, get, act = api(client)
    monkeypatch.setattr(walks, "api_game", game)
    monkeypatch.setattr(walks, "api_get", get)
    monkeypatch.setattr(walks, "api_act", act)
    sprites = Sprites(client)
    kind = "mage_knight" if walk is walks.mage_knight_round else "mice_mystics"
    sprite = f"icons-{kind}.svg"
    folded = set()
    for _moment in walk("http://test"):
        code = walk.code
        sprites.page(f"/g/{code}", sprite)
        html = sprites.page(f"/g/{code}", sprite, fragment=True)  # the live panel: its sections fetched when opened
        sprites.page(f"/g/{code}/screen", sprite)
        sprites.page(f"/g/{code}/screen", sprite, fragment=True)
        folded |= set(re.findall(rf'href="(/g/{code}/folded/[\w-]+)"', html))
    assert folded
    for path in sorted(folded):  # opened in the live panel (htmx), and as a page of its own (no JavaScript)
        with client.get(path, headers={"HX-Request": "true"}) as response:
            drawn = response.get_data(as_text=True)
        if USE.search(drawn):
            sprites.check(drawn, sprite, path)
        sprites.page(path, sprite)
    sprites.page(f"/g/{code}/history", sprite)
    sprites.page(f"/new/{kind}", sprite)
    # a game's sprite is the chrome's icons and its own: none of the other game's
    other = next(icons for key, icons in game_icons.GAME_ICONS.items() if key != kind)
    drawn = sprites.of(next(url for url in sprites.symbols if sprite in url))
    assert drawn == set(game_icons.CHROME) | set(game_icons.GAME_ICONS[kind])
    assert not (set(other) - set(game_icons.GAME_ICONS[kind])) & drawn


def test_a_page_of_no_game_draws_the_chrome_s_sprite(client):
    sprites = Sprites(client)
    for path in ("/", "/about", "/offline"):
        sprites.page(path, "icons.svg")
    assert sprites.of(next(iter(sprites.symbols))) == set(game_icons.CHROME)


def test_every_icon_a_template_names_is_in_the_sprite_of_its_pages():
    """The names written in the templates (the pages above draw the computed ones): a game's templates from
    the chrome's and that game's icons, every other template from the chrome's alone."""
    templates = Path(__file__).resolve().parents[2] / "templates"
    for path in templates.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        named = set(re.findall(r'icon\("([\w-]+)"', text)) | set(re.findall(r'#([\w-]+)"></use>', text))
        kind = next((key for key in game_icons.GAME_ICONS if path.name.startswith(key)), None)
        allowed = set(game_icons.CHROME) | set(game_icons.GAME_ICONS.get(kind, ()))
        assert named <= allowed, f"{path.name}: {sorted(named - allowed)}"
