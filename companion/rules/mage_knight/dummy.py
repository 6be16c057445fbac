"""The Dummy player of solo and cooperative games: its crystals, its deck, what its turn flips (MK-DUM)."""
from __future__ import annotations

import random

from ..base import N_, Text
from .seats import DUMMY
from .source import BASIC
from .turns import COLOUR_NAMES

BASIC_ACTIONS = 16  # every hero's starting Deed deck
# The coloured dots on each Hero card (MK-DUM-2); the book prints only Goldyx's: the group may correct them.
STARTING_CRYSTALS = {
    "arythea": ["red", "red", "white"], "goldyx": ["green", "green", "blue"],
    "norowas": ["green", "white", "white"], "tovak": ["red", "blue", "blue"],
    "wolfhawk": ["white", "white", "blue"], "krang": ["red", "red", "green"],
    "braevalar": ["green", "blue", "blue"],
}
FLIPPED = 3  # cards every turn, before the crystals of the third one's colour
RAN_OUT = "none"  # the `third` param when the deck ran out before a third card
LAST_CARDS = None  # no colour asked: at most 3 cards were left, all of them flipped (the 3rd, if any, among them)


def random_hero(spare: list[str], rng: random.Random) -> str:
    """A hero nobody plays, at random (MK-DUM-1)."""
    return rng.choice(spare)


def new_dummy(hero: str) -> dict:
    """The Dummy at setup: its 16 Basic Actions shuffled, the crystals of its Hero card's dots."""
    crystals = {c: STARTING_CRYSTALS.get(hero, []).count(c) for c in BASIC}
    return {"hero": hero, "crystals": crystals, "deck": BASIC_ACTIONS, "cards": BASIC_ACTIONS}


def tracked(dummy: dict) -> dict:
    """A Dummy saved before the app tracked it ({hero} only): its setup values, for the group to correct."""
    return dummy if "deck" in dummy else {**new_dummy(dummy["hero"]), **dummy}


def flips(dummy: dict, third: str | None) -> tuple[int, int]:
    """(cards flipped, of them the extra ones) for a turn whose third card has colour `third` (MK-DUM-3).

    The table's deck is the truth: a deck that ran out before the third card empties the count."""
    deck = dummy["deck"]
    if third in (RAN_OUT, LAST_CARDS) or deck <= FLIPPED:
        return deck, 0
    more = min(dummy["crystals"][third], deck - FLIPPED)
    return FLIPPED + more, more


def extra_flips(dummy: dict) -> dict[str, int]:
    """For each colour of the third card: how many more cards the Dummy flips."""
    return {c: flips(dummy, c)[1] for c in BASIC}


def colour_asked(dummy: dict) -> bool:
    """Whether the third card's colour changes anything: cards are left to flip after it."""
    return dummy["deck"] > FLIPPED


def take_turn(dummy: dict, third: str | None) -> list[Text]:
    """Flip the cards for this turn; what to flip, and what comes next. `third` is the 3rd card's colour,
    RAN_OUT when the table says the deck ran out before it, LAST_CARDS when no colour was asked."""
    flipped, more = flips(dummy, third)
    dummy["deck"] -= flipped
    emptied = dummy["deck"] == 0
    if third == RAN_OUT and flipped >= FLIPPED:  # the app's count was more than the table's deck held
        notices = [Text(N_("The Dummy's deck ran out before the 3rd card: the app counts it empty now."))]
    elif third in (RAN_OUT, LAST_CARDS) or (emptied and not more):
        notices = [Text(N_("The Dummy flips its last card: its deck is empty."), {"n": flipped},
                        plural=N_("The Dummy flips its last {n} cards: its deck is empty."))]
    elif more:
        notices = [Text(N_("The 3rd card is {colour}: flip {n} more card onto the Dummy's discard pile (one per "
                           "{colour} crystal)."), {"colour": Text(COLOUR_NAMES[third]), "n": more},
                        plural=N_("The 3rd card is {colour}: flip {n} more cards onto the Dummy's discard pile (one "
                                  "per {colour} crystal)."))]
        if emptied:
            notices.append(Text(N_("That empties its deck.")))
    else:
        notices = [Text(N_("The 3rd card is {colour}: the Dummy has no {colour} crystal, so no more cards."),
                        {"colour": Text(COLOUR_NAMES[third])})]
    return notices  # then what its turns to come hold, once the turn is over (outlook)


