"""What compliance takes away and checks: exports (their queries, files and
writer, built off the request path) and the verification of the audit
trail (the hash chain walked, rounds against their sealed events, totals
against the rounds, the table accounting records against theirs).

May import: rounds, accounting and below.
"""
