"""The columns of a player's row of results in the pair kernel, apart from
the kernel so that reading a cached sheet never loads the compiler."""

# Columns of a player's row of results (dealer card sets, not yet multiplied
# by the player's own card sets).
NOT_QUALIFIED = 0
DEALER_LUCKY_BREAK = 1
PLAYER_LUCKY_BREAK = 2
BOTH_WON = 3
BOTH_LOST = 4
ONE_EACH = 5
DEALER_HAS_LUCKY_BREAK = 6  # all dealer hands with one (Dealer Break Bonus)
ROW = 7
