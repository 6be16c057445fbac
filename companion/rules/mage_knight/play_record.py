"""A Mage Knight game as a play log keeps it (BG Stats, BoardGameGeek): the scenario, each player with the hero,
the score as the sheets give it, who won, and how the game ended."""
from __future__ import annotations

from ..base import N_, Text
from .score_sheet import score_view
from .setup import HERO_NAMES, SCENARIO_NAMES

ENDINGS = {"scenario_end": N_("The scenario's end was met"), "round_limit": N_("The last round was played")}


def play_record(state: dict) -> dict:
    """GameKind.play_record. A player's score is the sheet's total for them (in a solo or cooperative game the
    one score of the group, beside each); the winners are known once every sheet is done, and only where the
    score names them (MK-SCO-3, MK-SCO-5): a solo or cooperative game, or one won on the map, has none."""
    score = score_view(state)
    totals = score["sheet_totals"] if score else {}
    winners = set(score["table"]["winners"]) if score and not score["waiting"] and "winners" in score["table"] else None
    ended_by = state["ended_by"] if state["phase"] == "finished" else None
    return {"finished": state["phase"] == "finished", "rounds": state["round"],
            "played": {"id": state["scenario"], "name": Text(SCENARIO_NAMES[state["scenario"]])},
            "result": {"id": ended_by, "name": Text(ENDINGS[ended_by])} if ended_by else None,
            "players": [{"seat": p["id"], "name": p["name"],
                         "as": {"id": p["hero"], "name": _hero_name(p["hero"])},
                         "turns_of": p["id"], "score": totals.get(p["id"]),
                         "winner": None if winners is None else p["id"] in winners} for p in state["players"]]}


def _hero_name(hero: str) -> Text | str:
    """A hero of the box by its name in the device's language; one the group typed in, as written."""
    return Text(HERO_NAMES[hero]) if hero in HERO_NAMES else hero
