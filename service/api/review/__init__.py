"""Voids and corrections with a second approver.

- ``exception_routes.py``, ``exception_schemas.py``: voids, corrections,
  the recall
"""
