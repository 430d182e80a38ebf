"""A second signature typed at this screen: checked before the record is
written, and a wrong password is counted (committed) even though the
request fails, as a failed sign-in is."""

from __future__ import annotations

from flask import request

from service.accounts.cosign import cosigner
from service.accounts.login_throttle import client_address
from service.api.accounting.accounting_schemas import SignatureInJson
from service.api.http.transactions import kept_if_refused
from service.api.http.work import db, now, settings
from service.store.models import User

#: what a second signature's refusal may be, for the operations that take one
SIGNATURE_403 = (
    "a co-signer's signature refused: bad_signature (name or password), account_locked, "
    "account_deactivated, or password_change_required (still on a password an admin chose)"
)


def signed_by(signature: SignatureInJson, field: str) -> User:
    address = client_address(
        request.remote_addr, request.headers.get("X-Forwarded-For"), settings().trusted_networks
    )
    # the failure counts towards a lockout
    return kept_if_refused(
        lambda: cosigner(db(), signature["name"], signature["password"], settings(), address, now(), field)
    )
