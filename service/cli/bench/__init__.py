"""The benchmark commands: ``bench`` (the rules core and par sheet), ``bench-office``
(the back office at scale), ``bench-load`` (the HTTP stack) and
``bench-profile``. They print figures; no test times anything.

Modules:

- ``game.py``: ``bench``, the house way, ``settle`` and the par sheet
- ``office.py``: ``bench-office``; ``office_steps.py``: what it times;
  ``office_figures.py``: its figures
- ``load.py``: ``bench-load``; ``load_servers.py``: the servers it drives;
  ``load_figures.py``: its figures; ``loadgen.py``: the load generator;
  ``ceiling.py``: the stack's ceiling
- ``service_load.py``: ``bench-service``, the whole service as ``make
  run`` starts it; ``lag.py``: how far sealing and counting fall behind;
  ``cpu.py``: each process's CPU; ``service_figures.py``: its figures
- ``profile.py``: ``bench-profile``, where a round's time goes
- ``strategy.py``: ``bench-strategy``, the strategy table and calculator
- ``expected.py``: ``bench-expected``, the expected-values job per round
- ``scale.py``: ``bench-scale`` (``make bench-scale``, not in ``make
  bench``); ``scale_floor.py``: its floor and days through the use cases;
  ``scale_load.py``: the later days copied in bulk; ``scale_grow.py``:
  the days grown, the outbox marked sent, the chain sealed;
  ``scale_steps.py``: what it times; ``scale_chart.py``: its log-log chart
"""
