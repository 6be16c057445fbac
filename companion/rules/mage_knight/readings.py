"""Our readings where the books leave room, each shown to the players where and when it applies (the view's
`readings`, by the place on the page that shows them; docs/rules-mage-knight.md lists them with their sources)."""
from __future__ import annotations

from ..base import N_, Text
from .daytime import darkness_roll_due
from .seats import DUMMY
from .specials import elite_from_round
from .tactics import BEFORE_THE_TURN

CONQUER_AND_HOLD_ELITE = N_("The book deals Elite Units in the second half, \"from Round 3 in a four player game, or "
                            "from Round 4 in a three player game\", yet gives three players four rounds: we take the "
                            "second half as the rounds past half the limit, from round {round} of {limit}.")
DARKNESS_ROLL = N_("Darkness is Coming: the two dice are rolled at the first step of the next round's preparation, "
                   "so its time of day is known before the board is flipped.")
ROUND_1_ORDER = N_("Round 1: the picks go in reverse hero-choice order, whatever Fame was entered before the first "
                   "pick; the Round Order tokens start in hero-choice order, the Dummy last.")
MANA_STEAL = N_("Mana Steal: the die is chosen with the pick; it may be used on any later turn of this round besides "
                "that turn's Source die, and an unused one returns at the round's end.")
FLIPPED_TOKEN = N_("A flipped token's skipped turn is passed over at once, with no tap, and counts as that player's "
                   "last turn when the round's end is under way; flipped on a round's last turn, it stays down into "
                   "the next round.")
MANA_SEARCH = N_("Mana Search: a die that is not depleted may be chosen only with the depleted dice (up to two).")
BEFORE_TURN = N_("Midnight Meditation and Sparing Power are used before the turn, only while nothing is done yet; "
                 "Long Night stays usable during the turn.")
DUMMY_LAST_TURNS = N_("The Dummy takes no last turn at the scenario's end, in every solo and cooperative scenario (the "
                      "book says so for Solo Conquest, Full and Blitz Cooperation).")
SCENARIO_END_TIMING = N_("Marked mid-turn, the turn under way finishes, then everyone, this player too, takes one last "
                         "turn; if End of Round came first, its countdown stands.")
BLITZ_LINES = N_("Blitz: the lines on the Fame track are where the levels begin (3, 8, 14, … 71); a bonus that itself "
                 "crosses a line adds one more, and a correction down takes no bonus back.")
LEVELS = N_("Levels follow the Fame shown now: a Fame correction down can show a lower level.")
DUMMY_CRYSTALS = N_("The book prints only Goldyx's starting crystals: the others are read from each Hero card's dots; "
                    "correct them if your card differs. Its deck count follows the table too.")
ENTERED_DICE = N_("After a roll that does not stand, only the gold and black dice are entered again: the basic ones "
                  "stay as they were.")
TITLES_AT_0 = N_(
    "Titles as the book words them: players tied for a title at 0 get the tie bonus, except for Knowledge; "
    "no Greatest Beating without Wounds."
)
SCENARIO_TITLE_NOBODY = N_("Nobody gets the scenario's title when nobody scored for it.")
LIBERATOR_TIE = N_("The book gives no tie rule for the Greatest Liberator: the tied players get +2 each, as for the "
                   "Greatest City Conqueror.")
DUNGEON_CRAWLER = N_("The Greatest Dungeon Crawler goes to the best Adventurer score (dungeons and tombs 4 each, other "
                     "adventure sites 2).")
COOPERATIVE_CITIES = N_("The team's conquered cities are the cities its players lead: each conquered city has one "
                        "leader.")


def preparation(state: dict, step: str | None) -> list[Text]:
    shown = []
    if state["scenario"] == "conquer_and_hold" and step == "units":
        shown.append(Text(CONQUER_AND_HOLD_ELITE, {"round": elite_from_round(state), "limit": state["round_limit"]}))
    if darkness_roll_due(state):
        shown.append(Text(DARKNESS_ROLL))
    if state["source_check"] and step == "source":
        shown.append(Text(ENTERED_DICE))
    return shown


def tactics(state: dict, available: list[str]) -> list[Text]:
    shown = [Text(ROUND_1_ORDER)] if state["round"] == 1 and not state["tactics"] else []
    return shown + ([Text(MANA_STEAL)] if "mana_steal" in available else [])


def turn(state: dict, mana_search_offered: bool) -> list[Text]:
    if state["phase"] != "turns":
        return []
    shown = [Text(FLIPPED_TOKEN)] if state["flipped_tokens"] else []
    if mana_search_offered:
        shown.append(Text(MANA_SEARCH))
    seat = state["turn"]["seat"]
    if seat != DUMMY and state["tactics"].get(seat) in (*BEFORE_THE_TURN, "long_night"):
        shown.append(Text(BEFORE_TURN))
    if state["final_turns"] and state["final_turns"]["by"] == "scenario_end" and state["dummy"]:
        shown.append(Text(DUMMY_LAST_TURNS))
    return shown


def scenario_end(state: dict) -> list[Text]:
    """Beside the button that marks the scenario's end."""
    return [Text(SCENARIO_END_TIMING)] + ([Text(DUMMY_LAST_TURNS)] if state["dummy"] else [])


def players(state: dict) -> list[Text]:
    return ([Text(BLITZ_LINES)] if state["blitz"] else []) + [Text(LEVELS)]


def readings(state: dict, step: str | None, available: list[str], mana_search_offered: bool) -> dict[str, list[Text]]:
    """Every reading that applies now, by where the page shows it."""
    return {"preparation": preparation(state, step) if state["phase"] == "preparation" else [],
            "tactics": tactics(state, available) if state["phase"] == "tactics" else [],
            "turn": turn(state, mana_search_offered), "scenario_end": scenario_end(state),
            "players": players(state),
            "dummy": [Text(DUMMY_CRYSTALS)] if state["dummy"] and state["round"] == 1 else []}


def score(scenario: str, scheme: str, table: dict) -> list[Text]:
    """At the final score: the readings its table rests on."""
    shown = []
    if scheme == "competitive":
        shown.append(Text(TITLES_AT_0))
        if scenario in ("full_conquest", "blitz_conquest", "mines_liberation"):
            shown.append(Text(SCENARIO_TITLE_NOBODY))
        liberators = [r for r in table.get("rows", []) if "mines" in r.get("titles", {})]
        if scenario == "mines_liberation" and len(liberators) > 1:  # only when the title is tied
            shown.append(Text(LIBERATOR_TIE))
        if scenario == "dungeon_lords":
            shown.append(Text(DUNGEON_CRAWLER))
    if scheme == "cooperative":
        shown.append(Text(COOPERATIVE_CITIES))
    return shown
