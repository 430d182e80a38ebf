"""Rounds: entering one (validation, the idempotency key, settling under the
table's current configuration version), storing it with its event and
aggregate job, showing and recalling it, previewing the house way,
re-settling stored rounds against their sealed events, what each seat's
hand of a stored round was worth (the hand calculator), and the expected
values of a stored round's hands (the worker job's work). The per-shift
aggregates and a round's status (counting, voided, corrected) live here
because every stored round changes them.

Modules:

- ``entering.py``: entering a round (``enter_round``, ``replay``,
  ``settle_body``: validation, idempotency key, settling)
- ``storing.py``: storing it with its event and jobs (``store_round``,
  ``record_settled``); ``settlement_json.py``: its settlement as stored,
  the house way explained; ``rated_seats.py``: its seats rated by open
  ratings (a paused seat's round refused)
- ``deck_round.py``: a round dealt from a shoe's deck (``deck_id``);
  ``dealer_counts.py``: the rounds each dealer dealt from a deck and the
  cards they changed by hand, per table, gaming day and shift
- ``showing.py``: a round as JSON (``round_json``); ``recall.py``: a
  table's last games
- ``preview.py``: the house-way preview; ``house_way_report.py``: the
  house way shown
- ``status.py``: ``RoundStatus``, ``ExceptionKind``, ``DecisionState``
- ``aggregates.py``: the per-shift aggregates, kept by a job
- ``round_counts.py``: each table's records by gaming day and shift
- ``resettle.py``: re-settling stored rounds; ``sealed.py``: a round
  against its sealed event; ``sealed_ratings.py``: its rated seats
  against what the chain seals of them; ``sealed_json.py``: what they
  find as JSON
- ``batch_settle.py``: the ``settle`` batch; ``samples.py``: sample rounds
- ``hand_values.py``: what each seat's hand was worth
- ``expected_values.py``: the expected values of a round's hands (the
  job's work); ``seat_values.py``: each seat's numerators;
  ``expected_rows.py``: the rows that store them
- ``value_sums.py``: their per-shift totals, kept in the transaction that
  stores a record, its values or a decision

May import: tables, accounts, audit and below (never review, reports,
compliance, ops, the entry points or workers).
"""
