"""The final score (MK-SCO): the players' entered counts in, a score table out.

Pure arithmetic: no state, no Flask. `score_sheet.py` feeds it from the game's state.
"""
from __future__ import annotations

from collections.abc import Mapping

from ..base import N_
from .scenario_end import CITY_GOAL

# What a player counts at the end of the game (the sheet's fields), with the scenarios that ask for each.
STANDARD_FIELDS = ["spells", "advanced_actions", "artifacts", "crystals", "unit_levels", "wounded_units_2_3",
                   "wounded_units_4", "fortified_shields", "adventure_shields", "wounds"]
FIELD_NAMES = {
    "spells": N_("Spells"),
    "advanced_actions": N_("Advanced Action cards"),
    "artifacts": N_("Artifacts (in your deck or on your Units)"),
    "crystals": N_("Crystals"),
    "unit_levels": N_("Levels of your unwounded Units (total)"),
    "wounded_units_2_3": N_("Wounded Units of level II or III"),
    "wounded_units_4": N_("Wounded Units of level IV"),
    "fortified_shields": N_("Shields on keeps, mage towers and monasteries"),
    "adventure_shields": N_("Shields on adventure sites"),
    "dungeon_shields": N_("Shields on dungeons and tombs"),
    "wounds": N_("Wound cards in your deck (not on Units)"),
    "cities_led": N_("Cities you lead"),
    "cities_shield": N_("Cities with your Shield that you do not lead"),
    "mines_countryside": N_("Your mines on Countryside tiles"),
    "mines_core": N_("Your mines on Core tiles"),
    "keeps_owned": N_("Keeps you own"),
    "mage_towers_owned": N_("Mage towers you own"),
}
# Dungeon Lords asks for dungeon and tomb Shields apart (4 each): the adventure sites' field is then the others,
# so that nobody counts a dungeon twice (MK-SCO-3).
DUNGEON_LORDS_FIELD_NAMES = {**FIELD_NAMES,
                             "adventure_shields": N_("Shields on other adventure sites (not dungeons or tombs)")}
FACT_NAMES = {"dummy_deck": N_("Cards left in the Dummy's deck"), "cities_total": N_("Cities in this game")}

CATEGORIES = ["knowledge", "loot", "leader", "conqueror", "adventurer", "beating"]
CATEGORY_NAMES = {"knowledge": N_("Knowledge"), "loot": N_("Loot"), "leader": N_("Leader"),
                  "conqueror": N_("Conqueror"), "adventurer": N_("Adventurer"), "beating": N_("Beating")}
TITLE_NAMES = {"knowledge": N_("The Greatest Knowledge"), "loot": N_("The Greatest Loot"),
               "leader": N_("The Greatest Leader"), "conqueror": N_("The Greatest Conqueror"),
               "adventurer": N_("The Greatest Adventurer"), "dungeon_crawler": N_("The Greatest Dungeon Crawler"),
               "beating": N_("The Greatest Beating"), "cities": N_("The Greatest City Conqueror"),
               "mines": N_("The Greatest Liberator")}
EXTRA_NAMES = {"cities": N_("Cities"), "mines": N_("Mines"), "cities_conquered": N_("Cities conquered"),
               "all_cities": N_("All cities conquered"), "every_player_leads": N_("Every player leads a city"),
               "rounds_early": N_("Rounds left unplayed"), "dummy_deck": N_("Cards in the Dummy's deck"),
               "no_end_of_round": N_("End of Round not announced in the last round")}

CONQUEST = ("full_conquest", "blitz_conquest")
# Scenarios won on the map, not by Fame (the book gives no Fame scoring for them).
NOT_BY_FAME = ("one_to_return",)
# MK-SCO-5: Conquer and Hold's Victory points for each site a player owns at the end.
VICTORY_POINTS = {"keeps_owned": 3, "mage_towers_owned": 2}
TEAMS = (1, 2)


def scheme_of(scenario: str, mode: str) -> str:
    """How the game is scored: competitive (titles, a winner), solo or cooperative (one score, a goal),
    solo without a goal (First Reconnaissance's solo variant), by Victory points (Conquer and Hold), or not by
    Fame at all."""
    if scenario in NOT_BY_FAME:
        return "map"
    if scenario == "conquer_and_hold":
        return "victory_points"
    if mode == "solo" and scenario == "first_reconnaissance":
        return "solo_plain"
    return mode


