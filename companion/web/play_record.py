"""A game's play record, for the groups that log their plays (BG Stats, BoardGameGeek): when and how long, what
was played, who played whom, the scores and who won, in the request's language — as JSON, and as CSV with a
row per player (docs/API.md). The kind says what its record holds (GameKind.play_record); the times come
from the game's history."""
from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Any

from ..storage import store
from ..rules.base import Text
from ..rules.course import turn_figures
from ..storage.models import Game
from .evening import course_of, minutes
from .i18n import translate

CSV_FIELDS = ("date", "game", "title", "played", "result", "rounds", "minutes", "player", "as", "score", "winner",
              "turns", "median_turn_minutes", "longest_turn_minutes")
# A spreadsheet takes a cell that starts so for a formula: a name typed by the group must stay a name (OWASP's
# advice on CSV injection: a leading apostrophe).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def record(game: Game) -> dict[str, Any] | None:
    """The game's play record; None for a kind that keeps none. Its time runs from the start of the part being
    played (GameKind.part_of: the game's set-up; a Mice and Mystics campaign's later chapter: the change that
    began it) to its latest change."""
    kind = store.kind_of(game)
    kept = kind.play_record(game.state)
    if kept is None:
        return None
    latest = store.latest_event(game)
    ended = latest.at if latest is not None else game.created_at
    went = course_of(game)
    began = went["began"]
    return {"code": game.code, "title": game.title, "game": {"id": kind.key, "name": translate(Text(kind.name))},
            "date": began.date().isoformat(), "started_at": _utc(began),
            "last_change_at": _utc(ended), "minutes": round((ended - began).total_seconds() / 60),
            "finished": kept["finished"], "rounds": kept["rounds"], "played": _named(kept["played"]),
            "result": _named(kept["result"]) if kept["result"] else None,
            "round_times": [{"round": r["round"], "seconds": round(r["seconds"])} for r in went["rounds"]],
            "players": [{"seat": p["seat"], "name": translate(p["name"]), "as": _named(p["as"]), "score": p["score"],
                         "winner": p["winner"], "turns": _whole(went["turns"].get(p["turns_of"]) or turn_figures([]))}
                        for p in kept["players"]]}


def as_csv(kept: dict[str, Any]) -> str:
    """The record as CSV: a header, then a row per player with the game's own fields repeated."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_FIELDS)
    game = [kept["date"], kept["game"]["name"], kept["title"], kept["played"]["name"],
            kept["result"]["name"] if kept["result"] else "", kept["rounds"], kept["minutes"]]
    for player in kept["players"]:
        winner = "" if player["winner"] is None else ("yes" if player["winner"] else "no")
        score = "" if player["score"] is None else player["score"]
        turns = player["turns"]
        writer.writerow([_cell(value) for value in (*game, player["name"], player["as"]["name"], score, winner,
                                                    turns["count"], minutes(turns["median_seconds"], "en"),
                                                    minutes(turns["longest_seconds"], "en"))])
    return out.getvalue()


def _whole(figures: dict[str, Any]) -> dict[str, Any]:
    return {name: value if value is None or name == "count" else round(value) for name, value in figures.items()}


def _cell(value: Any) -> Any:
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_START) else value


def _named(thing: dict[str, Any]) -> dict[str, Any]:
    return {"id": thing["id"], "name": translate(thing["name"])}


def _utc(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds") + "Z"  # the database keeps UTC without its zone
