"""Request ids, JSON logs and the Prometheus metrics the processes count.

May import: config and below.
"""
