"""The icon sprite, the font files and our minified scripts and styles: what bin/setup builds from the npm packages."""
from __future__ import annotations

import os
import re
import shutil

from build_steps import bundles, fonts
from build_steps import game_icons as sprites
from companion.web import game_icons


def test_each_sprite_has_a_symbol_for_each_of_its_icons_drawn_in_the_text_colour(tmp_path):
    written = sprites.write(tmp_path)
    assert [path.name for path in written] == list(game_icons.SPRITES)
    for path in written:
        svg = path.read_text(encoding="utf-8")
        ids = re.findall(r'<symbol id="([\w-]+)" viewBox="0 0 \d+ \d+">', svg)
        assert ids == list(game_icons.SPRITES[path.name])
        assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg">') and "CC BY 3.0" in svg
        assert 'fill="currentColor"' in svg and "#000" not in svg  # icons take the colour of their text
        # svgo wrote the paths in whole units of the 512-unit grid
        paths = " ".join(re.findall(r' d="([^"]+)"', svg))
        assert paths and not re.search(r"\d\.\d", paths)
    assert sorted({name for icons in game_icons.SPRITES.values() for name in icons}) == sorted(game_icons.ICONS)


def test_a_game_s_pages_load_its_sprite_any_other_page_the_chrome_s():
    assert game_icons.sprite_file("mage_knight") == "icons-mage_knight.svg"
    assert game_icons.sprite_file("mice_mystics") == "icons-mice_mystics.svg"
    assert game_icons.sprite_file("counter") == game_icons.sprite_file(None) == "icons.svg"


def test_every_icon_is_credited_to_its_author():
    credited = {(c["name"], c["author"]) for c in game_icons.credits()}
    assert credited == {(icon.source, icon.author) for icon in game_icons.ICONS.values()}
    assert all(author for _, author in credited)


def test_the_font_is_two_weights_in_latin_and_cyrillic_each_with_its_unicode_range(tmp_path):
    written = fonts.write(tmp_path)
    names = sorted(p.name for p in written if p.suffix == ".woff2")
    assert names == sorted(f"fira-sans-{s}-{w}-normal.woff2" for s in ("latin", "cyrillic") for w in (400, 700))
    assert all((tmp_path / name).read_bytes()[:4] == b"wOF2" for name in names)
    css = (tmp_path / "fira-sans.css").read_text(encoding="utf-8")
    rules = re.findall(r"@font-face \{.*?\}", css, re.S)
    assert len(rules) == 4
    for rule in rules:
        assert "font-family: 'Fira Sans'" in rule and "font-display: swap" in rule
        file, digest = re.search(r"src: url\(([\w-]+\.woff2)\?v=(\w{12})\) format\('woff2'\);", rule).groups()
        assert (tmp_path / file).exists()
        ranges = re.search(r"unicode-range: ([^;]+);", rule).group(1)
        # an English page needs the Latin file only; a Russian page's letters are in the Cyrillic one
        assert ("U+0400-045F" in ranges) == ("cyrillic" in file) and ("U+0000-00FF" in ranges) == ("latin" in file)
    assert (tmp_path / "LICENSE.txt").read_text().count("SIL Open Font License") >= 1


def test_the_font_keeps_every_letter_and_its_kerning_but_not_its_hinting(tmp_path):
    from fontTools.ttLib import TTFont
    fonts.write(tmp_path)
    for name in ("fira-sans-latin-400-normal", "fira-sans-cyrillic-700-normal"):
        with TTFont(fonts.PACKAGE / "files" / f"{name}.woff2") as source, TTFont(tmp_path / f"{name}.woff2") as served:
            assert set(served.getBestCmap()) == set(source.getBestCmap())
            assert "fpgm" in source and "fpgm" not in served and "prep" not in served  # no hinting programs
            features = {r.FeatureTag for r in served["GPOS"].table.FeatureList.FeatureRecord}
            assert "kern" in features
        assert (tmp_path / f"{name}.woff2").stat().st_size < (fonts.PACKAGE / "files" / f"{name}.woff2").stat().st_size


def _sources(tmp_path):
    sources = tmp_path / "static"
    shutil.copytree(bundles.SOURCES / "js", sources / "js")
    shutil.copytree(bundles.SOURCES / "css", sources / "css")
    return sources


def test_every_page_s_scripts_are_one_minified_file_in_their_order(tmp_path):
    sources = _sources(tmp_path)
    bundles.write(tmp_path / "out", sources)
    page = (tmp_path / "out" / "js" / "page.js").read_text(encoding="utf-8")
    # a string of each source, which minifying keeps: each is there, in the order the sources run
    marks = {"app.js": "game-panel", "focus.js": "SUMMARY", "keyboard.js": "shortcuts",
             "menu.js": "chrome-moment", "wake.js": "tc.keepAwake", "sound.js": "tc.sound", "pwa.js": "/sw.js",
             "validity.js": "invalid"}
    assert list(marks) == list(bundles.SCRIPTS["page.js"])
    places = [page.index(f'"{mark}"') for mark in marks.values()]
    assert places == sorted(places)
    assert "/*" not in page and "\n//" not in page  # none of the comments
    assert len(page) < sum(len((sources / "js" / name).read_bytes()) for name in marks) / 2
    # the keyboard shortcuts are a file of their own, fetched where a keyboard is used
    keys = (tmp_path / "out" / "js" / "keys.js").read_text(encoding="utf-8")
    assert '"shortcuts-open"' in keys and '"shortcuts-open"' not in page


def test_every_style_sheet_is_minified_under_its_own_name(tmp_path):
    sources = _sources(tmp_path)
    written = bundles.write(tmp_path / "out", sources)
    sheets = sorted(p.name for p in written if p.suffix == ".css")
    assert sheets == sorted(p.name for p in (sources / "css").glob("*.css")) and "app.css" in sheets
    for name in sheets:
        css = (tmp_path / "out" / "css" / name).read_text(encoding="utf-8")
        source = re.sub(r"/\*.*?\*/", "", (sources / "css" / name).read_text(encoding="utf-8"), flags=re.S)
        assert "/*" not in css and len(css) < len(source)
        # every class the source styles is still styled
        assert set(re.findall(r"\.([a-z][\w-]*)", source)) <= set(re.findall(r"\.([a-z][\w-]*)", css))


def test_a_source_edited_after_the_build_makes_it_stale(tmp_path):
    sources = _sources(tmp_path)
    out = tmp_path / "out"
    assert bundles.stale(out, sources)  # nothing built yet
    bundles.write(out, sources)
    assert not bundles.stale(out, sources)
    later = (out / "js" / "page.js").stat().st_mtime + 5
    os.utime(sources / "js" / "menu.js", (later, later))
    assert bundles.stale(out, sources)
