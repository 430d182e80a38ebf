"""The pages: the tablet, pit, compliance, cage, count and admin pages,
clients of the HTTP API only (they import no business package).

Modules:

- ``blueprint.py``: the pages' routes, serving ``templates/`` and
  ``static/``

The admin page (``templates/admin.html``, ``static/admin/admin.js``): users
(``static/admin/admin_users.js``), tables and their schedules
(``static/admin/admin_tables.js``, the zone and shift pickers in
``static/admin/admin_clock.js``), a new configuration field by field
(``static/admin/admin_config_fields.js``) previewed and saved with If-Match
(``static/admin/admin_config.js``); changing one's own password, on every page
and at a sign-in whose password an admin set (``static/shared/password.js``).

The tablet (``static/dealer/dealer.js`` wires it up): a round's states and moves
(``static/dealer/round_state.js``), the felt on one screen
(``static/dealer/dealer_felt.js``), the cards and Undo
(``static/dealer/dealer_cards.js``), a hand filled out of the dealing order said
so (``static/dealer/dealer_order.js``), a round being entered discarded only when
the dealer says so and brought back by Undo (``static/dealer/dealer_discard.js``),
an own setting by taps (``static/dealer/dealer_setting.js``), the bet pad and
same bets (``static/dealer/dealer_pad.js``), open and empty seats
(``static/dealer/dealer_seats.js``), who sits at each seat and the seat's
player dialog: seat-in by club number, buy-in, pause, resume and seat-out
(``static/dealer/dealer_ratings.js``), the dealer signed in at the table with
its sign-in, sign-out and relief (``static/dealer/dealer_duty.js``), one tab stop a hand
(``static/dealer/dealer_keys.js``), the hands filled from a deck feed
(``static/dealer/dealer_fill.js``) and asking for the table's next deck
(``static/dealer/dealer_deck.js``), the bet fields (``static/dealer/dealer_bets.js``),
the preview (``static/dealer/dealer_preview.js``), the submission under its
idempotency key (``static/dealer/dealer_submit.js``), the draft kept across a
reload (``static/dealer/dealer_draft.js``). The bets and seats are the ones the
table's JSON lists, and its amounts are read and written in the table's
currency (``static/shared/money.js``, ``useCurrency``; the cage's and count
room's amounts of several tables each in its own,
``static/shared/table_currencies.js``).

The pit page: a round's detail shows what each seat's hand was worth
(``static/pit/pit_values.js``); the report's expected win from the hands
dealt (``static/pit/pit_expected.js``); where a round's cards came from and
the cards changed by hand against its deck (``static/pit/pit_deck.js``).

The money at the tables: a count by denomination and a second signature
(``static/shared/count_fields.js``), opening and closing
(``static/pit/pit_tables.js``), fills and credits (``static/pit/pit_slips.js``),
cards against chips (``static/pit/pit_checks.js``, ``static/pit/pit_session.js``),
a slip's printable view (``static/shared/slip_view.js``, ``static/shared/print.css``),
the cage (``static/cage/cage.js``) and the count room (``static/count/count.js``).

The tablet's other modules: the state they share, built once by the entry module
and passed to them (``static/dealer/dealer_tablet.js``),
the controls following the round's state (``static/dealer/dealer_controls.js``),
the round in the API's shape (``static/dealer/dealer_body.js``), the house way
of a hand asked once (``static/dealer/dealer_ways.js``), the answers drawn
(``static/dealer/dealer_results.js``), the API's refusals at their fields
(``static/dealer/dealer_errors.js``), a line of typed cards
(``static/dealer/typed_cards.js``).

The pit's other screens (``static/pit/pit.js`` moves between them, the table
picker ``static/pit/pit_picker.js``, what they share
``static/pit/pit_common.js``): the round list and recall
(``static/pit/pit_rounds.js``), a round as stored (``static/pit/pit_round.js``),
a correction re-entered (``static/pit/pit_correction.js``) and what it
changes (``static/pit/pit_changes.js``), four eyes on requests
(``static/pit/pit_exceptions.js``), shift reports (``static/pit/pit_reports.js``)
with their hold chart (``static/pit/hold_chart.js``) and, from the same form,
the floor's rated play with the share of handle rated
(``static/pit/pit_rated_play.js``).

Rated play at the pit: the floor's open ratings (``static/pit/pit_ratings.js``),
a rating's slip, live or final (``static/pit/pit_rating_slip.js``), a rating the
dealer missed (``static/pit/pit_missed.js``), a player's page with figures and
ratings (``static/pit/pit_player.js``) and the identification a refused cash
buy-in asks for (``static/pit/pit_identification.js``), the player's comps:
balances, redemptions and the redeem form with its co-signer
(``static/pit/pit_comps.js``), and a pit boss's corrections of a rating on
its slip (``static/pit/pit_slip_corrections.js``).

Game protection at the pit: the open alerts, one with the rounds behind
it and their times, and a pit boss's acknowledgement with a note
(``static/pit/pit_alerts.js``); the shufflers: each device's decks,
repeated orders, positions test and cards changed by hand for a gaming
day and 30 days, and its days (``static/pit/pit_shufflers.js``); the dealers of a shift with their time at the
tables, rounds per hour, voids, cards changed by hand and cards against chips
(``static/pit/pit_dealers.js``).

Compliance: exports (``static/compliance/compliance.js``), the trail's
verification (``static/compliance/compliance_verify.js``), and the cash rules'
records: the transaction log, the report days and an identification read on
demand, never kept (``static/compliance/compliance_cash.js``).

Shared by every page: the JSON API and its problems (``static/shared/api.js``),
sign-in kept for the tab (``static/shared/session.js``), DOM helpers
(``static/shared/dom.js``), card codes (``static/shared/cards.js``), a refused bet said
in the currency (``static/shared/bets.js``), an error at the field it names
(``static/shared/field_errors.js``; the admin's screens' share,
``static/admin/admin_common.js``), and the words the pages compare (roles,
states, the error codes they act on), which a test holds to the service's
enums (``static/shared/vocabulary.js``).
"""
