"""The score sheet at the end of the game: what each player counts, entered as events, and the table
`scoring.score` makes of it (MK-SCO).

State: `score_sheet` (absent until the first entry; games saved before it read as an empty sheet):
{"counts": {seat: {field: n}}, "done": [seats whose sheet is complete], "facts": {fact: n}}.
"""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Mapping

from ..base import N_, BadParams, Outcome, RuleError, Text, param_bool, param_int
from .scoring import (CATEGORY_NAMES, EXTRA_NAMES, FACT_NAMES, TEAMS, TITLE_NAMES, field_names, fields_for,
                      scheme_of, score, teams_needed)
from .scenario_end import CITY_GOAL, default_cities
from .readings import score as score_readings
from .seats import player, seat_name, seat_param
from .turns import join

MAX_COUNT = 999


def sheet(state: dict) -> dict:
    """The state's score sheet, or an empty one (a game saved before the sheet existed)."""
    return state.get("score_sheet") or {"counts": {}, "done": [], "facts": {}}


def tracked_dummy_deck(state: dict) -> int | None:
    """The Dummy's undrawn cards, when the app tracks its deck (else the group enters the count)."""
    deck = (state.get("dummy") or {}).get("deck")
    return deck if isinstance(deck, int) and not isinstance(deck, bool) else None


def fact_fields(state: dict) -> list[str]:
    """The group's own counts: the Dummy's deck (unless tracked) and the cities on the map."""
    if scheme_of(state["scenario"], state["mode"]) not in ("solo", "cooperative"):
        return []
    return (["dummy_deck"] if tracked_dummy_deck(state) is None else []) + ["cities_total"]


def facts(state: dict) -> dict[str, Any]:
    """What the solo and cooperative score reads from the game besides the players' counts."""
    entered = sheet(state)["facts"]
    record = state.get("scenario_end_record")
    cities = record["cities_total"] if record else default_cities(state)  # the end's record, else the book's
    last = state["rounds"][-1] if state["rounds"] else None
    deck = tracked_dummy_deck(state)
    return {"rounds_left": max(0, state["round_limit"] - len(state["rounds"])),
            "end_of_round_in_last_round": bool(last and last["end_of_round_by"]),
            "dummy_deck": deck if deck is not None else entered.get("dummy_deck", 0),
            "dummy_deck_tracked": deck is not None,
            "cities_total": entered.get("cities_total", cities)}


def counts_of(state: dict, seat: str) -> dict[str, int]:
    """A player's entered counts; in solo, the cities conquered default to what the scenario's end recorded."""
    entered = dict(sheet(state)["counts"].get(seat, {}))
    record = state.get("scenario_end_record")
    if record and state["mode"] == "solo":
        entered.setdefault("cities_led", record["cities_conquered"])
    return entered


def table(state: dict) -> dict:
    players = [{"id": p["id"], "fame": p["fame"], "counts": counts_of(state, p["id"])} for p in state["players"]]
    return score(state["scenario"], state["mode"], players, facts(state))


def _finished(state: dict) -> None:
    if state["phase"] != "finished":
        raise RuleError(N_("The score is counted when the game is over."))


def _new_value(params: Mapping[str, Any], name: str, current: int) -> int:
    """`name` set to its given value (or kept), then moved by `delta` when the stepper names it."""
    value = param_int(params, name, lo=0, hi=MAX_COUNT, default=current)
    if params.get("field") == name and params.get("delta") not in (None, ""):
        value += param_int(params, "delta", lo=-MAX_COUNT, hi=MAX_COUNT)
    if not 0 <= value <= MAX_COUNT:
        raise RuleError(N_("A count goes from 0 to {max}."), max=MAX_COUNT)
    return value


def _entries(params: Mapping[str, Any], fields: list[str], current: Mapping[str, int],
             names: Mapping[str, str]) -> tuple[dict[str, int], list[Text]]:
    """The fields this entry sets (typed values and a stepper's `field` + `delta`), and what changed."""
    stepped = params.get("field")
    if stepped not in (None, "") and stepped not in fields:
        raise BadParams(N_("Unknown choice for {name}: {value}"), name="field", value=str(stepped)[:40])
    new, changed = {}, []
    for name in fields:
        if name in params or name == stepped:
            new[name] = _new_value(params, name, current.get(name, 0))
            if new[name] != current.get(name, 0):
                changed.append(Text(N_("{what} {n}"), {"what": Text(names[name]), "n": new[name]}))
    return new, changed


