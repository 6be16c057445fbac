"""The initiative track (MM-INI): laying out, adding, ambushing and swapping cards."""
from __future__ import annotations

import random
from ..base import BadParams, N_, Text
from .catalogue import card_name, has_figure_wounds

AMBUSH_DIE = (1, 2, 3)


class Dice:
    """Ambush rolls: the party's physical die values in order, or the app's own rolls."""

    def __init__(self, values: list[int] | None, rng: random.Random):
        self.values, self.rng, self.used = values, rng, 0

    def roll(self) -> int:
        self.used += 1
        if self.values is None:
            return self.rng.choice(AMBUSH_DIE)
        if self.used > len(self.values):
            raise BadParams(N_("More ambush rolls are needed than die values given."))
        return self.values[self.used - 1]

    def check_all_used(self) -> None:
        if self.values is not None and self.used != len(self.values):
            raise BadParams(N_("Ambush rolls needed: {need}; die values given: {got}."),
                            need=self.used, got=len(self.values))


def has_minions(state: dict) -> bool:
    return any(card["kind"] == "minion" for card in state["initiative_track"])


def index_of(state: dict, card_id: str) -> int:
    return next(i for i, c in enumerate(state["initiative_track"]) if c["card"] == card_id)


def cards_of_type(state: dict, type_id: str) -> list[dict]:
    return [c for c in state["initiative_track"] if c["kind"] == "minion" and c["minion"] == type_id]


def mouse_card(mouse_id: str) -> dict:
    return {"kind": "mouse", "card": mouse_id, "mouse": mouse_id}


def _minion_cards(state: dict, type_id: str, figures: int, rng: random.Random, surge: bool) -> list[dict]:
    """A type's cards for the track: all of them, or two at random for a boss with more (MM-INI-5)."""
    data = state["minion_types"][type_id]
    ids = rng.sample(data["cards"], 2) if data["boss"] and len(data["cards"]) > 1 else list(data["cards"])
    extra = ({"wounds": 0, "life": data["life"]} if data["boss"]
             else {"figure_wounds": [0] * figures} if has_figure_wounds(data) else {})
    return [{"kind": "minion", "card": cid, "minion": type_id, "figures": figures, "surge": surge, **extra}
            for cid in ids]


def lay_out(state: dict, arrivals: list[tuple[str, int]], rng: random.Random, surge: bool = False) -> None:
    """MM-INI-2: shuffle every mouse's card and every present type's cards; first card on space 1."""
    cards = [mouse_card(m["id"]) for m in state["mice"]]
    for type_id, figures in arrivals:
        cards += _minion_cards(state, type_id, figures, rng, surge)
    rng.shuffle(cards)
    state["initiative_track"] = cards
    state["acting"] = 0


def place(state: dict, arrivals: list[tuple[str, int]], rng: random.Random,
          surge: bool) -> tuple[list[str], list[Text]]:
    """MM-INI-3/5: new types shuffled onto the next free spaces; present types only add figures.

    Returns the cards due an ambush (the first card of a multi-card boss joining minions already on
    the track; the caller rolls once the placing is done) and notices.
    """
    track = state["initiative_track"]
    minions_before = has_minions(state)
    notices: list[Text] = []
    newcomers: list[dict] = []
    bosses: list[list[dict]] = []
    for type_id, figures in arrivals:
        present = cards_of_type(state, type_id)
        if present:
            if not state["minion_types"][type_id]["boss"]:
                for card in present:
                    card["figures"] += figures
                    if "figure_wounds" in card:  # new figures come unwounded (MM-MIN-1)
                        card["figure_wounds"] = card["figure_wounds"] + [0] * figures
            notices.append(Text(N_("{minion} already has a card on the track: no new card."),
                                {"minion": card_name(state, present[0])}))
            continue
        cards = _minion_cards(state, type_id, figures, rng, surge)
        # MM-INI-5: a multi-card boss goes to the end (then an ambush) only when minions are already
        # there; onto a track of mice alone its two cards are shuffled in with the other new cards.
        if len(cards) > 1 and state["minion_types"][type_id]["boss"] and minions_before:
            bosses.append(cards)
        else:
            newcomers += cards
    rng.shuffle(newcomers)
    track += newcomers
    for pair in bosses:
        track += pair
    return [pair[0]["card"] for pair in bosses], notices


def ambush(state: dict, card_id: str, die: int) -> dict:
    """MM-INI-8: the card moves up `die` spaces (never above space 1), pushing the others down."""
    track = state["initiative_track"]
    acting_id = track[state["acting"]]["card"]
    start = index_of(state, card_id)
    end = max(0, start - die)
    track.insert(end, track.pop(start))
    state["acting"] = index_of(state, acting_id)
    return {"card": card_id, "die": die, "from": start + 1, "to": end + 1}


def ambush_all(state: dict, dice: Dice) -> list[dict]:
    """An Ambush encounter: each minion card, top to bottom as they lay, surge minions excepted."""
    order = [c["card"] for c in state["initiative_track"] if c["kind"] == "minion" and not c["surge"]]
    return [ambush(state, card_id, dice.roll()) for card_id in order]


def move_notices(state: dict, moves: list[dict]) -> list[Text]:
    by_id = {c["card"]: c for c in state["initiative_track"]}
    return [Text(N_("Ambush: {card} rolled {die}, space {start} → {end}"),
                 {"card": card_name(state, by_id[m["card"]]), "die": m["die"], "start": m["from"],
                  "end": m["to"]}) for m in moves]


def swap_up(state: dict, index: int) -> None:
    """Aggressive minions swap with the card directly above after their turn (MM-INI-9)."""
    track = state["initiative_track"]
    if index > 0:
        track[index - 1], track[index] = track[index], track[index - 1]


BORN_TO_LEAD = N_("Born to Lead: Collin is not on space 1 and gains 1 cheese.")
BORN_TO_LEAD_CAPTURED = N_("Born to Lead: Collin is captured and gains no cheese.")


def born_to_lead(state: dict, notices: list[Text]) -> None:
    """MM-INI-9: Collin gains 1 cheese whenever cards are placed and he is not on space 1."""
    collin = next((m for m in state["mice"] if m["id"] == "collin"), None)
    if collin is None or state["initiative_track"][0]["card"] == "collin":
        return
    if collin["captured"]:  # off the board, his cheese discarded (MM-CAP-1): said, so nobody adds it by hand
        notices.append(Text(BORN_TO_LEAD_CAPTURED))
        return
    collin["cheese"] += 1
    collin["cheese_gained"] += 1
    notices.append(Text(BORN_TO_LEAD))


def lowest_mouse(state: dict) -> str:
    """The mouse whose player moves the minions (MM-INI-9): the lowest on the track that is not captured.

    The book names the lowest mouse; a captured one's figure is off the board, so the minions pass to the
    next mouse up (our reading, shown beside the name). With every mouse captured the chapter is over."""
    mice = [c["mouse"] for c in state["initiative_track"] if c["kind"] == "mouse"]
    captured = {m["id"] for m in state["mice"] if m["captured"]}
    return next((m for m in reversed(mice) if m not in captured), mice[-1])


def lowest_on_track(state: dict) -> str:
    """The lowest mouse card on the track, captured or not."""
    return [c for c in state["initiative_track"] if c["kind"] == "mouse"][-1]["mouse"]


def acting_card(state: dict) -> dict:
    return state["initiative_track"][state["acting"]]
