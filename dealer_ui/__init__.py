"""The pages: the tablet, pit, compliance, cage, count and admin pages,
clients of the HTTP API only (they import no business package).

Modules:

- ``blueprint.py``: the pages' routes, serving ``templates/`` and
  ``static/``

The admin page (``templates/admin.html``, ``static/admin.js``): users
(``static/admin_users.js``), tables and their schedules
(``static/admin_tables.js``, the zone and shift pickers in
``static/admin_clock.js``), a new configuration field by field
(``static/admin_config_fields.js``) previewed and saved with If-Match
(``static/admin_config.js``); changing one's own password, on every page
and at a sign-in whose password an admin set (``static/password.js``).

The tablet (``static/dealer.js`` wires it up): a round's states and moves
(``static/round_state.js``), the felt on one screen
(``static/dealer_felt.js``), the cards and Undo
(``static/dealer_cards.js``), a hand filled out of the dealing order said
so (``static/dealer_order.js``), a round being entered discarded only when
the dealer says so and brought back by Undo (``static/dealer_discard.js``),
an own setting by taps (``static/dealer_setting.js``), the bet pad and
same bets (``static/dealer_pad.js``), open and empty seats
(``static/dealer_seats.js``), one tab stop a hand
(``static/dealer_keys.js``), the hands filled from a deck feed
(``static/dealer_fill.js``) and asking for the table's next deck
(``static/dealer_deck.js``), the bet fields (``static/dealer_bets.js``),
the preview (``static/dealer_preview.js``), the submission under its
idempotency key (``static/dealer_submit.js``), the draft kept across a
reload (``static/dealer_draft.js``). The bets and seats are the ones the
table's JSON lists, and its amounts are read and written in the table's
currency (``static/money.js``, ``useCurrency``; the cage's and count
room's amounts of several tables each in its own,
``static/table_currencies.js``).

The pit page: a round's detail shows what each seat's hand was worth
(``static/pit_values.js``); the report's expected win from the hands
dealt (``static/pit_expected.js``); where a round's cards came from and
the cards changed by hand against its deck (``static/pit_deck.js``).

The money at the tables: a count by denomination and a second signature
(``static/count_fields.js``), opening and closing
(``static/pit_tables.js``), fills and credits (``static/pit_slips.js``),
cards against chips (``static/pit_checks.js``, ``static/pit_session.js``),
a slip's printable view (``static/slip_view.js``, ``static/print.css``),
the cage (``static/cage.js``) and the count room (``static/count.js``).

The tablet's other modules: what they share (``static/dealer_tablet.js``),
the controls following the round's state (``static/dealer_controls.js``),
the round in the API's shape (``static/dealer_body.js``), the house way
of a hand asked once (``static/dealer_ways.js``), the answers drawn
(``static/dealer_results.js``), the API's refusals at their fields
(``static/dealer_errors.js``), a line of typed cards
(``static/typed_cards.js``).

The pit's other screens (``static/pit.js`` moves between them, the table
picker ``static/pit_picker.js``, what they share
``static/pit_common.js``): the round list and recall
(``static/pit_rounds.js``), a round as stored (``static/pit_round.js``),
a correction re-entered (``static/pit_correction.js``) and what it
changes (``static/pit_changes.js``), four eyes on requests
(``static/pit_exceptions.js``), shift reports (``static/pit_reports.js``)
with their hold chart (``static/hold_chart.js``).

Compliance: exports (``static/compliance.js``) and the trail's
verification (``static/compliance_verify.js``).

Shared by every page: the JSON API and its problems (``static/api.js``),
sign-in kept for the tab (``static/session.js``), DOM helpers
(``static/dom.js``), card codes (``static/cards.js``), a refused bet said
in the currency (``static/bets.js``), an error at the field it names
(``static/field_errors.js``; the admin's screens' share,
``static/admin_common.js``).
"""
