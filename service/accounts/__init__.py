"""Users, roles, passwords, sign-in and tokens, the login throttle and
lockout, and the addresses a user signed in from.

Modules:

- ``auth.py``: users, sign-in and bearer tokens (``bearer``: a deactivated
  user's tokens refused at once; ``password_too_old``)
- ``passwords.py``: a password set by the console, reset by an admin,
  changed by the user
- ``password_policy.py``: the policy (length, not the name, not a common
  one: ``common_passwords.txt``; an optional maximum age)
- ``user_admin.py``: what an admin does to users (list, role, deactivate,
  reactivate); nobody deactivates themselves
- ``user_values.py``: a user as the API shows them, and an admin's
  password reset with its generated password
- ``roles.py``: ``Role``, a user's role changed, ``keep_an_admin``
- ``token_idle.py``: the idle timeout of tokens
- ``login_throttle.py``: sign-in rate limits per address and per name
- ``login_lockout.py``: the lockout per account and address
- ``known_addresses.py``: the addresses a user signed in from
- ``cosign.py``: a second signature typed at the same screen

May import: audit and below.
"""