def forecast(dummy: dict) -> Text:
    """When the Dummy will announce End of Round: on the turn after its deck runs out (MK-DUM-5)."""
    deck = dummy["deck"]
    if deck == 0:
        return Text(N_("The Dummy's deck is empty: it will announce End of Round on its next turn."))
    if deck == 1:
        return Text(N_("The Dummy has 1 card left: it lasts 1 more turn of its own, then it announces End of Round."))
    most = max(dummy["crystals"].values())
    soonest, latest = -(-deck // (FLIPPED + most)), -(-deck // FLIPPED)
    if soonest == latest:
        return Text(N_("The Dummy has {cards} cards left: they last {n} more turn of its own, then it announces "
                       "End of Round."), {"cards": deck, "n": latest},
                    plural=N_("The Dummy has {cards} cards left: they last {n} more turns of its own, then it "
                              "announces End of Round."))
    return Text(N_("The Dummy has {cards} cards left: they last {low} to {n} more turns of its own, then it "
                   "announces End of Round."), {"cards": deck, "low": soonest, "n": latest},
                plural=N_("The Dummy has {cards} cards left: they last {low} to {n} more turns of its own, then it "
                          "announces End of Round."))


def outlook(state: dict) -> Text | None:
    """What the Dummy's panels and its changes' notices say of its turns to come: when it will announce End of
    Round (MK-DUM-5), until the round's last turns begin; then that it announced, that it has one last turn
    (MK-RND-4) or none (it announced, took it, or the scenario's end was met: MK-RND-5). None once the game is over,
    and at a round's preparation until its deck is whole again (MK-DUM-4)."""
    figure, phase, final = state["dummy"], state["phase"], state["final_turns"]
    if phase == "finished":
        return None
    if phase == "preparation" and "aa_offer" not in state["preparation"]["done"]:
        return None  # its whole deck is shuffled again at this preparation's Advanced Action step (MK-DUM-4)
    if phase not in ("turns", "round_end") or (phase == "turns" and final is None):
        return forecast(figure)
    if state["end_of_round_by"] == DUMMY:
        return Text(N_("The Dummy announced End of Round: it takes no more turns this round."))
    if phase == "turns" and DUMMY in final["remaining"]:
        if state["turn"] and state["turn"]["seat"] == DUMMY:
            return Text(N_("End of Round is announced: this is the Dummy's last turn this round."))
        if not figure["deck"]:
            return Text(N_("End of Round is announced: the Dummy's deck is empty, so it has nothing to flip on its "
                           "last turn."))
        return Text(N_("End of Round is announced: the Dummy takes one last turn this round."))
    return Text(N_("The Dummy takes no more turns this round."))


def turn_prompt(dummy: dict) -> Text:
    """What the group does for the Dummy when its turn starts."""
    if colour_asked(dummy):
        return Text(N_("The Dummy's turn: flip 3 cards from its deck onto its discard pile and tap the colour of "
                       "the 3rd."))
    return Text(N_("The Dummy's turn: flip its last card onto its discard pile."), {"n": dummy["deck"]},
                plural=N_("The Dummy's turn: flip its last {n} cards onto its discard pile."))


def gain_advanced_action(dummy: dict) -> Text:
    """Round preparation: the AA card leaving the offer joins the Dummy's cards; all of them are its deck again."""
    dummy["cards"] += 1
    dummy["deck"] = dummy["cards"]
    return Text(N_("The Dummy shuffles the Advanced Action card into all its cards: its deck has {n} card."),
                {"n": dummy["deck"]},
                plural=N_("The Dummy shuffles the Advanced Action card into all its cards: its deck has {n} cards."))


def gain_crystal(dummy: dict, colour: str) -> Text:
    """Round preparation: one crystal of the leaving Spell's colour, no limit per colour (MK-DUM-4)."""
    dummy["crystals"][colour] += 1
    return Text(N_("The Dummy gains a {colour} crystal (now {n})."),
                {"colour": Text(COLOUR_NAMES[colour]), "n": dummy["crystals"][colour]})
