"""The audit trail: writing an event with its MAC and its sealing job in
the caller's transaction, the hash chain that seals events in order (only
those whose MAC holds), the chain heads signed by the workers, the key
files the database never holds, and the service's own start and stop
events.

Modules:

- ``kinds.py``: ``EventKind``, the kinds of significant event
- ``events.py``: ``record_event``, an event with its MAC and sealing job
  (the event-order lock held to the commit)
- ``canonical.py``: an event's canonical JSON
- ``chain.py``: the hash chain, sealing only events whose MAC holds
- ``event_mac.py``: each event's HMAC
- ``keys.py``: the key files (event MAC key, Ed25519 signing key, public
  keys by id)
- ``head_signing.py``: the signed chain heads and their log
- ``lifecycle.py``: the service's start and stop events

May import: observability, config, jobs, store (never a business package).
"""
