"""What a refusal of bad input calls a field: the words a player knows ("change", "изменение"), not the form's
own name for it ("delta"). A BadParams names its field in its `name` param (rules/base.py param_int,
param_str, too_long and the kinds' own checks); web/forms.py `refusal` puts the field's label in its place.

Every param an action, a calculator or a setup reads (rules/describe.py finds them) has a label here, or is
one of a score sheet's own fields, named as the sheet names it: tests/web/test_refusal_words.py walks them.
"""
from __future__ import annotations

from typing import Any

from .base import N_, BadParams, Text

LABELS: dict[str, str] = {
    # Both games
    "player": N_("player"), "delta": N_("change"), "n": N_("number"), "count": N_("number"), "die": N_("die"),
    "dice": N_("dice"), "mode": N_("mode"), "show": N_("show the turn time"), "name": N_("name"),
    "card": N_("card"),
    # Mage Knight
    "player_name": N_("player's name"), "hero": N_("hero"), "scenario": N_("scenario"), "epic": N_("epic game"),
    "round_limit": N_("number of rounds"), "blitz": N_("Blitz"), "dummy_hero": N_("Dummy player's hero"),
    "start_at_night": N_("start at Night"), "daytime": N_("Day and Night"),
    "core_tile_revealed": N_("Core tile revealed"), "monasteries": N_("monasteries"),
    "dice_mode": N_("who rolls the dice"), "colours": N_("dice colours"), "spell_colour": N_("spell colour"),
    "darkness_dice": N_("darkness dice"), "step": N_("preparation step"), "through": N_("preparation step"),
    "tactic": N_("tactic"), "choice": N_("choice"), "extra_turn": N_("extra turn"),
    "deck_empty": N_("deck empty"), "revealed": N_("revealed"), "flipped": N_("token flipped"),
    "cities_total": N_("cities in the game"), "cities_conquered": N_("cities conquered"),
    "third": N_("third card's colour"), "what": N_("what changes"), "field": N_("score line"),
    "team": N_("team"), "done": N_("sheet filled"),
    # Mage Knight's calculators
    "keeps": N_("keeps owned"), "near_keep": N_("next to a keep of your own"), "city": N_("city"),
    "planning": N_("Planning"), "cards": N_("cards in hand"), "effect": N_("effect"), "colour": N_("colour"),
    "cost": N_("cost"), "other": N_("other card"), "wounds_allowed": N_("Wounds allowed"),
    # Mice and Mystics
    "mouse": N_("mouse"), "custom_mouse": N_("mouse of your own"), "controller": N_("player"),
    "custom_controller": N_("player"), "minion_type": N_("minion type"), "minion_count": N_("number of figures"),
    "custom_minion_name": N_("minion's name"), "custom_minion_cards": N_("minion cards"),
    "custom_minion_life": N_("minion's life"), "custom_minion_boss": N_("boss"),
    "custom_minion_aggressive": N_("aggressive"), "boss": N_("boss"), "aggressive": N_("aggressive"),
    "chapter_name": N_("chapter's name"),
    "story_chapter": N_("chapter"), "chapter_end_page": N_("chapter's last page"), "life": N_("life"),
    "figure": N_("figure"), "ambush": N_("ambush"), "source": N_("where the minions come from"),
    "reason": N_("reason"), "kind": N_("kind of action"), "achievement": N_("achievement"),
    "moves_marker": N_("moves the end marker"), "room_surge": N_("room surge"),
    "row_pages": N_("pages of a row"), "row_minions": N_("minions of a row"),
    "choose_party": N_("choose the party"), "name_chapter": N_("name the chapter"), "replay": N_("play again"),
}
# Fields named after a thing of the game (a colour, a mouse): "crystal_red", "search_card_lily", "controller_nez".
PREFIXES: dict[str, str] = {"crystal_": N_("crystals"), "search_card_": N_("search card"),
                            "controller_": N_("player")}


QUOTED = 30  # characters of a value too long that its refusal quotes (web/forms.py's own refusal too)


def too_long_quoted(name: str, max_len: int, value: str) -> BadParams:
    """rules/base.py too_long, quoting the value's beginning: which of several such fields it was (a party's
    mice: "mouse of your own is longer than 40 characters: “Squeakington the Magnificent …”")."""
    start = "".join(ch for ch in value[:QUOTED] if ch.isprintable())
    return BadParams(N_("{name} is longer than {n} character: “{start}…”"),
                     plural=N_("{name} is longer than {n} characters: “{start}…”"), name=name, n=max_len, start=start)


def label(name: str) -> Text | None:
    """Field `name`'s label, or None for a field the app does not know."""
    if name in LABELS:
        return Text(LABELS[name])
    for prefix, msgid in PREFIXES.items():
        if name.startswith(prefix):
            return Text(msgid)
    from .mage_knight import scoring  # a score sheet's own fields: as the sheet names them (read only here)
    for names in (scoring.FIELD_NAMES, scoring.DUNGEON_LORDS_FIELD_NAMES, scoring.FACT_NAMES):
        if name in names:
            return Text(names[name])
    return None


def labelled(error: BadParams) -> Text:
    """The refusal's message with its field (`name`) called by its label; a field without one keeps its name."""
    text = error.text
    name: Any = text.params.get("name")
    found = label(name.removesuffix("[]")) if isinstance(name, str) else None
    if found is None:
        return text
    return Text(text.msgid, {**text.params, "name": found}, text.plural)
