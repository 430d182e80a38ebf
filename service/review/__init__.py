"""Voids and corrections of settled rounds under four eyes: the request,
the second person's decision, the replacement round and the change list
shown to the approver.

Modules:

- ``exceptions.py``: void and correction requests
- ``decisions.py``: their decision under four eyes (the decider is not the
  asker)
- ``correction_diff.py``: the change list the approver sees
- ``exception_json.py``: a request as the API answers it

May import: rounds, accounting and below.
"""
