"""Validating an imported state: types, ranges and cross-references."""
from __future__ import annotations

from typing import Any

from ..base import N_, RuleError
from .catalogue import STORY_CHAPTERS, has_figure_wounds
from .achievements import ACHIEVEMENTS, MOVES_MARKER, STORY
from .chapter_end import RESULTS
from .cheese_wheel import WHEEL_SIZE
from .mouse_turn import ACTION_KINDS, FREE_ACTIONS
from .upgrade import upgrade

KEYS = {"chapter_name": str, "chapter_end_page": int, "hourglass_page": int, "cheese_wheel": int,
        "round": int, "mice": list, "minion_types": dict, "initiative_track": list, "acting": int,
        "ambush_log": list, "finished": bool, "achievements": list, "chapters": list, "chapter_setup": dict,
        "sitting_out": list, "screen_turn_time": bool}
OUTCOMES = (None, "victory", "lost_hourglass", "lost_captured")
SUMMARY_KEYS = {"chapter_name", "story_chapter", "result", "rounds", "page", "end_page", "mice", "achievements"}
NAME_MAX = 40
CHAPTER_NAME_MAX = 60


def _fail(what: str) -> RuleError:
    return RuleError(N_("Not a Mice and Mystics state: {what}"), what=what)


def _int(value: Any, lo: int, hi: int | None = None) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= lo and (hi is None or value <= hi)


def _check_types(types: dict) -> None:
    seen: set[str] = set()
    for tid, data in types.items():
        if not isinstance(data, dict) or set(data) != {"name", "life", "cards", "boss", "aggressive"}:
            raise _fail(f"minion type {tid}")
        cards = data["cards"]
        if (not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards)
                or seen & set(cards) or len(set(cards)) != len(cards)):
            raise _fail(f"cards of {tid}")
        seen |= set(cards)
        if not isinstance(data["boss"], bool) or not isinstance(data["aggressive"], bool):
            raise _fail(f"flags of {tid}")
        if not _name(data["name"]):
            raise _fail(f"name of {tid}")
        if data["life"] is not None and not _int(data["life"], 1):
            raise _fail(f"life of {tid}")


def _name(value: Any) -> bool:
    """A name or id as setup makes it: absent, or 1 to 40 characters (a seat id adds 7: 80 in the database)."""
    return value is None or (isinstance(value, str) and 0 < len(value) <= NAME_MAX)


def _check_mice(mice: list) -> set[str]:
    ids = set()
    for mouse in mice:
        if (not isinstance(mouse, dict) or set(mouse) != {"id", "name", "controller", "cheese", "captured",
                                                          "ability_cards", "cheese_gained", "captures",
                                                          "search_card"}
                or not isinstance(mouse["id"], str) or mouse["id"] in ids or not _name(mouse["id"])
                or not _name(mouse["name"]) or not _name(mouse["controller"])
                or not _int(mouse["cheese"], 0) or not _int(mouse["ability_cards"], 0)
                or not _int(mouse["cheese_gained"], 0) or not _int(mouse["captures"], 0)
                or not (mouse["search_card"] is None or (isinstance(mouse["search_card"], str)
                                                         and 0 < len(mouse["search_card"]) <= 40))
                or not isinstance(mouse["captured"], bool)
                or (mouse["captured"] and mouse["cheese"])):
            raise _fail("mice")
        ids.add(mouse["id"])
    if not ids:
        raise _fail("no mice")
    return ids


def _check_card(card: Any, mouse_ids: set[str], types: dict) -> None:
    if not isinstance(card, dict):
        raise _fail("track card")
    if card.get("kind") == "mouse":
        if set(card) != {"kind", "card", "mouse"} or card["mouse"] not in mouse_ids or card["card"] != card["mouse"]:
            raise _fail("mouse card")
        return
    data = types.get(card.get("minion")) if card.get("kind") == "minion" else None
    extra_keys = (set() if data is None else {"wounds", "life"} if data["boss"]
                  else {"figure_wounds"} if has_figure_wounds(data) else set())
    if (data is None or set(card) != {"kind", "card", "minion", "figures", "surge"} | extra_keys
            or card["card"] not in data["cards"] or not _int(card["figures"], 1)
            or not isinstance(card["surge"], bool)):
        raise _fail("minion card")
    if "figure_wounds" in extra_keys and not (
            isinstance(card["figure_wounds"], list) and len(card["figure_wounds"]) == card["figures"]
            and all(_int(w, 0, data["life"] - 1) for w in card["figure_wounds"])):
        raise _fail("minion figure wounds")
    boss_keys = extra_keys if data["boss"] else set()
    if boss_keys and (card["figures"] != 1 or not _int(card["wounds"], 0)
                      or not (card["life"] is None or (_int(card["life"], 1) and card["wounds"] < card["life"]))):
        raise _fail("boss card")


