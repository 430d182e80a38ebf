"""The money at the tables: table sessions and their tray counts (opener
and closer), fills and credits under three signatures, drop counts by the
count team, each table's win and hold from the chips, and the check of
that win against the rounds' net (cards against chips).

May import: tables, accounts, audit and below (never rounds: the rounds'
net is read from the stored records).
"""
