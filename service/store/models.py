"""Every ORM model, from the module of its part. Money is integer minor
units; times are UTC.

Import models from here: a flush resolves the table of each foreign key, and
the migrations compare the whole metadata, so SQLAlchemy's registry must
hold every table whenever one is used. Importing them all in one place makes
that so for every importer. This module defines nothing itself.
"""

from __future__ import annotations

from service.store.account_models import KnownAddress, LoginFailure, LoginThrottle, Token, User
from service.store.accounting_models import (
    CheckNote,
    DropCount,
    InventoryCount,
    SessionFigures,
    Slip,
    SlipNumber,
    SlipSignature,
    TableSession,
)
from service.store.audit_models import AuditEvent, AuditEventMac, AuditHeadSignature, AuditSeal, OutboxEntry
from service.store.cash_log_models import CashIn, CashLogEntry, ReportDay
from service.store.cash_models import CashThreshold, CasinoSettingsVersion, PlayerIdentification
from service.store.comp_models import CompRedemption
from service.store.compliance_models import AuditVerification, Export
from service.store.dealer_models import DealerPost, DealerSession, DealerShiftCount, DealerSignOut
from service.store.deck_models import DealOrderVersion, DeckExposure, DeckFeed, RoundDeck
from service.store.expected_models import RoundExpectedValue, SeatExpectedValue
from service.store.figures_models import RatedMonthFigures, RatedShiftFigures, RatingFigures
from service.store.hidden_models import HiddenBet, HiddenPlayerDay, HiddenRound, HiddenSeatSession
from service.store.luck_models import LuckRound, LuckRoundPlayer, LuckSum
from service.store.player_models import Player, PlayerName
from service.store.protection_models import (
    Alert,
    AlertAcknowledgement,
    DeckChangeCheck,
    DeckOrder,
    DeckOrderCheck,
    DeckPositionCount,
    DeviceDay,
    PositionTestRow,
)
from service.store.rating_models import (
    BuyIn,
    RatedSeat,
    Rating,
    RatingCorrection,
    RatingEvent,
    RatingFeedEntry,
    SeatClaim,
)
from service.store.report_models import AggregatedRound, ShiftAggregate, ShiftExpectedValues, VarianceNote
from service.store.review_models import ExceptionDecision, RoundException
from service.store.round_models import RoundCount, RoundRecord, SeatRecord
from service.store.table_models import (
    DEFAULT_SHIFT_STARTS,
    DEFAULT_SHIFT_STARTS_JSON,
    ConfigVersion,
    GameTable,
    TableCurrency,
)

__all__ = [
    "DEFAULT_SHIFT_STARTS",
    "DEFAULT_SHIFT_STARTS_JSON",
    "AggregatedRound",
    "Alert",
    "AlertAcknowledgement",
    "AuditEvent",
    "AuditEventMac",
    "AuditHeadSignature",
    "AuditSeal",
    "AuditVerification",
    "BuyIn",
    "CashIn",
    "CashLogEntry",
    "CashThreshold",
    "CasinoSettingsVersion",
    "CheckNote",
    "CompRedemption",
    "ConfigVersion",
    "DealOrderVersion",
    "DealerPost",
    "DealerSession",
    "DealerShiftCount",
    "DealerSignOut",
    "DeckChangeCheck",
    "DeckExposure",
    "DeckFeed",
    "DeckOrder",
    "DeckOrderCheck",
    "DeckPositionCount",
    "DeviceDay",
    "DropCount",
    "ExceptionDecision",
    "Export",
    "GameTable",
    "HiddenBet",
    "HiddenPlayerDay",
    "HiddenRound",
    "HiddenSeatSession",
    "InventoryCount",
    "KnownAddress",
    "LoginFailure",
    "LoginThrottle",
    "LuckRound",
    "LuckRoundPlayer",
    "LuckSum",
    "OutboxEntry",
    "Player",
    "PlayerIdentification",
    "PlayerName",
    "PositionTestRow",
    "RatedMonthFigures",
    "RatedSeat",
    "RatedShiftFigures",
    "Rating",
    "RatingCorrection",
    "RatingEvent",
    "RatingFeedEntry",
    "RatingFigures",
    "ReportDay",
    "RoundCount",
    "RoundDeck",
    "RoundException",
    "RoundExpectedValue",
    "RoundRecord",
    "SeatClaim",
    "SeatExpectedValue",
    "SeatRecord",
    "SessionFigures",
    "ShiftAggregate",
    "ShiftExpectedValues",
    "Slip",
    "SlipNumber",
    "SlipSignature",
    "TableCurrency",
    "TableSession",
    "Token",
    "User",
    "VarianceNote",
]