def _check_track(state: dict, mouse_ids: set[str]) -> None:
    track, types = state["initiative_track"], state["minion_types"]
    for card in track:
        _check_card(card, mouse_ids, types)
    ids = [c["card"] for c in track]
    if len(set(ids)) != len(ids) or sorted(c["mouse"] for c in track if c["kind"] == "mouse") != sorted(mouse_ids):
        raise _fail("each mouse and each card once on the track")
    for tid, data in types.items():
        cards = [c for c in track if c["kind"] == "minion" and c["minion"] == tid]
        limit = 2 if data["boss"] and len(data["cards"]) > 1 else len(data["cards"]) if not data["boss"] else 1
        if (len(cards) > limit or len({c["figures"] for c in cards}) > 1
                or len({str(c.get("figure_wounds")) for c in cards}) > 1):
            raise _fail(f"cards of {tid} on the track")
    if not _int(state["acting"], 0, len(track) - 1):
        raise _fail("acting")


def _check_ambush_log(state: dict) -> None:
    # The log outlives the cards it moved (removed figures): it names any card id, within bounds.
    for move in state["ambush_log"]:
        if (not isinstance(move, dict) or set(move) != {"card", "die", "from", "to"}
                or not isinstance(move["card"], str) or not 0 < len(move["card"]) <= 80
                or not _int(move["die"], 0, 6) or not _int(move["from"], 1, 100)
                or not _int(move["to"], 1, move["from"])):
            raise _fail("ambush log")


def _check_turn(state: dict) -> None:
    turn, card = state["turn"], state["initiative_track"][state["acting"]]
    if card["kind"] == "minion":
        if turn is not None:
            raise _fail("turn")
        return
    if (not isinstance(turn, dict) or set(turn) != {"mouse", "moved", "action", "in_action", "free", "ability_card"}
            or turn["mouse"] != card["mouse"] or not isinstance(turn["moved"], bool)
            or turn["action"] not in (None, *ACTION_KINDS) or not isinstance(turn["in_action"], bool)
            or (turn["in_action"] and turn["action"] is None) or not isinstance(turn["ability_card"], bool)
            or not isinstance(turn["free"], dict) or set(turn["free"]) != set(FREE_ACTIONS)
            or not all(isinstance(v, bool) for v in turn["free"].values())):
        raise _fail("turn")


def _check_encounter(state: dict) -> None:
    card = state["encounter_card"]
    if card is None:
        return
    if not isinstance(card, dict) or set(card) != {"name", "rows"} or not isinstance(card["name"], str):
        raise _fail("encounter card")
    for row in card["rows"]:
        if (not isinstance(row, dict) or set(row) != {"pages_from", "pages_to", "minions"}
                or not _int(row["pages_from"], 1) or not _int(row["pages_to"], row["pages_from"])
                or not all(isinstance(m, dict) and set(m) == {"type", "figures"}
                           and m["type"] in state["minion_types"] and _int(m["figures"], 1)
                           for m in row["minions"])):
            raise _fail("encounter card row")


def _check_achievements(achievements: Any, mouse_ids: set[str]) -> None:
    """Story achievements are the party's; an individual one names its mouse (None: earned before holders)."""
    for got in achievements if isinstance(achievements, list) else [None]:
        story = isinstance(got, dict) and got.get("id") == STORY
        keys = {"id", "name", "moves_marker"} | (set() if story else {"mouse"})
        if (not isinstance(got, dict) or set(got) != keys
                or got["id"] not in (*ACHIEVEMENTS, STORY) or not isinstance(got["moves_marker"], bool)
                or story != isinstance(got["name"], str)
                or (not story and (got["name"] is not None or got["moves_marker"] != (got["id"] in MOVES_MARKER)
                                   or not (got["mouse"] is None or got["mouse"] in mouse_ids)))):
            raise _fail("achievement")
    individual = [a["id"] for a in achievements if a["id"] != STORY]
    if len(set(individual)) != len(individual):
        raise _fail("an achievement twice")


def _check_chapters(chapters: list, mouse_ids: set[str]) -> None:
    for done in chapters:
        if (not isinstance(done, dict) or set(done) != SUMMARY_KEYS or not isinstance(done["chapter_name"], str)
                or not (done["story_chapter"] is None or done["story_chapter"] in STORY_CHAPTERS)
                or done["result"] not in RESULTS or not _int(done["rounds"], 1) or not _int(done["end_page"], 2)
                or not _int(done["page"], 1, done["end_page"]) or not isinstance(done["mice"], list)):
            raise _fail("chapter summary")
        for mouse in done["mice"]:
            if (not isinstance(mouse, dict) or set(mouse) != {"mouse", "name", "cheese_gained", "captures"}
                    or mouse["mouse"] not in mouse_ids or not (mouse["name"] is None or isinstance(mouse["name"], str))
                    or not _int(mouse["cheese_gained"], 0) or not _int(mouse["captures"], 0)):
                raise _fail("chapter summary")
        _check_achievements(done["achievements"], {m["mouse"] for m in done["mice"]})


