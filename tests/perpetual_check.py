"""A Xiangqi game on the edge of a perpetual check, for the tests of the rule that perpetual
check loses (the search, the protocols' options, the match).

White's lone Chariot has checked the Black General from i10 and i9 while it stepped between d9
and d10; Black's two Chariots would win anything else. White to move: checking again from i9
repeats the position, a draw, or a loss for White by the Asian rules.
"""

from __future__ import annotations

FEN = "3k5/9/9/9/9/9/9/2r6/r8/4K3R w - - 0 1"
"""Where the game starts."""

CYCLE = ("i1i10", "d10d9", "i10i9", "d9d10", "i9i10", "d10d9")
"""The moves played so far: White checks with each of its own."""

REPEATING_CHECK = "i10i9"
"""White's check that repeats the position after the cycle's third move."""
