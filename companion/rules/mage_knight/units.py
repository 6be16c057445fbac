"""The Units offer dealt at setup and each round preparation (MK-RND-2 step 3)."""
from __future__ import annotations

from .source import source_size


def units_to_deal(players: int, blitz: bool, core_tile_revealed: bool) -> list[str]:
    """Real players + 2 units (+1 Blitz): Regular only until a Core tile is revealed, then Elite/Regular alternating."""
    n = source_size(players, blitz)  # the same count as the dice
    if not core_tile_revealed:
        return ["regular"] * n
    return ["elite" if i % 2 == 0 else "regular" for i in range(n)]


def units_offer(players: int, blitz: bool, core_tile_revealed: bool, monasteries: int) -> list[str]:
    """The whole offer: the units, then one Advanced Action card per monastery not burned."""
    return units_to_deal(players, blitz, core_tile_revealed) + ["advanced_action"] * monasteries
