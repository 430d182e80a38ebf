"""Voids and corrections of settled rounds under four eyes: the request,
the second person's decision, the replacement round and the change list
shown to the approver.

May import: rounds, accounting and below.
"""
