"""Who one is: signing in and out, one's own password, and the users an
admin manages.

- ``auth_routes.py``, ``auth_schemas.py``: sign-in, ``/auth/me``, one's own
  password
- ``user_routes.py``, ``user_schemas.py``: users, for admins
"""
