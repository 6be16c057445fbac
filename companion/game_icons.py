"""The app's game icons: SVG sprites of the Game Icons (game-icons.net, CC BY 3.0) the pages use.

The icons come from the npm package @iconify-json/game-icons (pinned in package.json); ICONS names the
ones we use, under our own names, with each icon's author for the credits on the about page. A page loads
one sprite: its game's (the chrome's icons and that game's own: a Mage Knight page has no mouse or cheese),
or the chrome's alone on a page of no game (SPRITES). svgo (npm, pinned; svgo.config.mjs) writes each path
in whole units of the icons' 512-unit grid: beside the originals at 200 px no difference shows, and the pages
draw none larger than about 100 px (the group screen's "Surge!").
Run `python -m companion.game_icons [DIR]` (bin/setup does) to write the sprites into static/vendor/.
Templates draw one with the `icon()` macro (templates/macros.html): `<svg><use href="…#sun"></svg>`, the
sprite's URL from `icon_sprite()` (companion/web/assets.py).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "node_modules" / "@iconify-json" / "game-icons"
OUT = ROOT / "static" / "vendor"
SVGO = ROOT / "node_modules" / ".bin" / "svgo"
SVGO_CONFIG = ROOT / "svgo.config.mjs"


class Icon(NamedTuple):
    source: str  # the icon's name in Game Icons
    author: str  # who drew it (game-icons.net credits each icon to its author)


ICONS = {
    # Mage Knight: the six mana colours (a shape per colour, so colour is never the only sign), crystals,
    # Day and Night, the dice, tactics, Fame, the game itself
    "mana-red": Icon("fire", "sbed"),
    "mana-blue": Icon("water-drop", "sbed"),
    "mana-green": Icon("oak-leaf", "Delapouite"),
    "mana-white": Icon("feather", "Lorc"),
    "sun": Icon("sun", "Lorc"),           # gold mana, and the Day
    "moon": Icon("moon", "Lorc"),         # black mana, and the Night
    "crystal": Icon("crystal-growth", "Lorc"),
    "dice": Icon("dice-six-faces-five", "Delapouite"),
    "tactic": Icon("card-pick", "Faithtoken"),
    "mage-knight": Icon("visored-helm", "Lorc"),
    # Mice and Mystics: mice and minions, wounds, cheese, the hourglass, captures, surges
    "mouse": Icon("mouse", "Lorc"),
    "minion": Icon("rat", "Delapouite"),
    "wound": Icon("broken-heart", "Lorc"),
    "cheese": Icon("cheese-wedge", "Lorc"),
    "hourglass": Icon("hourglass", "Lorc"),
    "captured": Icon("cage", "Delapouite"),
    "surge": Icon("lightning-storm", "Lorc"),
    # The app's chrome
    "menu": Icon("hamburger-menu", "Delapouite"),
    "undo": Icon("anticlockwise-rotation", "Delapouite"),
    "group-screen": Icon("tablet", "Skoll"),
    "history": Icon("backward-time", "Delapouite"),
    "about": Icon("info", "Delapouite"),
}

# Which icons each sprite holds: the chrome's (every page's: the menu, the game's pages, undo), then a game's.
CHROME = ("menu", "dice", "about", "group-screen", "history", "undo")
GAME_ICONS = {
    "mage_knight": ("mage-knight", "mana-red", "mana-blue", "mana-green", "mana-white", "sun", "moon", "crystal",
                    "tactic"),
    "mice_mystics": ("mouse", "minion", "wound", "cheese", "hourglass", "captured", "surge", "tactic"),
}
SPRITES = {"icons.svg": CHROME, **{f"icons-{kind}.svg": CHROME + names for kind, names in GAME_ICONS.items()}}


def sprite_file(kind_key: str | None) -> str:
    """The sprite a page of this game loads (a page of no game, or of a kind with no icons: the chrome's)."""
    return f"icons-{kind_key}.svg" if kind_key in GAME_ICONS else "icons.svg"


# The icon that stands for a game in the chrome and the menu; any other kind gets the die.
GAME_ICON = {"mage_knight": "mage-knight", "mice_mystics": "mouse"}


def game_icon(kind_key: str) -> str:
    return GAME_ICON.get(kind_key, "dice")


def sprite(names=tuple(ICONS), package: Path = PACKAGE) -> str:
    """A sprite as Game Icons draw them: one <symbol id="our-name"> per icon, in currentColor."""
    data = json.loads((package / "icons.json").read_text(encoding="utf-8"))
    width, height = data.get("width", 512), data.get("height", 512)
    symbols = []
    for name in names:
        found = data["icons"][ICONS[name].source]
        w, h = found.get("width", width), found.get("height", height)
        symbols.append(f'<symbol id="{name}" viewBox="0 0 {w} {h}">{found["body"]}</symbol>')
    return ('<svg xmlns="http://www.w3.org/2000/svg">'
            "<!--! Game Icons (game-icons.net), CC BY 3.0: see the app's about page -->"  # "!": svgo keeps it
            + "".join(symbols) + "</svg>\n")


def optimized(svg: str) -> str:
    result = subprocess.run([str(SVGO), "--config", str(SVGO_CONFIG), "--input", "-", "--output", "-"],
                            input=svg, capture_output=True, text=True, check=False)
    if result.returncode != 0 or "<symbol" not in result.stdout:
        raise SystemExit(f"svgo could not optimize the sprite:\n{result.stderr}")
    return result.stdout


def write(out: Path = OUT, package: Path = PACKAGE) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, icons in SPRITES.items():
        path = out / name
        tmp = path.with_name(f"{name}.{os.getpid()}.tmp")
        tmp.write_text(optimized(sprite(icons, package)), encoding="utf-8")
        os.replace(tmp, path)  # a page never gets a half-written sprite
        written.append(path)
    return written


def credits() -> list[dict]:
    """For the about page: each icon's Game Icons name and author, by author."""
    return sorted(({"name": icon.source, "author": icon.author} for icon in ICONS.values()),
                  key=lambda c: (c["author"].lower(), c["name"]))


if __name__ == "__main__":
    for written in write(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT):
        print(written)
