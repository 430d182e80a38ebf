"""The audit trail's key files: made on first use with mode 0600, the
same file for every process that asks at once, named by the settings."""

from __future__ import annotations

import stat
from concurrent.futures import ThreadPoolExecutor

import pytest

from service.audit.keys import KeyFileError, KeyRing, ensure_keys, event_key, rotate, signer
from service.config.environment import SettingsError
from service.config.settings import Settings


def test_the_first_start_makes_every_key_readable_by_its_owner_only(tmp_path):
    settings = Settings(instance=tmp_path)
    ensure_keys(settings)
    for secret in (settings.event_key, settings.signing_key):
        assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    assert settings.event_key == tmp_path / "keys" / "event-mac.key"
    assert len(event_key(settings)) == 32
    ring = KeyRing.of_folder(settings.public_keys)
    assert list(ring.keys) == [signer(settings).key_id]
    ensure_keys(settings)  # a second start keeps them
    assert list(KeyRing.of_folder(settings.public_keys).keys) == [signer(settings).key_id]


def test_processes_starting_at_once_share_one_key(tmp_path):
    settings = Settings(instance=tmp_path)
    with ThreadPoolExecutor(8) as pool:
        keys = set(pool.map(lambda _: event_key(settings), range(16)))
        ids = set(pool.map(lambda _: signer(settings).key_id, range(16)))
    assert len(keys) == len(ids) == 1
    assert [path.name for path in (tmp_path / "keys").iterdir() if path.name.startswith(".")] == []


def test_a_signature_verifies_with_its_key_only(tmp_path):
    settings = Settings(instance=tmp_path)
    first = signer(settings)
    signature = first.sign(b"head")
    old, new = rotate(settings)
    assert (old, signer(settings).key_id) == (first.key_id, new)
    ring = KeyRing.of_folder(settings.public_keys)
    assert ring.verify(old, b"head", signature) is None
    assert ring.verify(new, b"head", signature) == f"the signature is not key {new}'s"
    assert ring.verify(old, b"other", signature) == f"the signature is not key {old}'s"
    assert ring.verify("0" * 16, b"head", signature) == f"key {'0' * 16} is not among the public keys"


def test_a_damaged_key_file_is_named(tmp_path):
    settings = Settings(instance=tmp_path)
    settings.event_key.parent.mkdir(parents=True)
    settings.event_key.write_text("not hex")
    with pytest.raises(KeyFileError, match=r"event-mac\.key does not hold a hex key"):
        event_key(settings)


def test_the_settings_name_the_files_and_where_signed_heads_go(tmp_path, monkeypatch):
    monkeypatch.setenv("BREAKPOKER_INSTANCE", str(tmp_path))
    monkeypatch.setenv("BREAKPOKER_SIGNING_KEY_FILE", str(tmp_path / "vault" / "signing.pem"))
    monkeypatch.setenv("BREAKPOKER_SIGNED_HEADS", "syslog")
    settings = Settings.from_environment()
    assert settings.signing_key == tmp_path / "vault" / "signing.pem"
    assert settings.signed_heads_log is None
    assert Settings(instance=tmp_path, signed_heads="file:/var/log/heads").signed_heads_log.as_posix() == (
        "/var/log/heads"
    )
    assert Settings(instance=tmp_path).signed_heads_log == tmp_path / "signed-heads.log"
    monkeypatch.setenv("BREAKPOKER_SIGNED_HEADS", "stdout")
    with pytest.raises(SettingsError, match="BREAKPOKER_SIGNED_HEADS='stdout': neither syslog nor file:PATH"):
        Settings.from_environment()