def _check_firsts(state: dict, mouse_ids: set[str]) -> None:
    """MM-CMP-7: the first mouse captured twice (one of the party, captured twice or more) and Brodie's defeat
    ({"mouse": the mouse whose turn it was, or None}), each None until it happens."""
    captures = {m["id"]: m["captures"] for m in state["mice"]}
    first = state["first_captured_twice"]
    if first is not None and not (first in mouse_ids and captures[first] >= 2):
        raise _fail("first captured twice")
    defeated = state["brodie_defeated_by"]
    if defeated is not None and not (isinstance(defeated, dict) and set(defeated) == {"mouse"}
                                     and (defeated["mouse"] is None or defeated["mouse"] in mouse_ids)):
        raise _fail("Brodie's defeat")


def _check_sitting_out(sitting: list, party: set[str]) -> set[str]:
    """MM-CMP-5: the mice sitting this chapter out, with what they keep; none of them in the party."""
    ids: set[str] = set()
    for mouse in sitting:
        if (not isinstance(mouse, dict) or set(mouse) != {"id", "name", "controller", "ability_cards", "search_card"}
                or not isinstance(mouse["id"], str) or not _name(mouse["id"]) or mouse["id"] in ids | party
                or not _name(mouse["name"]) or not _name(mouse["controller"]) or not _int(mouse["ability_cards"], 0)
                or not (mouse["search_card"] is None or (isinstance(mouse["search_card"], str)
                                                         and 0 < len(mouse["search_card"]) <= 40))):
            raise _fail("mice sitting out")
        ids.add(mouse["id"])
    return ids


def _check_chapter_setup(chapter: dict, types: dict) -> None:
    if (set(chapter) != {"chapter_name", "chapter_end_page", "story_chapter", "minions"}
            or not isinstance(chapter["chapter_name"], str)
            or not (chapter["story_chapter"] is None or chapter["story_chapter"] in STORY_CHAPTERS)
            or not _int(chapter["chapter_end_page"], 2) or not isinstance(chapter["minions"], list)
            or not all(isinstance(m, dict) and set(m) == {"type", "figures"} and m["type"] in types
                       and _int(m["figures"], 1) for m in chapter["minions"])):
        raise _fail("chapter setup")


def check_state(state: Any) -> None:
    """Raise RuleError unless `state` is one this kind could have produced (an older one included)."""
    state = upgrade(state)
    if not isinstance(state, dict):
        raise _fail("not an object")
    expected = set(KEYS) | {"encounter_card", "pending_surge", "turn", "outcome", "first_captured_twice",
                            "brodie_defeated_by"}
    if set(state) != expected:
        raise _fail("keys")
    for key, kind in KEYS.items():
        if not isinstance(state[key], kind) or (kind is int and isinstance(state[key], bool)):
            raise _fail(key)
    if len(state["chapter_name"]) > CHAPTER_NAME_MAX:
        raise _fail("chapter name")
    if not (_int(state["chapter_end_page"], 2) and _int(state["hourglass_page"], 1, state["chapter_end_page"])
            and _int(state["cheese_wheel"], 0, WHEEL_SIZE - 1) and _int(state["round"], 1)):
        raise _fail("numbers")
    if state["outcome"] not in OUTCOMES or state["finished"] != (state["outcome"] is not None):
        raise _fail("outcome")
    if state["hourglass_page"] == state["chapter_end_page"] and state["outcome"] != "lost_hourglass":
        raise _fail("hourglass at the end marker")
    pending = state["pending_surge"]
    if pending is not None and (state["finished"] or pending != {"page": state["hourglass_page"]}):
        raise _fail("pending surge")
    _check_types(state["minion_types"])
    mouse_ids = _check_mice(state["mice"])
    _check_track(state, mouse_ids)
    _check_achievements(state["achievements"], mouse_ids)
    _check_chapter_setup(state["chapter_setup"], state["minion_types"])
    _check_chapters(state["chapters"], mouse_ids | _check_sitting_out(state["sitting_out"], mouse_ids))
    if state["finished"] and not (state["chapters"] and state["chapters"][-1]["result"] == state["outcome"]):
        raise _fail("chapter summary")  # the summary is written as the chapter ends
    _check_firsts(state, mouse_ids)
    _check_turn(state)
    _check_ambush_log(state)
    _check_encounter(state)
