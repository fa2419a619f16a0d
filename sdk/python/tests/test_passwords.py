"""Password reset, password change and the outbox through the blocking client, against a real Stint that sends no email."""

from __future__ import annotations

import re
import uuid

import pytest

import stint
from tests.conftest import PASSWORD, new_owner, some_client_address
from tests.support.stint_process import Deployment

NEW_PASSWORD = "an entirely new passphrase"


def _kept_link_token(owner: stint.Stint, kind: str, to: str) -> str:
    """The token of the kept message's link, as the outbox shows it to the owner."""
    for _ in range(100):
        for message in owner.organization.outbox(kind=kind):  # type: ignore[arg-type]
            if message["to"] == to:
                assert (message["state"], message["link_hidden"]) == ("kept", False)
                found = re.search(r"#token=(\S+)", message["text"])
                assert found is not None
                return found.group(1)
    raise AssertionError(f"no {kind} message to {to} in the outbox")


def test_a_member_resets_a_forgotten_password_with_the_link_the_owner_passes_on(deployment: Deployment) -> None:
    owner, _ = new_owner(deployment.url)
    anonymous = stint.Stint(base_url=deployment.url, headers={"X-Forwarded-For": some_client_address()})
    with owner, anonymous:
        email = f"member-{uuid.uuid4().hex[:10]}@example.test"
        owner.invitations.create(email=email, role="member")
        anonymous.invitations.accept(token=_kept_link_token(owner, "invitation", email), name="Member", password=PASSWORD)

        assert anonymous.auth.request_password_reset(email) == {"delivery": "outbox"}
        assert anonymous.auth.request_password_reset(f"nobody-{uuid.uuid4().hex[:8]}@example.test") == {"delivery": "outbox"}
        token = _kept_link_token(owner, "password_reset", email)
        anonymous.auth.reset_password(token=token, password=NEW_PASSWORD)
        with pytest.raises(stint.BadRequestError):
            anonymous.auth.reset_password(token=token, password=PASSWORD)
        assert anonymous.auth.login(email=email, password=NEW_PASSWORD)["user"]["email"] == email


def test_a_changed_password_answers_tokens_that_work_and_a_wrong_current_one_is_refused(deployment: Deployment) -> None:
    owner, session = new_owner(deployment.url)
    with owner:
        with pytest.raises(stint.BadRequestError):
            owner.auth.change_password(current_password="not my password", new_password=NEW_PASSWORD)
        tokens = owner.auth.change_password(current_password=PASSWORD, new_password=NEW_PASSWORD)
    with stint.Stint(access_token=tokens["access_token"], base_url=deployment.url) as fresh:
        assert fresh.organization.get()["id"] == session["organization"]["id"]


def test_the_weekly_summary_is_off_until_turned_on_with_a_time_zone(owner: stint.Stint) -> None:
    assert owner.email_preferences.get() == {"weekly_summary": False, "time_zone": "UTC"}
    assert owner.email_preferences.update(weekly_summary=True, time_zone="Europe/Berlin") == {"weekly_summary": True, "time_zone": "Europe/Berlin"}
    with pytest.raises(stint.BadRequestError):
        owner.email_preferences.update(time_zone="Mars/Olympus")
    assert owner.email_preferences.get()["time_zone"] == "Europe/Berlin"
