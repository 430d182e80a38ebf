"""The HTTP plumbing every resource's routes use: nothing here knows a
resource.

- ``blueprint.py``: the blueprint with the strict argument parser, and the
  ids a path may hold
- ``work.py``: a request's unit of work; ``transactions.py``: its
  commit, the API's only one, run again after a lost race
- ``security.py``: bearer tokens and ``@roles``, the only role check
  (``ANY_ROLE`` leaves out the ``device`` role)
- ``schemas.py``: ``StrictSchema``, every request's schema (its text
  checked by ``text_input.py``: no NUL or lone surrogate), and a schema of
  one field per bet
- ``fields.py``: the field builders every schema shares (figures, money,
  text, instants, cards, ids, bounded numbers, amounts by denomination)
- ``answers.py``: an answer's schema derived from the service's described
  TypedDict of it
- ``errors.py``: errors as RFC 9457 problems; ``problems.py``: each code's
  type, title and page; ``error_docs.py``: their OpenAPI description;
  ``routing_errors.py``: a path with no view
- ``headers.py``: headers on every answer; ``request_log.py``: request ids
  and access lines
- ``paging.py``: lists' order, cursors and Link headers
- ``idempotency.py``: a round's ``Idempotency-Key``
- ``etags.py``: ``If-Match`` on configurations and schedules (a stale one
  412, none 428)
- ``docs_page.py``: the interactive page at ``/api/v1/docs`` (its script in
  ``docs/``)
"""
