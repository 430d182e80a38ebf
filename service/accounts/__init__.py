"""Users, roles, passwords, sign-in and tokens, the login throttle and
lockout, and the addresses a user signed in from.

May import: audit and below.
"""
