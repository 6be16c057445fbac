"""The Source: mana dice, the half-basic rule, depletion by time of day (MK-SRC)."""
from __future__ import annotations

import random

COLOURS = ["red", "blue", "green", "white", "gold", "black"]
BASIC = ["red", "blue", "green", "white"]
# Who rolls the Source: the table rolls its real dice and tells the app what came up, or the app rolls
# and the table sets its dice to the app's faces.
DICE_MODES = ["table", "app"]
# Die statuses: in the Source, used this turn (rerolled at its end), set aside on Mana Steal.
STATUSES = ["ready", "taken", "stolen"]


def source_size(players: int, blitz: bool) -> int:
    """Real players + 2 dice, one more in Blitz (the Dummy does not count)."""
    return players + 2 + (1 if blitz else 0)


def min_basic(n: int) -> int:
    """At least half of the dice, rounded up, must show basic colours."""
    return (n + 1) // 2


def roll_faces(rng: random.Random, n: int) -> list[str]:
    """The raw roll of n dice, before the half-basic rule."""
    return [rng.choice(COLOURS) for _ in range(n)]


def dice_to_reroll(colours: list[str]) -> list[int]:
    """Indices of the gold/black dice to reroll together, or [] when the roll stands."""
    if sum(c in BASIC for c in colours) >= min_basic(len(colours)):
        return []
    return [i for i, c in enumerate(colours) if c not in BASIC]


def roll_source(rng: random.Random, n: int, reroll=None) -> list[list[str]]:
    """Every roll made: the first, then each reroll of all gold+black dice; the last one stands.
    `reroll` (colours -> dice to reroll) replaces the half-basic rule (Night Arrival's start)."""
    reroll = reroll or dice_to_reroll
    rolls = [roll_faces(rng, n)]
    while indices := reroll(rolls[-1]):
        faces = list(rolls[-1])
        for i, colour in zip(indices, roll_faces(rng, len(indices))):
            faces[i] = colour
        rolls.append(faces)
    return rolls


def fresh_source(colours: list[str]) -> list[dict]:
    """The Source as state: every die back in it."""
    return [{"colour": colour, "status": "ready"} for colour in colours]


def is_depleted(colour: str, time_of_day: str) -> bool:
    """By Day black dice are depleted, by Night gold ones."""
    return colour == ("black" if time_of_day == "day" else "gold")
