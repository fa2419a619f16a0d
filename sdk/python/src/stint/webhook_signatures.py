"""Checking (and, for tests, making) the signatures Stint puts on webhook deliveries.

Every delivery carries two signatures of the same raw body:

- the Standard Webhooks headers ``webhook-id``, ``webhook-timestamp`` and
  ``webhook-signature: v1,<base64>``: HMAC-SHA256 of ``<id>.<timestamp>.<body>``, keyed with
  the bytes the secret's base64 part stands for, which binds the time too;
- the legacy ``X-Webhook-Signature: sha256=<hex>``: HMAC-SHA256 of the raw body, keyed with
  the secret string as shown (``whsec_...``). It covers no time, so whoever saw one delivery
  could send it again forever.

``verify`` checks the Standard Webhooks signature, refuses a delivery whose timestamp is more
than ``tolerance`` seconds from now either way (a replay, or a clock that is off), compares
in constant time, and returns the parsed event. A delivery with only the legacy signature is
refused unless the caller passes ``allow_legacy_signature=True``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import secrets
import time
from typing import Dict, Mapping, Optional, Union, cast

from ._errors import WebhookVerificationError
from .types import WebhookEvent

__all__ = ["verify", "sign", "DEFAULT_TOLERANCE_SECONDS"]

DEFAULT_TOLERANCE_SECONDS = 300
SECRET_PREFIX = "whsec_"

RawBody = Union[bytes, bytearray, str]


def _standard_key(secret: str) -> bytes:
    encoded = secret[len(SECRET_PREFIX) :] if secret.startswith(SECRET_PREFIX) else secret
    try:
        return base64.b64decode(encoded + "=" * (-len(encoded) % 4))
    except (binascii.Error, ValueError) as error:
        raise WebhookVerificationError("the secret is not a webhook signing secret (whsec_ and base64)") from error


def _hex_signature(secret: str, body: bytes) -> str:
    return hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()


def _standard_signature(secret: str, event_id: str, timestamp: str, body: bytes) -> str:
    signed = f"{event_id}.{timestamp}.".encode("utf-8") + body
    return base64.b64encode(hmac.new(_standard_key(secret), signed, hashlib.sha256).digest()).decode("ascii")


def _as_bytes(raw_body: RawBody) -> bytes:
    return raw_body.encode("utf-8") if isinstance(raw_body, str) else bytes(raw_body)


def _check_timestamp(value: str, now: float, tolerance: float) -> None:
    try:
        sent = int(value)
    except ValueError as error:
        raise WebhookVerificationError("the webhook timestamp is not a number of seconds") from error
    if abs(now - sent) > tolerance:
        raise WebhookVerificationError("the webhook timestamp is outside the tolerance: an old or replayed delivery")


def verify(
    raw_body: RawBody,
    headers: Mapping[str, str],
    secret: str,
    *,
    tolerance: float = DEFAULT_TOLERANCE_SECONDS,
    now: Optional[float] = None,
    allow_legacy_signature: bool = False,
) -> WebhookEvent:
    """The delivery's event, once its signature and timestamp check out.

    ``raw_body`` must be the bytes as received (not re-serialized JSON); ``headers`` any
    mapping of the request's headers (names in any case). A delivery with only
    ``X-Webhook-Signature`` is refused unless ``allow_legacy_signature`` is true: that
    signature covers no time, so it can be replayed. Raises ``WebhookVerificationError``.
    """
    if not secret:
        raise WebhookVerificationError("no webhook secret given")
    body = _as_bytes(raw_body)
    lowered = {name.lower(): value for name, value in headers.items()}
    moment = time.time() if now is None else now
    if "webhook-signature" in lowered:
        _check_standard(body, lowered, secret, moment, tolerance)
    else:
        _check_legacy(body, lowered, secret, moment, tolerance, allow_legacy_signature)
    try:
        event = json.loads(body)
    except ValueError as error:
        raise WebhookVerificationError("the webhook body is not JSON") from error
    if not isinstance(event, dict):
        raise WebhookVerificationError("the webhook body is not a JSON object")
    return cast(WebhookEvent, event)


def _check_standard(body: bytes, headers: Mapping[str, str], secret: str, now: float, tolerance: float) -> None:
    event_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    if not event_id or not timestamp:
        raise WebhookVerificationError("webhook-signature came without webhook-id and webhook-timestamp")
    _check_timestamp(timestamp, now, tolerance)
    expected = _standard_signature(secret, event_id, timestamp, body)
    # Several space-separated signatures may be sent while a secret is being rotated.
    offered = [part.split(",", 1)[1] for part in headers["webhook-signature"].split() if part.startswith("v1,")]
    if not any(hmac.compare_digest(expected.encode(), candidate.encode()) for candidate in offered):
        raise WebhookVerificationError("webhook-signature does not match the body")


def _check_legacy(body: bytes, headers: Mapping[str, str], secret: str, now: float, tolerance: float, allowed: bool) -> None:
    signature = headers.get("x-webhook-signature")
    if signature is None:
        raise WebhookVerificationError("the request carries no webhook signature (webhook-id, webhook-timestamp and webhook-signature)")
    if not allowed:
        raise WebhookVerificationError(
            "the request carries only X-Webhook-Signature, which covers no time and so can be replayed: it needs the "
            "Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature), or allow_legacy_signature=True to be accepted"
        )
    # Not signed, but a stale one still tells a careless replay.
    legacy_timestamp = headers.get("x-webhook-timestamp")
    if legacy_timestamp is not None:
        _check_timestamp(legacy_timestamp, now, tolerance)
    if not signature.startswith("sha256="):
        raise WebhookVerificationError("X-Webhook-Signature is not a sha256= signature")
    expected = _hex_signature(secret, body)
    if not hmac.compare_digest(expected.encode(), signature[len("sha256=") :].strip().lower().encode()):
        raise WebhookVerificationError("X-Webhook-Signature does not match the body")


def sign(
    raw_body: RawBody,
    secret: str,
    *,
    event_id: Optional[str] = None,
    event_type: Optional[str] = None,
    timestamp: Optional[int] = None,
) -> Dict[str, str]:
    """The headers Stint would send with this body: for a receiver's own tests.

    ``event_id`` and ``event_type`` default to the body's ``id`` and ``type`` (a new
    ``evt_`` id when it has none), ``timestamp`` to now.
    """
    body = _as_bytes(raw_body)
    parsed: Dict[str, object] = {}
    try:
        loaded = json.loads(body)
        if isinstance(loaded, dict):
            parsed = loaded
    except ValueError:
        pass
    event_id = event_id or str(parsed.get("id") or f"evt_{secrets.token_hex(12)}")
    event_type = event_type or str(parsed.get("type") or "ping")
    sent = str(int(time.time()) if timestamp is None else timestamp)
    return {
        "X-Webhook-Signature": f"sha256={_hex_signature(secret, body)}",
        "X-Webhook-Event": event_type,
        "X-Webhook-Id": event_id,
        "X-Webhook-Timestamp": sent,
        "webhook-id": event_id,
        "webhook-timestamp": sent,
        "webhook-signature": f"v1,{_standard_signature(secret, event_id, sent, body)}",
    }
