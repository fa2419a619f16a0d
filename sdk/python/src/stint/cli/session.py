"""The signed-in session: the tokens in the user's config folder (one file, 0600), and a client
of the API whose access token is refreshed when it runs out.

Refresh tokens rotate, and a spent one presented again revokes the whole sign-in, so two
processes of the command (the capture agent and a ``stint status``) must never both refresh
with the same token: a refresh happens under a lock, after reading the file again, and the
new tokens replace the file whole.
"""

from __future__ import annotations

import base64
import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, ContextManager, Dict, Optional, TypeVar

import httpx

from .._client import Stint
from .._errors import AuthenticationError
from . import exits, files, oauth

T = TypeVar("T")
#: An access token this close to its end is refreshed first: a request must not outlive it.
EXPIRY_MARGIN_SECONDS = 60
FORMAT_VERSION = 1


@dataclass(frozen=True)
class Credentials:
    server: str
    client_id: str
    access_token: str
    refresh_token: str
    #: Unix seconds.
    expires_at: float
    scope: str
    #: The signed-in user's id, for filters; None when the token does not say.
    user_id: Optional[str]

    @staticmethod
    def issued(server: str, client_id: str, tokens: oauth.Tokens, now: float) -> "Credentials":
        return Credentials(server, client_id, tokens.access_token, tokens.refresh_token, now + tokens.expires_in, tokens.scope, user_id_of(tokens.access_token))


def user_id_of(access_token: str) -> Optional[str]:
    """The ``sub`` of a Stint access token, a JWT whose subject is the user's id (docs/api.md,
    "Sign-up and sign-in"). Read only to filter lists by the user: the server checks the
    token, so an unreadable one is simply not used for that."""
    parts = access_token.split(".")
    if len(parts) != 3:
        return None
    try:
        claims = json.loads(base64.urlsafe_b64decode(parts[1] + "=" * (-len(parts[1]) % 4)))
    except ValueError:
        return None
    subject = claims.get("sub") if isinstance(claims, dict) else None
    return subject if isinstance(subject, str) else None


class CredentialStore:
    """``credentials.json`` in the config folder, and the lock that guards refreshing it."""

    def __init__(self, folder: Optional[Path] = None) -> None:
        self.folder = folder if folder is not None else files.config_dir()
        self.path = self.folder / "credentials.json"
        self._lock = self.folder / "credentials.lock"

    def load(self) -> Credentials:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            raise exits.auth(exits.NOT_LOGGED_IN) from None
        try:
            stored: Dict[str, Any] = json.loads(raw)
            return Credentials(
                server=str(stored["server"]),
                client_id=str(stored["client_id"]),
                access_token=str(stored["access_token"]),
                refresh_token=str(stored["refresh_token"]),
                expires_at=float(stored["expires_at"]),
                scope=str(stored.get("scope", "")),
                user_id=stored.get("user_id") if isinstance(stored.get("user_id"), str) else None,
            )
        except (ValueError, KeyError, TypeError) as error:
            raise exits.auth(f"{self.path} is damaged: run stint login again") from error

    def save(self, credentials: Credentials) -> None:
        files.write_private(self.path, json.dumps({"version": FORMAT_VERSION, **asdict(credentials)}, indent=2).encode())

    def delete(self) -> None:
        self.path.unlink(missing_ok=True)
        self._lock.unlink(missing_ok=True)

    def locked(self) -> ContextManager[bool]:
        return files.exclusive(self._lock)


class Session:
    """What a command calls the API through: ``run(lambda client: ...)`` gives it a client with a
    live access token, and tries once more with a refreshed one when the server answers 401."""

    def __init__(self, store: CredentialStore, http: httpx.Client, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self._http = http
        self._clock = clock

    @property
    def credentials(self) -> Credentials:
        return self.store.load()

    def fresh(self) -> Credentials:
        """The stored credentials, refreshed first when the access token is (nearly) spent."""
        current = self.store.load()
        if current.expires_at - self._clock() > EXPIRY_MARGIN_SECONDS:
            return current
        return self.renew(current.access_token)

    def renew(self, stale_access_token: str) -> Credentials:
        """New tokens in place of ``stale_access_token``'s, unless another process renewed them meanwhile."""
        with self.store.locked():
            current = self.store.load()
            if current.access_token != stale_access_token and current.expires_at - self._clock() > EXPIRY_MARGIN_SECONDS:
                return current
            tokens = oauth.refresh(self._http, current.server, current.client_id, current.refresh_token)
            renewed = Credentials.issued(current.server, current.client_id, tokens, self._clock())
            self.store.save(renewed)
            return renewed

    def client(self, credentials: Credentials, *, max_retries: int = 2) -> Stint:
        return Stint(access_token=credentials.access_token, base_url=credentials.server, max_retries=max_retries, http_client=self._http)

    def run(self, call: Callable[[Stint], T], *, max_retries: int = 2) -> T:
        credentials = self.fresh()
        try:
            return call(self.client(credentials, max_retries=max_retries))
        except AuthenticationError:
            # Revoked early, or the clocks disagree: one refresh, one more try; a second 401 is final.
            renewed = self.renew(credentials.access_token)
            return call(self.client(renewed, max_retries=max_retries))
