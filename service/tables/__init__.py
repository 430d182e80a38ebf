"""Tables and their configuration versions (limits, pays, the rules in
force), schedules, gaming days and shifts.

May import: audit and below.
"""
