"""Stint's OAuth 2.0 server as an independent client library meets it: Authlib drives every
flow an application uses (the authorization code with PKCE, confidential and public, refresh,
revocation, the device flow), against a running Stint, with a person at the pages played by
``PageVisitor``. Where Stint must hold a client's mistakes without harm (a refused refresh, a
loopback port, a left-out ``redirect_uri``, another client's token), Authlib sends them."""

from __future__ import annotations

import os
import socket
import time
import uuid
from typing import Any, Dict, Iterator, List, Optional, Tuple

import httpx
import pytest
from authlib.common.security import generate_token  # type: ignore[import-untyped]
from authlib.integrations.httpx_client import OAuth2Client, OAuthError  # type: ignore[import-untyped]

import stint
from tests.conftest import PASSWORD, new_owner, some_client_address
from tests.support.oauth_pages import PageVisitor
from tests.support.stint_process import Deployment

# Stint runs on loopback over plain HTTP here; Authlib refuses http:// unless told it is fine.
os.environ["AUTHLIB_INSECURE_TRANSPORT"] = "1"

CALLBACK = "https://client.example.test/callback"
DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"


class Setup:
    def __init__(self, deployment: Deployment) -> None:
        self.url = deployment.url
        self.owner, session = new_owner(deployment.url)
        self.email = session["user"]["email"]
        self.metadata: Dict[str, Any] = httpx.get(f"{deployment.url}/.well-known/oauth-authorization-server").json()

    def register(self, redirect_uris: List[str], client_type: str = "confidential") -> Dict[str, Any]:
        created = self.owner.oauth.applications.create(
            f"Authlib {uuid.uuid4().hex[:6]}",
            redirect_uris=redirect_uris,
            scopes=["projects:read", "time_entries:read"],
            client_type=client_type,  # type: ignore[arg-type]
        )
        return dict(created)

    def client(self, app: Dict[str, Any], redirect_uri: Optional[str], scope: str = "projects:read") -> Any:
        """Authlib's client for the application, each from an address of its own (limits per address)."""
        public = app["client_type"] == "public"
        return OAuth2Client(
            client_id=app["client_id"],
            client_secret=None if public else app["client_secret"],
            token_endpoint_auth_method="none" if public else "client_secret_basic",
            revocation_endpoint_auth_method="none" if public else "client_secret_basic",
            scope=scope,
            redirect_uri=redirect_uri,
            code_challenge_method="S256",
            headers={"X-Forwarded-For": some_client_address()},
        )

    def approve(self, visitor: PageVisitor, url: str) -> str:
        """A person signs in (when asked) and allows (when asked): the URL the pages send them back to."""
        page = visitor.open(url)
        if page.status_code == 200 and 'name="password"' in page.text:
            page = visitor.sign_in(self.email, PASSWORD)
        if page.status_code == 200 and 'value="approve"' in page.text:
            visitor.submit({"action": "approve"})
        return visitor.back_to_application()

    def projects(self, access_token: str) -> int:
        return httpx.get(
            f"{self.url}/api/v1/projects",
            headers={"Authorization": f"Bearer {access_token}", "X-Forwarded-For": some_client_address()},
        ).status_code


@pytest.fixture
def setup(deployment: Deployment) -> Iterator[Setup]:
    made = Setup(deployment)
    yield made
    made.owner.close()


@pytest.fixture
def visitor() -> Iterator[PageVisitor]:
    person = PageVisitor(some_client_address())
    yield person
    person.close()


def sign_in_with_authlib(setup: Setup, client: Any, visitor: PageVisitor, **authorize: str) -> Tuple[Dict[str, Any], str]:
    verifier = generate_token(48)
    url, state = client.create_authorization_url(setup.metadata["authorization_endpoint"], code_verifier=verifier, **authorize)
    back = setup.approve(visitor, url)
    token = client.fetch_token(setup.metadata["token_endpoint"], authorization_response=back, code_verifier=verifier, state=state)
    return dict(token), back


def test_a_confidential_application_signs_in_refreshes_and_revokes(setup: Setup, visitor: PageVisitor) -> None:
    app = setup.register([CALLBACK])
    with setup.client(app, CALLBACK) as client:
        token, back = sign_in_with_authlib(setup, client, visitor)
        assert "iss=" in back
        assert token["token_type"].lower() == "bearer" and token["scope"] == "projects:read"
        assert setup.projects(token["access_token"]) == 200
        refreshed = client.refresh_token(setup.metadata["token_endpoint"], refresh_token=token["refresh_token"])
        assert refreshed["refresh_token"] != token["refresh_token"]
        assert setup.projects(refreshed["access_token"]) == 200
        revoked = client.revoke_token(setup.metadata["revocation_endpoint"], token=refreshed["refresh_token"])
        assert revoked.status_code == 200
        assert setup.projects(refreshed["access_token"]) == 401


def test_a_public_application_signs_in_with_pkce_and_no_secret(setup: Setup, visitor: PageVisitor) -> None:
    app = setup.register([CALLBACK], client_type="public")
    with setup.client(app, CALLBACK) as client:
        token, _ = sign_in_with_authlib(setup, client, visitor)
        assert setup.projects(token["access_token"]) == 200


