"""Webhook signatures: checked against a real delivery from Stint, and ``sign`` makes the same headers."""

from __future__ import annotations

import json
import time
from typing import Dict, Iterator

import pytest

import stint
from stint import webhook_signatures
from tests.support.receiver import Delivery, WebhookReceiver


@pytest.fixture
def receiver() -> Iterator[WebhookReceiver]:
    running = WebhookReceiver()
    yield running
    running.close()


def _project_created(owner: stint.Stint, receiver: WebhookReceiver) -> "tuple[Delivery, str, str]":
    hook = owner.webhooks.create(receiver.url, ["project.created"])
    project = owner.projects.create("Announced")
    delivery = receiver.wait_for(lambda d: json.loads(d.body).get("type") == "project.created")
    return delivery, hook["secret"], project["id"]


def test_a_real_delivery_verifies_and_sign_makes_the_same_headers(owner: stint.Stint, receiver: WebhookReceiver) -> None:
    delivery, secret, project_id = _project_created(owner, receiver)
    event = owner.webhooks.verify(delivery.body, delivery.headers, secret)
    assert (event["type"], event["data"]["id"]) == ("project.created", project_id)
    assert event["id"].startswith("evt_")

    headers = {name.lower(): value for name, value in delivery.headers.items()}
    made = webhook_signatures.sign(delivery.body, secret, event_id=headers["webhook-id"], timestamp=int(headers["webhook-timestamp"]))
    for name, value in made.items():
        assert headers[name.lower()] == value, name


def test_a_changed_body_a_wrong_secret_or_a_forged_signature_is_refused(owner: stint.Stint, receiver: WebhookReceiver) -> None:
    delivery, secret, _ = _project_created(owner, receiver)
    tampered = delivery.body.replace(b"Announced", b"Announcex")
    with pytest.raises(stint.WebhookVerificationError, match="does not match"):
        owner.webhooks.verify(tampered, delivery.headers, secret)
    other_secret = owner.webhooks.create(receiver.url, ["project.deleted"])["secret"]
    with pytest.raises(stint.WebhookVerificationError, match="does not match"):
        owner.webhooks.verify(delivery.body, delivery.headers, other_secret)
    forged: Dict[str, str] = {**delivery.headers, "webhook-signature": "v1,AAAA"}
    with pytest.raises(stint.WebhookVerificationError, match="does not match"):
        owner.webhooks.verify(delivery.body, forged, secret)
    with pytest.raises(stint.WebhookVerificationError, match="no webhook signature"):
        owner.webhooks.verify(delivery.body, {"content-type": "application/json"}, secret)


def test_a_replay_is_refused_once_five_minutes_have_passed_either_way(owner: stint.Stint, receiver: WebhookReceiver) -> None:
    delivery, secret, _ = _project_created(owner, receiver)
    sent = int({name.lower(): value for name, value in delivery.headers.items()}["webhook-timestamp"])
    for within in (sent - 300, sent + 300):
        assert owner.webhooks.verify(delivery.body, delivery.headers, secret, now=within)["type"] == "project.created"
    for outside in (sent - 301, sent + 301):
        with pytest.raises(stint.WebhookVerificationError, match="tolerance"):
            owner.webhooks.verify(delivery.body, delivery.headers, secret, now=outside)


def test_the_legacy_signature_alone_is_refused_unless_asked_for(owner: stint.Stint, receiver: WebhookReceiver) -> None:
    delivery, secret, _ = _project_created(owner, receiver)
    # What a replayer would send: the Standard Webhooks headers dropped, as they bind the time.
    legacy_only = {k: v for k, v in delivery.headers.items() if not k.lower().startswith("webhook-")}
    with pytest.raises(stint.WebhookVerificationError, match="can be replayed"):
        owner.webhooks.verify(delivery.body, legacy_only, secret)
    assert owner.webhooks.verify(delivery.body, legacy_only, secret, allow_legacy_signature=True)["type"] == "project.created"
    with pytest.raises(stint.WebhookVerificationError, match="does not match"):
        owner.webhooks.verify(delivery.body.replace(b"Announced", b"Announcex"), legacy_only, secret, allow_legacy_signature=True)
    # Its unsigned timestamp, when stale, is still refused.
    with pytest.raises(stint.WebhookVerificationError, match="tolerance"):
        owner.webhooks.verify(delivery.body, legacy_only, secret, allow_legacy_signature=True, now=time.time() + 301)
    # The Standard Webhooks headers alone are enough.
    only_standard = {k: v for k, v in delivery.headers.items() if k.lower().startswith("webhook-")}
    assert owner.webhooks.verify(delivery.body, only_standard, secret)["type"] == "project.created"


def test_sign_and_verify_agree_without_a_server() -> None:
    secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    body = json.dumps({"id": "evt_1", "type": "ping", "created_at": "2026-01-01T00:00:00Z", "organization_id": "org_1", "data": {}})
    headers = webhook_signatures.sign(body, secret, timestamp=1_700_000_000)
    assert headers["webhook-id"] == headers["X-Webhook-Id"] == "evt_1"
    assert webhook_signatures.verify(body, headers, secret, now=1_700_000_000 + 299)["type"] == "ping"
    with pytest.raises(stint.WebhookVerificationError):
        webhook_signatures.verify(body, headers, secret, now=1_700_000_000 - 301)
    with pytest.raises(stint.WebhookVerificationError, match="can be replayed"):
        webhook_signatures.verify(body, {"X-Webhook-Signature": headers["X-Webhook-Signature"]}, secret, now=1_700_000_000)
