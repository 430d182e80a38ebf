"""Tables and their configuration versions (limits, pays, the rules in
force), schedules, gaming days and shifts; the hand calculator under a
configuration version's rules (every setting's expected value, read from
the strategy table) and its JSON.

May import: audit and below.
"""
