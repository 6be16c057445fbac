"""The app's game icons: which Game Icons (game-icons.net, CC BY 3.0) the pages use, under our own names.

ICONS names each with its source in the npm package @iconify-json/game-icons and its author, for the credits on
the about page. A page loads one sprite: its game's (the chrome's icons and that game's own: a Mage Knight page
has no mouse or cheese), or the chrome's alone on a page of no game (SPRITES); build_steps/game_icons.py writes
them into static/vendor/. Templates draw one with the `icon()` macro (templates/macros.html):
`<svg><use href="…#sun"></svg>`, the sprite's URL from `icon_sprite()` (web/assets.py).
"""
from __future__ import annotations

from typing import NamedTuple


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


def credits() -> list[dict]:
    """For the about page: each icon's Game Icons name and author, by author."""
    return sorted(({"name": icon.source, "author": icon.author} for icon in ICONS.values()),
                  key=lambda c: (c["author"].lower(), c["name"]))