def enter_score(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """A player's counts (any of the sheet's fields; a stepper tap is `field` + `delta`), and `done`
    to mark the sheet complete (0 to open it again)."""
    _finished(state)
    seat = seat_param(state, params, allow_dummy=False)
    fields = fields_for(state["scenario"], state["mode"])
    if not fields:
        raise RuleError(N_("This scenario is not scored by Fame: its winner is decided on the map."))
    score_sheet = state.setdefault("score_sheet", sheet(state))
    current = score_sheet["counts"].setdefault(seat, {})
    new, changed = _entries(params, fields, current, field_names(state["scenario"]))
    if "team" in params:  # MK-SCO-5: four players hold and conquer as two teams
        if not teams_needed(state["scenario"], len(state["players"])):
            raise RuleError(N_("Only Conquer and Hold with four players is played in teams."))
        new["team"] = param_int(params, "team", lo=TEAMS[0], hi=TEAMS[-1])
        if new["team"] != current.get("team"):
            changed.append(Text(N_("team {n}"), {"n": new["team"]}))
    current.update(new)
    name = seat_name(state, seat)
    notices: list[Text] = []
    if "done" in params:
        done = param_bool(params, "done")
        if done and seat not in score_sheet["done"]:
            score_sheet["done"].append(seat)
            changed.append(Text(N_("sheet complete")))
            notices = final_notices(state)
        elif not done and seat in score_sheet["done"]:
            score_sheet["done"].remove(seat)
            changed.append(Text(N_("sheet open again")))
    if not changed:  # a tap sent twice, say: nothing to record
        raise RuleError(N_("Nothing changed: {name}'s sheet already shows that."), name=name)
    return Outcome(state, Text(N_("{name}: {changes}"), {"name": name, "changes": join(changed)}), tuple(notices))


def enter_score_facts(state: dict, params: Mapping[str, Any], rng: random.Random) -> Outcome:
    """The group's counts for a solo or cooperative score: the Dummy's deck (when the app does not track
    it) and how many cities the map holds."""
    _finished(state)
    fields = fact_fields(state)
    if not fields:
        raise RuleError(N_("Only a solo or cooperative score needs these counts."))
    if "dummy_deck" in params and "dummy_deck" not in fields:
        raise RuleError(N_("The app tracks the Dummy's deck: its count is already known."))
    score_sheet = state.setdefault("score_sheet", sheet(state))
    known = facts(state)
    current = {f: known[f] or 0 for f in fields}
    new, changed = _entries(params, fields, current, FACT_NAMES)
    score_sheet["facts"].update(new)
    if not changed:
        raise RuleError(N_("Nothing changed: the group's counts already show that."))
    return Outcome(state, Text(N_("Score: {changes}"), {"changes": join(changed)}))


def final_notices(state: dict) -> list[Text]:
    """Once every sheet is complete: the final score in one line (kept in the history and the export)."""
    if set(sheet(state)["done"]) < {p["id"] for p in state["players"]}:
        return []
    result = table(state)
    if result["scheme"] == "victory_points":
        return [_victory_notice(state, result)]
    if result["scheme"] != "competitive":
        return [Text(N_("Final score: {total}."), {"total": result["total"]})]
    totals = join([Text(N_("{name} {n}"), {"name": player(state, r["player"])["name"], "n": r["total"]})
                   for r in result["rows"]])
    winners = join([player(state, p)["name"] for p in result["winners"]])
    if len(result["winners"]) > 1:
        return [Text(N_("Final score: {totals}. Shared victory: {winners}."), {"totals": totals, "winners": winners})]
    return [Text(N_("Final score: {totals}. Winner: {winners}."), {"totals": totals, "winners": winners})]


def _victory_notice(state: dict, result: dict) -> Text:
    """Conquer and Hold's final line: each side's Victory points, then the winner, or nobody when tied."""
    names = lambda seats: join([player(state, p)["name"] for p in seats])  # noqa: E731
    totals = join([Text(N_("Team {n} ({players}) {points}"), {"n": side["team"], "players": names(side["players"]),
                                                              "points": side["points"]})
                   if side["team"] else Text(N_("{name} {n}"), {"name": names(side["players"]), "n": side["points"]})
                   for side in result["sides"]])
    if result["tied"]:
        return Text(N_("Final score: {totals}. A tie: no one is the winner."), {"totals": totals})
    if result["teams_missing"]:
        return Text(N_("Final score: {totals}. Put two players in each team to name the winners."), {"totals": totals})
    if len(result["winners"]) > 1:
        return Text(N_("Final score: {totals}. Winners: {winners}."), {"totals": totals,
                                                                        "winners": names(result["winners"])})
    return Text(
        N_("Final score: {totals}. Winner: {winners}."), {"totals": totals, "winners": names(result["winners"])}
    )


def score_view(state: dict) -> dict | None:
    """The sheet and its table for the screens (None before the game is over)."""
    if state["phase"] != "finished":
        return None
    entered, result = sheet(state), table(state)
    done = [p["id"] for p in state["players"] if p["id"] in entered["done"]]
    return {"fields": fields_for(state["scenario"], state["mode"]), "fact_fields": fact_fields(state),
            "counts": {p["id"]: {**{f: 0 for f in fields_for(state["scenario"], state["mode"])},
                                 **counts_of(state, p["id"])} for p in state["players"]},
            "facts": facts(state), "done": done,
            "waiting": [p["id"] for p in state["players"] if p["id"] not in done],
            "table": result, "sheet_totals": _sheet_totals(result, state["players"]),
            "titles_won": _titles_won(result), "notes": _notes(state),
            "readings": score_readings(state["scenario"], scheme_of(state["scenario"], state["mode"]), result),
            "teams_needed": teams_needed(state["scenario"], len(state["players"])), "teams": list(TEAMS),
            "team_of": {p["id"]: entered["counts"].get(p["id"], {}).get("team") for p in state["players"]},
            "names": {"fields": field_names(state["scenario"]), "facts": FACT_NAMES, "categories": CATEGORY_NAMES,
                      "titles": TITLE_NAMES, "extras": EXTRA_NAMES}}


def _sheet_totals(result: dict, players: list[dict]) -> dict[str, int]:
    """The running total shown beside each player's sheet: the player's total (Victory points in Conquer and
    Hold); the one score a solo or cooperative game has, beside every sheet."""
    if result["scheme"] == "competitive":
        return {r["player"]: r["total"] for r in result["rows"]}
    if result["scheme"] == "victory_points":
        return {r["player"]: r["points"] for r in result["rows"]}
    if result["scheme"] == "map":
        return {}
    return {p["id"]: result["total"] for p in players}


def _titles_won(result: dict) -> list[dict]:
    """Each title awarded, with its holders (several when tied), in the book's order."""
    if result["scheme"] != "competitive":
        return []
    won = []
    for title in TITLE_NAMES:
        holders = [{"player": r["player"], "bonus": r["titles"][title]} for r in result["rows"] if title in r["titles"]]
        if holders:
            won.append({"title": title, "holders": holders})
    return won


def _notes(state: dict) -> list[Text]:
    """The app's readings where the book is silent or terse, shown beside the score."""
    scheme = scheme_of(state["scenario"], state["mode"])
    if scheme == "map":
        return [Text(N_("This scenario is not scored by Fame: its winner is decided on the map, as the "
                        "scenario says."))]
    notes = []  # the readings the table rests on are score_view's `readings` (readings.score)
    if scheme == "victory_points":
        notes.append(Text(N_("Conquer and Hold is won by Victory points, not Fame: each keep you own counts 3, each "
                             "mage tower 2; the most wins, and a tie has no winner.")))
        notes.append(Text(N_("If one side admitted that the other had won, that side has won, whatever the points.")))
        if teams_needed(state["scenario"], len(state["players"])):
            notes.append(Text(N_("Four players hold as two teams of two: a team's points are its players' together; "
                                 "tap each player's team.")))
    if scheme in ("solo", "cooperative"):
        notes.append(Text(N_("Rounds left unplayed and whether End of Round was announced in the last round "
                             "come from the game's record.")))
    if state["scenario"] in CITY_GOAL:
        notes.append(Text(N_("The scenario ends before its last round only when every city is conquered: the rounds "
                             "left unplayed count only when the sheets show every city.")))
    return notes


def score_actions(state: dict) -> list[dict]:
    """The score's legal actions (a sample: a step up per player and the group, each sheet's Done/open),
    for `view()["actions"]` once the game is over."""
    fields = fields_for(state["scenario"], state["mode"])
    if state["phase"] != "finished" or not fields:
        return []
    done = sheet(state)["done"]
    acts = []
    teams = teams_needed(state["scenario"], len(state["players"]))
    for i, p in enumerate(state["players"]):
        acts.append({"action": "enter_score", "params": {"player": p["id"], "field": fields[0], "delta": 1}})
        if teams and sheet(state)["counts"].get(p["id"], {}).get("team") is None:
            acts.append({"action": "enter_score", "params": {"player": p["id"], "team": TEAMS[i % len(TEAMS)]}})
        acts.append({"action": "enter_score", "params": {"player": p["id"], "done": p["id"] not in done}})
    acts += [{"action": "enter_score_facts", "params": {"field": f, "delta": 1}} for f in fact_fields(state)]
    return acts


def check_score_sheet(state: dict) -> bool:
    """An imported state's sheet: only after the game, known seats and fields, counts 0..MAX_COUNT."""
    if "score_sheet" not in state:
        return True
    entered = state["score_sheet"]
    ids = {p["id"] for p in state["players"]}
    fields = set(fields_for(state["scenario"], state["mode"]))
    teams = teams_needed(state["scenario"], len(state["players"]))
    is_count = lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_COUNT  # noqa: E731
    return (state["phase"] == "finished" and isinstance(entered, dict)
            and set(entered) == {"counts", "done", "facts"}
            and isinstance(entered["counts"], dict) and set(entered["counts"]) <= ids
            and all(isinstance(c, dict) and set(c) - {"team"} <= fields
                    and all(is_count(v) for k, v in c.items() if k != "team")
                    and ("team" not in c or (teams and c["team"] in TEAMS and not isinstance(c["team"], bool)))
                    for c in entered["counts"].values())
            and isinstance(entered["done"], list) and set(entered["done"]) <= ids
            and len(set(entered["done"])) == len(entered["done"])
            and isinstance(entered["facts"], dict) and set(entered["facts"]) <= set(FACT_NAMES)
            and all(map(is_count, entered["facts"].values())))


SCORE_ACTIONS = {"enter_score": enter_score, "enter_score_facts": enter_score_facts}
