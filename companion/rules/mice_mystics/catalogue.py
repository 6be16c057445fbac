"""The game's fixed data: the mice and the minion types with their initiative cards (MM-SET)."""
from __future__ import annotations

from typing import Any
from collections.abc import Mapping

from ..base import BadParams, N_, Text, param_str

MAX_LIFE = 99

MICE = ("collin", "filch", "lily", "maginos", "nez", "tilda", "nere", "ansel", "jakobe", "ditty")

# Bosses are single figures with wounds on their card (life entered at the first wound);
# other minions have a life per figure (MM-MIN-1); Aggressive types swap up after their turn (MM-INI-9).
MINION_TYPES: dict[str, dict[str, Any]] = {
    "rat_warriors": {"cards": ["rat_warriors"], "life": 1, "boss": False, "aggressive": True},
    "elite_rat_warriors": {"cards": ["elite_rat_warriors"], "life": 1, "boss": False, "aggressive": True},
    "roaches": {"cards": ["roaches"], "life": 1, "boss": False, "aggressive": False},
    "spider": {"cards": ["spider"], "life": 3, "boss": False, "aggressive": False},
    "cave_centipede": {"cards": ["cave_centipede"], "life": 4, "boss": False, "aggressive": False},
    "captain_vurst": {"cards": ["captain_vurst"], "boss": True, "aggressive": False},
    "skitter_clak": {"cards": ["skitter_clak"], "boss": True, "aggressive": False},
    "brodie": {"cards": ["brodie_pounces", "brodie_chases"], "boss": True, "aggressive": False},
    "vanestra": {"cards": ["vanestra_charm", "vanestra_sting", "vanestra_web", "vanestra_call"],
                 "boss": True, "aggressive": False},
}

# The story book's chapters whose Chapter Setup the app knows (Sorrow and Remembrance): the end marker's page
# and the Party Setup — how many mice, and which may not be among them (MM-SET-2, MM-CMP-5).
STORY_CHAPTERS: dict[str, dict[str, Any]] = {
    "1": {"name": N_("Chapter 1: Flight to Barksburg"), "end_page": 6, "party_size": 4, "not_in_party": ("lily",),
          "why": N_("Lily cannot be one of the 4 mice of Chapter 1: she has not joined the group yet.")},
}


def next_story_chapter(story_chapter: str | None) -> str | None:
    """The story book's chapter after `story_chapter` (the chapters are numbered), if the app knows its setup;
    else None: the group names the chapter it goes on to."""
    if story_chapter is None or story_chapter not in STORY_CHAPTERS:
        return None
    following = str(int(story_chapter) + 1)
    return following if following in STORY_CHAPTERS else None


def chapter_title(name: str, story_chapter: str | None) -> str | Text:
    """The chapter as the pages name it: the group's own name, else the book's chapter, else "the chapter" — the
    last two in each device's own language (so a name is never filled in for the group)."""
    if name:
        return name
    return Text(STORY_CHAPTERS[story_chapter]["name"] if story_chapter in STORY_CHAPTERS else N_("The chapter"))


NAMES = {
    "collin": N_("Collin"), "filch": N_("Filch"), "lily": N_("Lily"), "maginos": N_("Maginos"),
    "nez": N_("Nez"), "tilda": N_("Tilda"), "nere": N_("Neré"), "ansel": N_("Ansel"),
    "jakobe": N_("Jakobe"), "ditty": N_("Ditty"),
    "rat_warriors": N_("Rat Warriors"), "elite_rat_warriors": N_("Elite Rat Warriors"),
    "roaches": N_("Roaches"), "spider": N_("Spider"), "cave_centipede": N_("Cave Centipede"),
    "captain_vurst": N_("Captain Vurst"), "skitter_clak": N_("Skitter-Clak"), "brodie": N_("Brodie"),
    "brodie_pounces": N_("Brodie: Pounces"), "brodie_chases": N_("Brodie: Chases"),
    "vanestra": N_("Vanestra"), "vanestra_charm": N_("Vanestra: Charm"),
    "vanestra_sting": N_("Vanestra: Sting"), "vanestra_web": N_("Vanestra: Web"),
    "vanestra_call": N_("Vanestra: Call"),
}


def has_figure_wounds(minion_type: dict) -> bool:
    """MM-MIN-1: a non-boss type whose figures survive a wound keeps a wound count per figure."""
    return not minion_type["boss"] and (minion_type["life"] or 1) > 1


def label(ident: str, custom: str | None) -> Any:
    """A translatable catalogue name, or the group's own."""
    return custom if custom else Text(NAMES.get(ident, ident))


def find_mouse(state: dict, params: Mapping[str, Any]) -> dict:
    """The party's mouse named by the `mouse` param; BadParams when there is none."""
    mouse_id = param_str(params, "mouse", 40)
    mouse = next((m for m in state["mice"] if m["id"] == mouse_id), None)
    if mouse is None:
        raise BadParams(N_("Unknown mouse: {value}"), value=mouse_id)
    return mouse


def mouse_name(state: dict, mouse_id: str) -> Any:
    """A mouse's name for a Text param: a translatable Text, or the group's own name."""
    mouse = next(m for m in state["mice"] if m["id"] == mouse_id)
    return label(mouse_id, mouse["name"])


def type_name(state: dict, type_id: str) -> Any:
    return label(type_id, state["minion_types"][type_id]["name"])


def minion_card_name(state: dict, card_id: str) -> Any:
    """A minion card's name by its id, on the track or not (an ambush log outlives the card)."""
    for type_id, minion_type in state["minion_types"].items():
        if card_id in minion_type["cards"]:
            return card_name(state, {"kind": "minion", "minion": type_id, "card": card_id})
    return card_id


def card_name(state: dict, card: dict) -> Any:
    """The name of a track card: the mouse, the minion type, or the boss's named card."""
    if card["kind"] == "mouse":
        return mouse_name(state, card["mouse"])
    custom = state["minion_types"][card["minion"]]["name"]
    if custom:
        cards = state["minion_types"][card["minion"]]["cards"]
        return custom if len(cards) == 1 else f"{custom} {cards.index(card['card']) + 1}"
    return Text(NAMES.get(card["card"], card["card"]))
