"""Fame, levels and the hand limit (MK-FAME-1, MK-HAND-1)."""
from __future__ import annotations

from ..base import N_, Text

# Fame needed to reach level 1, 2, ... 10 (the printed Fame board).
LEVEL_THRESHOLDS = [0, 3, 8, 14, 21, 29, 38, 48, 59, 71]
MAX_LEVEL = len(LEVEL_THRESHOLDS)


def level_for_fame(fame: int) -> int:
    """The level a Fame total has reached."""
    return sum(1 for threshold in LEVEL_THRESHOLDS if fame >= threshold)


# Odd levels: what the new Level token changes besides the Command token (Armor 2 -> 3 -> 4 at 3 and 7,
# Hand limit 5 -> 6 -> 7 at 5 and 9).
ARMOR_AT = {3: 3, 7: 4}
HAND_LIMIT_AT = {5: 6, 9: 7}


def level_gains(name: str, level: int) -> Text:
    """What reaching `level` gives, naming only what changes (named for the player: every device shows it)."""
    values = {"name": name, "level": level}
    if level in ARMOR_AT:
        return Text(N_("{name} reaches level {level}: take a Command token; Armor rises to {armor}"),
                    {**values, "armor": ARMOR_AT[level]})
    if level in HAND_LIMIT_AT:
        return Text(N_("{name} reaches level {level}: take a Command token; Hand limit rises to {limit}"),
                    {**values, "limit": HAND_LIMIT_AT[level]})
    return Text(N_("{name} reaches level {level}: gain a Skill and an Advanced Action card"),
                {"name": name, "level": level})


def level_ups(name: str, old_fame: int, new_fame: int) -> list[Text]:
    """The level-up reminders for every level crossed going from `old_fame` to `new_fame`."""
    return [level_gains(name, level) for level in
            range(level_for_fame(old_fame) + 1, level_for_fame(new_fame) + 1)]


def base_hand_limit(level: int) -> int:
    """The Hand limit printed for a level: 5 at 1-4, 6 at 5-8, 7 at 9-10."""
    if not 1 <= level <= MAX_LEVEL:
        raise ValueError(f"level {level} out of 1..{MAX_LEVEL}")
    return 5 if level <= 4 else 6 if level <= 8 else 7


def hand_limit(level: int, keeps_owned: int = 0, near_own_keep: bool = False,
               city: str | None = None, planning: bool = False, cards_in_hand: int = 0) -> int:
    """The Hand limit to draw up to.

    `near_own_keep`: on or next to a keep you own (bonus = the number of keeps you own);
    `city`: None, "shield" (a conquered city with your shield, +1) or "leader" (+2);
    keep and city bonuses do not add up, only the higher counts; Planning adds 1 with 2+ cards in hand.
    """
    if city not in (None, "shield", "leader"):
        raise ValueError(f"unknown city bonus {city!r}")
    keep_bonus = keeps_owned if near_own_keep else 0
    city_bonus = {None: 0, "shield": 1, "leader": 2}[city]
    planning_bonus = 1 if planning and cards_in_hand >= 2 else 0
    return base_hand_limit(level) + max(keep_bonus, city_bonus) + planning_bonus


def hand_limit_for(state: dict, params) -> Text:
    """The Hand limit of one player now (MK-HAND-1), from what the group tells about the map."""
    from ..base import param_bool, param_int, param_str
    from .seats import player, seat_param
    seat = seat_param(state, params, allow_dummy=False)
    level = level_for_fame(player(state, seat)["fame"])
    city = param_str(params, "city", default="none", choices=("none", "shield", "leader"))
    limit = hand_limit(level, keeps_owned=param_int(params, "keeps", 0, 20, default=0),
                       near_own_keep=param_bool(params, "near_keep"),
                       city=None if city == "none" else city, planning=param_bool(params, "planning"),
                       cards_in_hand=param_int(params, "cards", 0, 30, default=0))
    return Text(N_("{name} draws up to {n} card (level {level})."),
                {"name": player(state, seat)["name"], "n": limit, "level": level},
                plural=N_("{name} draws up to {n} cards (level {level})."))
