"""What compliance takes away and checks: exports (their queries, files and
writer, built off the request path) and the verification of the audit
trail (the hash chain walked, rounds against their sealed events, totals
against the rounds, the table accounting, player, rating and cash
records against theirs).

Modules:

- ``exports.py``: an export requested (the API)
- ``export_build.py``: an export built (a worker); ``export_files.py``:
  what it holds, file by file; ``export_manifest.py``: its manifest
- ``export_queries.py``: what its queries share; ``export_rounds.py``: the
  rounds and seats; ``export_decks.py``: the rounds' decks;
  ``export_accounting.py``: the table accounting; ``export_players.py``:
  the players and their names; ``export_ratings.py``: the period's
  ratings, their steps, buy-ins and rated seats; ``export_cash.py``: the
  period's cash ins, transaction log and report days, and the
  identifications as records; ``export_comps.py``: the comp redemptions;
  ``export_alerts.py``: game protection's alerts and acknowledgements;
  ``export_trail.py``: the voids,
  corrections and events of its window (``trail_bounds``)
- ``export_chain.py``: the chain's lines, each event as sealed;
  ``export_heads.py``: the signed heads, held against the chain offline
- ``export_values.py``: values as the files show them;
  ``export_writer.py``: a file written into the ZIP; ``export_cells.py``:
  cells guarded against formulas, a column of a chunk at a time;
  ``export_csv.py``: the csv module's text, a column at a time
- ``export_check.py``: the manifest signed, and an export checked offline
- ``verifications.py``: verifications requested and run as a job
- ``audit_verify.py``: the four parts of a verification
- ``chain_walk.py``: the chain walked; ``chain_rows.py``: its rows a keyset
  page at a time; ``chain_report.py``: what the walk found
- ``signature_check.py``: the signed heads checked with the public keys
  and against a head recorded elsewhere
- ``totals_check.py``: the shift aggregates against a recount;
  ``value_sums_check.py``: the expected win's totals likewise;
  ``recount_query.py``: both beside the stored rows by one query
- ``figures_check.py``: each session's figures derived again
- ``accounting_verify.py``: each accounting record against its event;
  ``accounting_claims.py``: what each event claims;
  ``accounting_report.py``: what the check finds; ``row_problems.py``:
  what a row shows by itself (no event, a total not its lines' sum)
- ``review_claims.py``: each void or correction request and decision
  against its event
- ``player_claims.py``: each player and name against its event;
  ``rating_claims.py``: each rating, its steps and buy-ins against theirs;
  ``cash_claims.py``: each cash in, log entry, report day and
  identification (a record, never the document) against theirs;
  ``comp_claims.py``: each comp redemption against its event;
  ``protection_claims.py``: each alert and acknowledgement against its
  event

May import: protection, players, rounds, accounting and below.
"""