def fields_for(scenario: str, mode: str) -> list[str]:
    """The counts the sheet asks each player for."""
    scheme = scheme_of(scenario, mode)
    if scheme == "map":
        return []
    if scheme == "victory_points":
        return list(VICTORY_POINTS)
    fields = list(STANDARD_FIELDS)
    if scenario == "dungeon_lords":
        fields.insert(fields.index("wounds"), "dungeon_shields")
    if scheme in ("solo", "cooperative"):
        fields.append("cities_led")
    elif scenario in CONQUEST:
        fields += ["cities_led", "cities_shield"]
    elif scenario == "mines_liberation":
        fields += ["mines_countryside", "mines_core"]
    return fields


def field_names(scenario: str) -> dict[str, str]:
    """The sheet's field labels for `scenario`."""
    return DUNGEON_LORDS_FIELD_NAMES if scenario == "dungeon_lords" else FIELD_NAMES


def achievements(counts: Mapping[str, int], scenario: str) -> dict[str, int]:
    """MK-SCO-1: each category's Fame for one player (Beating is negative)."""
    n = lambda field: counts.get(field, 0)  # noqa: E731 — a field not asked for counts 0
    adventurer = 2 * n("adventure_shields")
    if scenario == "dungeon_lords":  # every dungeon and tomb, secret ones too, is worth 4 (MK-SCO-3)
        adventurer += 4 * n("dungeon_shields")
    return {"knowledge": 2 * n("spells") + n("advanced_actions"),
            "loot": 2 * n("artifacts") + n("crystals") // 2,
            # A wounded Unit counts half its level, rounded down: II and III give 1, IV gives 2, I nothing.
            "leader": n("unit_levels") + n("wounded_units_2_3") + 2 * n("wounded_units_4"),
            "conqueror": 2 * n("fortified_shields"),
            "adventurer": adventurer,
            "beating": -2 * n("wounds")}


def _best(values: Mapping[str, int], first: int, shared: int, zero_counts: bool) -> dict[str, int]:
    """The bonus for the highest value: `first` alone, `shared` each when tied; nothing for a best of 0
    unless `zero_counts`."""
    if not values:
        return {}
    top = max(values.values())
    if top == 0 and not zero_counts:
        return {}
    best = [p for p, v in values.items() if v == top]
    return {p: first if len(best) == 1 else shared for p in best}


def titles(per_player: Mapping[str, Mapping[str, int]], scenario: str) -> dict[str, dict[str, int]]:
    """MK-SCO-2: title -> {player: bonus}. Knowledge gives no tie bonus at 0; Beating without Wounds no
    penalty; Dungeon Lords gives the Greatest Dungeon Crawler (+5, +2 shared) instead of the Adventurer."""
    out: dict[str, dict[str, int]] = {}
    for category in CATEGORIES:
        values = {p: cats[category] for p, cats in per_player.items()}
        if category == "beating":
            worst = _best({p: -v for p, v in values.items()}, 3, 1, zero_counts=False)
            out["beating"] = {p: -bonus for p, bonus in worst.items()}
        elif category == "adventurer" and scenario == "dungeon_lords":
            out["dungeon_crawler"] = _best(values, 5, 2, zero_counts=True)
        else:
            out[category] = _best(values, 3, 1, zero_counts=category != "knowledge")
    return out


def scenario_extras(counts: Mapping[str, Mapping[str, int]], scenario: str) -> dict[str, dict[str, int]]:
    """MK-SCO-3, competitive: extra -> {player: Fame}; the scenario's own title is separate (see below)."""
    if scenario in CONQUEST:
        return {"cities": {p: 7 * c.get("cities_led", 0) + 4 * c.get("cities_shield", 0) for p, c in counts.items()}}
    if scenario == "mines_liberation":
        return {"mines": {p: 4 * c.get("mines_countryside", 0) + 7 * c.get("mines_core", 0)
                          for p, c in counts.items()}}
    return {}


def _competitive(players: list[dict], scenario: str) -> dict:
    counts = {p["id"]: p["counts"] for p in players}
    per_player = {p: achievements(c, scenario) for p, c in counts.items()}
    won = titles(per_player, scenario)
    extras = scenario_extras(counts, scenario)
    # The scenario's title: +5 for the most, +2 each if tied (the book gives no tie rule for mines: the app
    # uses the cities' one); nobody gets it when nobody scored any Fame for it.
    won.update({extra: _best(values, 5, 2, zero_counts=False) for extra, values in extras.items()})
    rows = []
    for p in players:
        pid = p["id"]
        row_titles = {t: bonus[pid] for t, bonus in won.items() if pid in bonus}
        row_extras = {e: values[pid] for e, values in extras.items()}
        total = p["fame"] + sum(per_player[pid].values()) + sum(row_titles.values()) + sum(row_extras.values())
        rows.append({"player": pid, "fame": p["fame"], "categories": per_player[pid], "titles": row_titles,
                     "extras": row_extras, "total": total})
    top = max(r["total"] for r in rows)
    return {"scheme": "competitive", "rows": rows, "winners": [r["player"] for r in rows if r["total"] == top]}


