"""Decks read by a shuffler or shoe, and a table's deal order.

- ``deck_routes.py``, ``deck_schemas.py``: the deck feed and the deal order
"""
