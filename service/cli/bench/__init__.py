"""The benchmark commands: ``bench`` (the rules core and par sheet), ``bench-office``
(the back office at scale), ``bench-load`` (the HTTP stack) and
``bench-profile``. They print figures; no test times anything."""
