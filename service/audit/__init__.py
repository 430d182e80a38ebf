"""The audit trail: writing an event with its MAC and its sealing job in
the caller's transaction, the hash chain that seals events in order (only
those whose MAC holds), the chain heads signed by the workers, the key
files the database never holds, and the service's own start and stop
events.

May import: observability, config, jobs, store (never a business package).
"""
