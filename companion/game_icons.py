"""The app's game icons: an SVG sprite of the Game Icons (game-icons.net, CC BY 3.0) the pages use.

The icons come from the npm package @iconify-json/game-icons (pinned in package.json); ICONS names the
ones we use, under our own names, with each icon's author for the credits on the about page.
Run `python -m companion.game_icons [FILE]` (bin/setup does) to write static/vendor/icons.svg.
Templates draw one with the `icon()` macro (templates/macros.html): `<svg><use href="…#sun"></svg>`.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "node_modules" / "@iconify-json" / "game-icons"
OUT = ROOT / "static" / "vendor" / "icons.svg"


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
    "next": Icon("play-button", "Guard13007"),
    "group-screen": Icon("tablet", "Skoll"),
    "history": Icon("backward-time", "Delapouite"),
    "about": Icon("info", "Delapouite"),
}

# The icon that stands for a game in the chrome and the menu; any other kind gets the die.
GAME_ICON = {"mage_knight": "mage-knight", "mice_mystics": "mouse"}


def game_icon(kind_key: str) -> str:
    return GAME_ICON.get(kind_key, "dice")


def sprite(package: Path = PACKAGE) -> str:
    """The sprite: one <symbol id="our-name"> per icon, drawn in currentColor."""
    data = json.loads((package / "icons.json").read_text(encoding="utf-8"))
    width, height = data.get("width", 512), data.get("height", 512)
    symbols = []
    for name, icon in ICONS.items():
        found = data["icons"][icon.source]
        w, h = found.get("width", width), found.get("height", height)
        symbols.append(f'<symbol id="{name}" viewBox="0 0 {w} {h}">{found["body"]}</symbol>')
    return ('<svg xmlns="http://www.w3.org/2000/svg">'
            "<!-- Game Icons (game-icons.net), CC BY 3.0: see the app's about page -->"
            + "".join(symbols) + "</svg>\n")


def write(out: Path = OUT, package: Path = PACKAGE) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f"{out.name}.{os.getpid()}.tmp")
    tmp.write_text(sprite(package), encoding="utf-8")
    os.replace(tmp, out)  # a page never gets a half-written sprite
    return out


def credits() -> list[dict]:
    """For the about page: each icon's Game Icons name and author, by author."""
    return sorted(({"name": icon.source, "author": icon.author} for icon in ICONS.values()),
                  key=lambda c: (c["author"].lower(), c["name"]))


if __name__ == "__main__":
    print(write(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
