"""The OAuth 2.0 protocol as the command speaks it: the device flow (RFC 8628) to sign in,
refresh tokens that rotate, and revocation (RFC 7009), against ``/api/auth/oauth/...``."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional

import httpx

from .._base import USER_AGENT
from .._retries import retry_after_seconds
from . import exits

#: The application every Stint has of its own for this command (docs/api.md#the-stint-command);
#: ``--client-id`` or ``STINT_CLIENT_ID`` names another, a public one registered in the developer portal.
COMMAND_LINE_CLIENT_ID = "cli_StintCommandLine000001"
#: What the command and its capture agent use: the timer and entries, projects, the organization's
#: settings (``users:read``) and screenshots.
SCOPES = ("time_entries:read", "time_entries:write", "projects:read", "users:read", "screenshots:read", "screenshots:write")
DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code"
#: RFC 8628 §3.5: the interval grows by 5 seconds on each ``slow_down``.
SLOW_DOWN_STEP_SECONDS = 5
#: How long the command waits at most between polls after failures of the network or the server.
MAX_BACKOFF_SECONDS = 60.0


@dataclass(frozen=True)
class DeviceAuthorization:
    device_code: str
    user_code: str
    verification_uri: str
    verification_uri_complete: Optional[str]
    expires_in: int
    interval: int


@dataclass(frozen=True)
class Tokens:
    access_token: str
    refresh_token: str
    expires_in: int
    scope: str


class OAuthError(Exception):
    """An RFC 6749 §5.2 error answer: ``error``, its description, the status and any ``Retry-After``."""

    def __init__(self, error: str, description: str, status: int, retry_after: Optional[float]) -> None:
        super().__init__(f"{error}: {description}" if description else error)
        self.error = error
        self.description = description
        self.status = status
        self.retry_after = retry_after


def endpoint(server: str, name: str) -> str:
    return f"{server.rstrip('/')}/api/auth/oauth/{name}"


def _post(http: httpx.Client, url: str, form: Dict[str, str]) -> httpx.Response:
    try:
        return http.post(url, data=form, headers={"Accept": "application/json", "User-Agent": f"{USER_AGENT} stint-cli"})
    except httpx.TimeoutException as error:
        raise exits.network(f"{url} did not answer in time") from error
    except httpx.TransportError as error:
        raise exits.network(f"cannot reach {url}: {error}") from error


def _json(response: httpx.Response) -> Dict[str, Any]:
    try:
        parsed = response.json()
    except ValueError:
        parsed = None
    if not isinstance(parsed, dict):
        raise exits.server(f"the server answered {response.status_code} with something other than JSON at {response.request.url}")
    return parsed


def _checked(response: httpx.Response) -> Dict[str, Any]:
    """The JSON of a successful answer; an ``OAuthError`` for an RFC 6749 error; a server error for anything else."""
    if response.status_code >= 500:
        raise exits.server(f"the server failed ({response.status_code}) at {response.request.url}")
    if response.is_success and not response.content:
        # Revocation answers 200 with no body (RFC 7009 §2.2).
        return {}
    body = _json(response)
    if response.is_success:
        return body
    error = body.get("error")
    if not isinstance(error, str):
        raise exits.server(f"the server answered {response.status_code} without an OAuth error at {response.request.url}")
    description = body.get("error_description")
    raise OAuthError(error, description if isinstance(description, str) else "", response.status_code, retry_after_seconds(response.headers))


def _tokens(body: Dict[str, Any]) -> Tokens:
    try:
        return Tokens(str(body["access_token"]), str(body["refresh_token"]), int(body["expires_in"]), str(body.get("scope", "")))
    except (KeyError, TypeError, ValueError) as error:
        raise exits.server("the token endpoint's answer lacks access_token, refresh_token or expires_in") from error


def start_device_authorization(http: httpx.Client, server: str, client_id: str) -> DeviceAuthorization:
    """RFC 8628 §3.1: a device code for this command, and the code and address to show the person."""
    try:
        body = _checked(_post(http, endpoint(server, "device/code"), {"client_id": client_id, "scope": " ".join(SCOPES)}))
    except OAuthError as error:
        if error.error == "invalid_client":
            raise exits.auth(f"the server does not know the client {client_id}: {error.description}") from error
        raise exits.auth(f"the server refused to start a sign-in: {error}") from error
    try:
        complete = body.get("verification_uri_complete")
        return DeviceAuthorization(
            device_code=str(body["device_code"]),
            user_code=str(body["user_code"]),
            verification_uri=str(body["verification_uri"]),
            verification_uri_complete=complete if isinstance(complete, str) else None,
            expires_in=int(body["expires_in"]),
            # RFC 8628 §3.2: 5 seconds when the server names no interval.
            interval=int(body.get("interval", 5)),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise exits.server("the device authorization answer lacks device_code, user_code, verification_uri or expires_in") from error


def poll_for_tokens(
    http: httpx.Client,
    server: str,
    client_id: str,
    device: DeviceAuthorization,
    *,
    sleep: Callable[[float], None] = time.sleep,
    clock: Callable[[], float] = time.monotonic,
) -> Tokens:
    """RFC 8628 §3.4-3.5: asks for tokens every ``interval`` seconds until the person approves
    or denies, or the code expires; ``slow_down`` adds 5 seconds to the interval for good, and
    failures of the network or the server double the wait until they pass."""
    deadline = clock() + device.expires_in
    interval = float(max(device.interval, 1))
    wait = interval
    backoff = 0.0
    form = {"grant_type": DEVICE_CODE_GRANT, "device_code": device.device_code, "client_id": client_id}
    while True:
        if clock() + wait > deadline:
            raise exits.auth("the code expired before it was approved: run stint login again")
        sleep(wait)
        try:
            return _tokens(_checked(_post(http, endpoint(server, "token"), form)))
        except OAuthError as error:
            backoff = 0.0
            if error.error == "authorization_pending":
                wait = interval
            elif error.error == "slow_down":
                interval += SLOW_DOWN_STEP_SECONDS
                wait = interval
            elif error.error == "temporarily_unavailable":
                wait = max(interval, min(error.retry_after or interval, MAX_BACKOFF_SECONDS))
            elif error.error == "expired_token":
                raise exits.auth("the code expired before it was approved: run stint login again") from error
            elif error.error == "access_denied":
                raise exits.auth("the sign-in was denied in the browser") from error
            else:
                raise exits.auth(f"the server refused the sign-in: {error}") from error
        except exits.CommandError as failure:
            if failure.code not in (exits.Exit.NETWORK, exits.Exit.SERVER):
                raise
            # A passing failure of the network or the server: wait longer each time, then ask again (RFC 8628 §3.5).
            backoff = min(max(backoff * 2, interval * 2), MAX_BACKOFF_SECONDS)
            wait = backoff
            if clock() + wait > deadline:
                raise


def refresh(http: httpx.Client, server: str, client_id: str, refresh_token: str) -> Tokens:
    """New tokens; the refresh token given is spent (Stint rotates them, and revokes the whole chain when a spent one comes back)."""
    form = {"grant_type": "refresh_token", "refresh_token": refresh_token, "client_id": client_id}
    try:
        return _tokens(_checked(_post(http, endpoint(server, "token"), form)))
    except OAuthError as error:
        if error.error == "temporarily_unavailable":
            raise exits.server(f"the server is busy: try again in {int(error.retry_after or 60)} seconds") from error
        raise exits.auth(exits.SESSION_ENDED) from error


def revoke(http: httpx.Client, server: str, client_id: str, token: str) -> None:
    """RFC 7009: the token (a refresh token ends its whole chain) stops working; the server answers 200 even for an unknown one."""
    try:
        _checked(_post(http, endpoint(server, "revoke"), {"token": token, "token_type_hint": "refresh_token", "client_id": client_id}))
    except OAuthError as error:
        raise exits.server(f"the server refused to revoke the session: {error}") from error