def _team(players: list[dict], scenario: str, scheme: str, facts: Mapping[str, int | None]) -> dict:
    """MK-SCO-4: one score. Base: the lowest Fame; per category only the best player's score counts
    (Beating: the worst); no titles; then the goal and the time."""
    per_player = {p["id"]: achievements(p["counts"], scenario) for p in players}
    categories, counted_from = {}, {}
    for category in CATEGORIES:
        values = [cats[category] for cats in per_player.values()]
        value = min(values) if category == "beating" else max(values)
        categories[category] = value
        counted_from[category] = [p for p, cats in per_player.items() if cats[category] == value]
    goal: dict[str, int] = {}
    if scheme in ("solo", "cooperative"):
        led = [p["counts"].get("cities_led", 0) for p in players]
        cities, total_cities = sum(led), facts.get("cities_total")
        goal["cities_conquered"] = 10 * cities
        if scheme == "cooperative":
            goal["every_player_leads"] = 10 if all(n > 0 for n in led) else 0
        goal["all_cities"] = 15 if total_cities and cities >= total_cities else 0
        # Ending before the round limit needs the scenario's goal: the time bonus exists only with it (MK-SCO-4).
        goal_met = scenario not in CITY_GOAL or bool(total_cities and cities >= total_cities)
        goal["rounds_early"] = 30 * (facts.get("rounds_left") or 0) if goal_met else 0
        goal["dummy_deck"] = facts.get("dummy_deck") or 0
        goal["no_end_of_round"] = 5 if not facts.get("end_of_round_in_last_round") else 0
    base = min(p["fame"] for p in players)
    return {"scheme": scheme, "base": base, "categories": categories, "counted_from": counted_from,
            "goal": goal, "total": base + sum(categories.values()) + sum(goal.values()),
            "rows": [{"player": p["id"], "fame": p["fame"], "categories": per_player[p["id"]], "titles": {},
                      "extras": {}, "total": None} for p in players]}


def teams_needed(scenario: str, players: int) -> bool:
    """Conquer and Hold with four players is played by two teams of two (rulebook: "2, or 4 (two teams)")."""
    return scenario == "conquer_and_hold" and players == 4


def _victory_points(players: list[dict], teams: bool) -> dict:
    """MK-SCO-5: each owned keep 3, each owned mage tower 2; the player or team with the most wins; tied, no one.
    With teams, no winner until every player is in one of two teams of two."""
    rows = [{"player": p["id"], "fame": p["fame"],
             **{field: p["counts"].get(field, 0) for field in VICTORY_POINTS},
             "points": sum(n * p["counts"].get(field, 0) for field, n in VICTORY_POINTS.items()),
             "team": p["counts"].get("team") if teams else None} for p in players]
    if teams:
        sides = [{"team": t, "players": [r["player"] for r in rows if r["team"] == t],
                  "points": sum(r["points"] for r in rows if r["team"] == t)} for t in TEAMS]
        missing = any(len(side["players"]) != len(players) // len(TEAMS) for side in sides)
    else:
        sides = [{"team": None, "players": [r["player"]], "points": r["points"]} for r in rows]
        missing = False
    top = max(side["points"] for side in sides)
    best = [side for side in sides if side["points"] == top]
    return {"scheme": "victory_points", "rows": rows, "sides": sides, "teams_missing": missing,
            "tied": not missing and len(best) > 1,
            "winners": [] if missing or len(best) > 1 else best[0]["players"]}


def score(scenario: str, mode: str, players: list[dict], facts: Mapping[str, int | None] | None = None) -> dict:
    """The score table. `players`: [{"id", "fame", "counts": {field: n}}]; `facts` (solo and cooperative):
    rounds_left, end_of_round_in_last_round, dummy_deck, cities_total (None: unknown, no bonus for all).

    Competitive: {"scheme", "rows": [{player, fame, categories, titles, extras, total}], "winners"};
    solo/cooperative: {"scheme", "base", "categories", "counted_from", "goal", "total", "rows"};
    Victory points: {"scheme", "rows": [{player, fame, keeps_owned, mage_towers_owned, points, team}],
    "sides": [{team, players, points}], "teams_missing", "tied", "winners"}; a scenario won on the map:
    {"scheme": "map"}."""
    scheme = scheme_of(scenario, mode)
    if scheme == "map":
        return {"scheme": "map"}
    if scheme == "victory_points":
        return _victory_points(players, teams_needed(scenario, len(players)))
    if scheme == "competitive":
        return _competitive(players, scenario)
    return _team(players, scenario, scheme, facts or {})
