"""The score's parts side by side, for the summary's chart (issue 44): each player's Fame, each achievement, the
titles and the scenario's points — the score table (scoring.score) regrouped so that a column's parts add up to
its total. A solo or cooperative game has one score, one column; Conquer and Hold its keeps' and mage towers'
Victory points per player."""
from __future__ import annotations

from ..base import N_
from .scoring import CATEGORY_NAMES, EXTRA_NAMES, VICTORY_POINTS

PART_NAMES = {"fame": N_("Fame"), "base": N_("Fame (the lowest)"), "titles": N_("Titles"),
              "scenario": N_("Scenario points"), "keeps_owned": N_("Keeps (×3)"),
              "mage_towers_owned": N_("Mage towers (×2)"), **CATEGORY_NAMES, **EXTRA_NAMES}


def score_parts(result: dict) -> dict | None:
    """{"columns": [a player's seat, or "score" for the one score of a solo or cooperative game],
    "parts": [{"key", "name", "values": {column: n}}], "totals": {column: n}}; None for a scenario won on the
    map. `result`: scoring.score's table."""
    scheme = result["scheme"]
    if scheme == "competitive":
        return _competitive(result["rows"])
    if scheme == "victory_points":
        rows = result["rows"]
        parts = {field: {r["player"]: n * r[field] for r in rows} for field, n in VICTORY_POINTS.items()}
        return _table([r["player"] for r in rows], parts, {r["player"]: r["points"] for r in rows})
    if scheme in ("solo", "cooperative", "solo_plain"):
        parts = {"base" if scheme == "cooperative" else "fame": {"score": result["base"]},
                 **{key: {"score": n} for key, n in (result["categories"] | result["goal"]).items()}}
        return _table(["score"], parts, {"score": result["total"]})
    return None


def _competitive(rows: list[dict]) -> dict:
    """Fame, each achievement (its title apart), the titles, and a scenario's own points with its title."""
    players = [r["player"] for r in rows]
    parts = {"fame": {r["player"]: r["fame"] for r in rows}}
    parts |= {c: {r["player"]: r["categories"][c] for r in rows} for c in rows[0]["categories"]}
    parts["titles"] = {r["player"]: sum(bonus for title, bonus in r["titles"].items() if title not in r["extras"])
                       for r in rows}
    if rows[0]["extras"]:
        parts["scenario"] = {r["player"]: sum(r["extras"].values())
                             + sum(bonus for title, bonus in r["titles"].items() if title in r["extras"])
                             for r in rows}
    return _table(players, parts, {r["player"]: r["total"] for r in rows})


def _table(columns: list[str], parts: dict[str, dict[str, int]], totals: dict[str, int]) -> dict:
    return {"columns": columns, "totals": totals,
            "parts": [{"key": key, "name": PART_NAMES[key], "values": values} for key, values in parts.items()]}
