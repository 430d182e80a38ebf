"""The exact figures of rated play (rule book section 14), pure: no
database, no web; the standard library and fractions only (an
import-linter contract holds it). The worker that keeps each rating's
figures feeds it the rounds' stored values; see docs/rated-play.md.

Modules:

- ``inputs.py``: a seat's rated round: stakes, nets, the stored expected
  values, the configuration's edges (``RatedRound``)
- ``parts.py``: the four parts of the actual win, exact, per bet and
  summed (``Parts``), and rounded once (``RoundedParts``)
- ``rounding.py``: halves to even, down, and the apportionment that keeps
  the rounded parts adding up to the actual win
- ``spread.py``: the luck parts' exact variances: the spread of the bets'
  values over the player's hands (``CardSpread``) and given them
- ``slip.py``: time played, pace, average bet, comps, the chips check
- ``rating_slip.py``: a rating's slip, every figure together

May import: the standard library only.
"""
