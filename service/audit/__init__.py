"""The audit trail: writing an event with its sealing job in the caller's
transaction, the hash chain that seals events in order, and the service's
own start and stop events.

May import: observability, config, jobs, store (never a business package).
"""
