"""Poker-room showdowns (``shared/docs/poker-room-rules.md``): Breaker
Hold'em and Wild Joker Stud, player against player. Pure, standard library
only, immutable values, one concept a module.

Where each rule lives:

- cards, the jokers told apart (``JK1``, ``JK2``): :mod:`~service.poker_room.room_cards`
- the five-card ranking, with straights and flushes broken or not:
  :mod:`~service.poker_room.five_cards`
- Breaker Hold'em's showdown (played or dead, Dual, Locked):
  :mod:`~service.poker_room.breaker`
- Wild Joker Stud's hands (wild jokers, five and six of a kind, natural
  beats wild): :mod:`~service.poker_room.wild_stud`
- main and side pots, splits and the odd chip: :mod:`~service.poker_room.pots`
- the bring-in and the first button: :mod:`~service.poker_room.bring_in`
- the betting-action check: :mod:`~service.poker_room.betting`
- a showdown's input read and checked: :mod:`~service.poker_room.deal_input`; the
  bring-in's, the first button's and an action's: :mod:`~service.poker_room.stud_input`
- a showdown judged, as JSON: :mod:`~service.poker_room.showdown`; the
  bring-in's, the first button's and the betting check's JSON:
  :mod:`~service.poker_room.stud_json`

May import the standard library, :mod:`service.engine.cards` and
:mod:`service.engine.errors` (the card parsing and the error type are
shared with Break Poker, never copied).
"""