def test_a_refresh_refused_for_its_scope_spends_nothing(setup: Setup, visitor: PageVisitor) -> None:
    app = setup.register([CALLBACK])
    with setup.client(app, CALLBACK) as client:
        token, _ = sign_in_with_authlib(setup, client, visitor)
        for scope in ("bogus", "projects:read webhooks:write"):
            with pytest.raises(OAuthError) as refused:
                client.refresh_token(setup.metadata["token_endpoint"], refresh_token=token["refresh_token"], scope=scope)
            assert refused.value.error == "invalid_scope"
        # The same refresh token still works, and nothing of the chain was revoked.
        refreshed = client.refresh_token(setup.metadata["token_endpoint"], refresh_token=token["refresh_token"])
        assert setup.projects(refreshed["access_token"]) == 200
        assert setup.projects(token["access_token"]) == 200


def free_loopback_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_a_native_application_uses_whatever_loopback_port_it_got(setup: Setup, visitor: PageVisitor) -> None:
    app = setup.register(["http://127.0.0.1/callback"], client_type="public")
    redirect_uri = f"http://127.0.0.1:{free_loopback_port()}/callback"
    with setup.client(app, redirect_uri) as client:
        token, back = sign_in_with_authlib(setup, client, visitor)
        assert back.startswith(f"{redirect_uri}?")
        assert setup.projects(token["access_token"]) == 200


def test_the_redirect_uri_may_be_left_out_when_one_is_registered(setup: Setup, visitor: PageVisitor) -> None:
    app = setup.register([CALLBACK])
    with setup.client(app, None) as client:
        token, back = sign_in_with_authlib(setup, client, visitor)
        assert back.startswith(f"{CALLBACK}?")
        assert setup.projects(token["access_token"]) == 200


def test_a_returning_person_and_prompt_login_go_straight_back_after_signing_in(setup: Setup, visitor: PageVisitor) -> None:
    app = setup.register([CALLBACK])
    with setup.client(app, CALLBACK) as client:
        sign_in_with_authlib(setup, client, visitor)
        # Another browser: the sign-in page, then straight back to the application, consent remembered.
        returning = PageVisitor(some_client_address())
        try:
            verifier = generate_token(48)
            url, state = client.create_authorization_url(setup.metadata["authorization_endpoint"], code_verifier=verifier)
            assert 'name="password"' in returning.open(url).text
            returning.sign_in(setup.email, PASSWORD)
            back = returning.back_to_application()
            token = client.fetch_token(
                setup.metadata["token_endpoint"], authorization_response=back, code_verifier=verifier, state=state
            )
            assert setup.projects(token["access_token"]) == 200
            # Signed in already, prompt=login asks for the password again, then goes straight back.
            url, state = client.create_authorization_url(
                setup.metadata["authorization_endpoint"], code_verifier=verifier, prompt="login"
            )
            assert 'name="password"' in returning.open(url).text
            returning.sign_in(setup.email, PASSWORD)
            assert "code=" in returning.back_to_application()
        finally:
            returning.close()


def test_revoking_another_clients_token_is_refused_and_leaves_it_working(setup: Setup, visitor: PageVisitor) -> None:
    mine = setup.register([CALLBACK])
    theirs = setup.register([CALLBACK])
    with setup.client(mine, CALLBACK) as client, setup.client(theirs, CALLBACK) as other:
        token, _ = sign_in_with_authlib(setup, client, visitor)
        for which in ("refresh_token", "access_token"):
            refused = other.revoke_token(setup.metadata["revocation_endpoint"], token=token[which], token_type_hint=which)
            assert refused.status_code == 400
            assert refused.json()["error"] == "unauthorized_client"
        assert setup.projects(token["access_token"]) == 200
        refreshed = client.refresh_token(setup.metadata["token_endpoint"], refresh_token=token["refresh_token"])
        assert setup.projects(refreshed["access_token"]) == 200


def test_a_command_line_tool_signs_in_with_the_device_flow(setup: Setup, visitor: PageVisitor) -> None:
    app = setup.register([CALLBACK], client_type="public")
    with setup.client(app, None) as client:
        started = client.request(
            "POST",
            setup.metadata["device_authorization_endpoint"],
            data={"client_id": app["client_id"], "scope": "projects:read"},
            withhold_token=True,
        )
        codes = started.json()
        assert 'name="password"' in visitor.open(codes["verification_uri_complete"]).text
        # Signed in, the page shows the code to compare, and the person allows.
        assert codes["user_code"] in visitor.sign_in(setup.email, PASSWORD).text
        assert "Device connected" in visitor.submit({"action": "approve"}).text
        deadline = time.monotonic() + 60
        token: Optional[Dict[str, Any]] = None
        interval = codes["interval"]
        while token is None and time.monotonic() < deadline:
            time.sleep(interval)
            try:
                answer = client.fetch_token(setup.metadata["token_endpoint"], grant_type=DEVICE_GRANT, device_code=codes["device_code"])
                token = dict(answer)
            except OAuthError as pending:
                assert pending.error in ("authorization_pending", "slow_down")
                if pending.error == "slow_down":
                    interval += 5
        assert token is not None
        assert setup.projects(token["access_token"]) == 200


def test_an_api_client_with_the_token_reads_as_the_person(setup: Setup, visitor: PageVisitor) -> None:
    app = setup.register([CALLBACK])
    with setup.client(app, CALLBACK) as client:
        token, _ = sign_in_with_authlib(setup, client, visitor)
    with stint.Stint(access_token=token["access_token"], base_url=setup.url) as api:
        assert list(api.projects.list()) == []
