"""Scenario specials that change the round: Elite Units, Blitz Fame, mines, setup reminders, what a scenario has the
table do at a round's end (MK-SCN-1..4, MK-SCN-6)."""
from __future__ import annotations

from ..base import N_, Text
from .fame import LEVEL_THRESHOLDS

# The lines on the Fame track: the board's rows end where a level begins (MK-FAME-1).
FAME_LINES = LEVEL_THRESHOLDS[1:]
BLITZ_START_FAME = 1


def elite_from_round(state: dict) -> int | None:
    """Conquer and Hold deals Elite Units only in the second half: rounds past half the limit (MK-SCN-4)."""
    return state["round_limit"] // 2 + 1 if state["scenario"] == "conquer_and_hold" else None


def elite_units_dealt(state: dict) -> bool:
    """Whether the Units offer alternates Elite and Regular now (MK-RND-2 step 3, MK-SCN-1, MK-SCN-4)."""
    if state["scenario"] == "first_reconnaissance":
        return False
    if state["scenario"] == "conquer_and_hold":
        return state["round"] >= elite_from_round(state)
    return state["core_tile_revealed"]


def units_rule(state: dict) -> Text:
    """Why the offer is Regular only or alternates, for the preparation step."""
    if state["scenario"] == "first_reconnaissance":
        return Text(N_("First Reconnaissance uses no Elite Units: Regular units only."))
    if state["scenario"] == "conquer_and_hold":
        return Text(N_("Conquer and Hold: Regular units only until round {round}, then Elite and Regular "
                       "alternate (level IV Units stay out of the game)."), {"round": elite_from_round(state)})
    if state["core_tile_revealed"]:
        return Text(N_("A Core tile is revealed: Elite and Regular alternate."))
    return Text(N_("No Core tile revealed yet: Regular units only."))


def fame_lines_crossed(old: int, new: int) -> int:
    return sum(1 for line in FAME_LINES if old < line <= new)


def blitz_fame(old: int, gained: int) -> tuple[int, int]:
    """(new Fame, bonus) for a Blitz gain: +1 for every Fame-track line crossed, the bonus's own lines too."""
    new, bonus = old + gained, 0
    while (due := fame_lines_crossed(old, new) - bonus) > 0:
        bonus += due
        new = old + gained + bonus
    return new, bonus


def start_fame(blitz: bool) -> int:
    return BLITZ_START_FAME if blitz else 0


def setup_reminders(state: dict) -> list[Text]:
    """What the scenario changes at the table from the start, shown until the game ends."""
    scenario, notes = state["scenario"], []
    if scenario == "first_reconnaissance":
        notes.append(Text(N_("First Reconnaissance: +1 Fame for every tile a player reveals; no Elite Units. When a "
                             "player reveals a city, mark the scenario's end: everyone, that player too, takes one "
                             "last turn.")))
    if state["blitz"]:
        notes.append(Text(N_("Blitz: every hero starts at Fame 1 and Reputation +2; crossing a line on the Fame "
                             "track gives 1 extra Fame (the app adds it); one more Source die and Unit.")))
    if scenario == "mines_liberation":
        notes.append(Text(N_("Mines Liberation: at the start of every Day and Night each player gains one crystal "
                             "per liberated mine; tell the app who liberated one.")))
    if scenario == "conquer_and_hold":
        notes.append(Text(N_("Conquer and Hold: level IV Units are removed from the Elite deck. The book's wording "
                             "of the second half is unclear: the app deals Elite Units from round {round}."),
                          {"round": elite_from_round(state)}))
    return notes


def mines_reminders(state: dict) -> list[Text]:
    """At the start of a Day or Night: each player's crystals from the mines they liberated (MK-SCN-3)."""
    if state["scenario"] != "mines_liberation":
        return []
    mines = state.get("mines", {})
    owners = [(p["name"], mines.get(p["id"], 0)) for p in state["players"]]
    gifts = [Text(N_("{name} gains {n} crystal (one per liberated mine)."), {"name": name, "n": n},
                  plural=N_("{name} gains {n} crystals (one per liberated mine).")) for name, n in owners if n]
    return gifts or [Text(N_("Mines Liberation: nobody has liberated a mine yet, so no crystals this time."))]


def round_end_reminders(state: dict) -> list[Text]:
    """What the scenario has the table do as the round just played ends (MK-SCN-6): One to Return's portal closes
    after the first Day, Druid Nights' Shield tokens leave the glades after the first Night. Shown at that
    round's end and through the next preparation."""
    times = [r["time_of_day"] for r in state["rounds"]]
    if not times or times.count(times[-1]) != 1:  # only the first Day's or the first Night's end
        return []
    if state["scenario"] == "one_to_return" and times[-1] == "day":
        return [Text(N_("One to Return: the portal closes at the end of Day 1. A hero standing on it now is "
                        "eliminated; from now on it is an empty plain space."))]
    if state["scenario"] == "druid_nights" and times[-1] == "night":
        return [Text(N_("Druid Nights: the first Night is over. Remove every Shield token from the glades; they "
                        "are marked again for the second Night's incantation."))]
    return []
