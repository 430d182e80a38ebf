"""Rounds: entering one (validation, the idempotency key, settling under the
table's current configuration version), storing it with its event and
aggregate job, showing and recalling it, previewing the house way,
re-settling stored rounds against their sealed events, what each seat's
hand of a stored round was worth (the hand calculator), and the expected
values of a stored round's hands (the worker job's work). The per-shift
aggregates and a round's status (counting, voided, corrected) live here
because every stored round changes them.

May import: tables, accounts, audit and below (never review, reports,
compliance, ops, the entry points or workers).
"""
