"""The Units offer dealt at setup and each round preparation (MK-RND-2 step 3)."""
from __future__ import annotations

from .source import source_size


def units_to_deal(players: int, blitz: bool, elite: bool) -> list[str]:
    """Real players + 2 units (+1 Blitz): Regular only, or Elite/Regular alternating once Elite Units are dealt
    (a Core tile revealed, unless the scenario says otherwise: specials.elite_units_dealt)."""
    n = source_size(players, blitz)  # the same count as the dice
    if not elite:
        return ["regular"] * n
    return ["elite" if i % 2 == 0 else "regular" for i in range(n)]


def units_offer(players: int, blitz: bool, elite: bool, monasteries: int) -> list[str]:
    """The whole offer: the units, then one Advanced Action card per monastery not burned."""
    return units_to_deal(players, blitz, elite) + ["advanced_action"] * monasteries
