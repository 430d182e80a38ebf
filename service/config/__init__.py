"""Settings from the environment, the instance folder, the software's
version, and where Redis is (REDIS_URL, or the embedded one started here).

Modules:

- ``environment.py``: every environment variable, read and checked once
- ``variable_fields.py``: how one variable's text is read
- ``settings.py``: the settings and their defaults
- ``instance.py``: the instance folder
- ``version.py``: the installed version
- ``redis_server.py``: where Redis is (the embedded one started here)
- ``currency.py``: the ISO 4217 currencies a table may be kept in, with
  their minor units (``BREAKPOKER_CURRENCY`` the default)

May import: jobs (the queue names) and below.
"""
