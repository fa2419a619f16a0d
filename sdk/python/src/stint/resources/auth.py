"""Sign-up, sign-in and session tokens (``/auth/...``); these need no credential."""

from __future__ import annotations

from typing import cast

from .._base import Call, body
from ..types import PasswordResetRequested, Session, Tokens
from .._pagination import AsyncPage, AsyncPager
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource


def _register(email: str, password: str, name: str, organization_name: str) -> Call:
    return Call("POST", "/auth/register", json=body(email=email, password=password, name=name, organization_name=organization_name))


def _login(email: str, password: str) -> Call:
    return Call("POST", "/auth/login", json=body(email=email, password=password))


def _refresh(refresh_token: str) -> Call:
    return Call("POST", "/auth/refresh", json=body(refresh_token=refresh_token))


def _logout(refresh_token: str) -> Call:
    return Call("POST", "/auth/logout", json=body(refresh_token=refresh_token))


def _request_password_reset(email: str) -> Call:
    return Call("POST", "/auth/password-reset", json=body(email=email))


def _reset_password(token: str, password: str) -> Call:
    return Call("POST", "/auth/password-reset/confirm", json=body(token=token, password=password))


def _change_password(current_password: str, new_password: str) -> Call:
    return Call("POST", "/auth/password", json=body(current_password=current_password, new_password=new_password))


class Auth(SyncResource["AuthWithRawResponse"]):
    def register(self, *, email: str, password: str, name: str, organization_name: str) -> Session:
        """A new organization and its owner, signed in."""
        return cast(Session, self._json(_register(email, password, name, organization_name)))

    def login(self, *, email: str, password: str) -> Session:
        """Signs in with an email and password: the user, their organization and a pair of tokens."""
        return cast(Session, self._json(_login(email, password)))

    def refresh(self, refresh_token: str) -> Tokens:
        """New tokens; the refresh token given is used up."""
        return cast(Tokens, self._json(_refresh(refresh_token)))

    def logout(self, refresh_token: str) -> None:
        """Ends the sign-in the refresh token belongs to."""
        self._none(_logout(refresh_token))

    def request_password_reset(self, email: str) -> PasswordResetRequested:
        """Asks for a link that sets a new password, sent if the address has an account; the answer is the same either way."""
        return cast(PasswordResetRequested, self._json(_request_password_reset(email)))

    def reset_password(self, *, token: str, password: str) -> None:
        """Sets a new password with a reset link's token (once, within 30 minutes); every sign-in of the account ends."""
        self._none(_reset_password(token, password))

    def change_password(self, *, current_password: str, new_password: str) -> Tokens:
        """Changes the signed-in user's password; every sign-in ends, this client's too: continue with the tokens answered."""
        return cast(Tokens, self._json(_change_password(current_password, new_password)))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncAuth(AsyncResource["AsyncAuthWithRawResponse"]):
    async def register(self, *, email: str, password: str, name: str, organization_name: str) -> Session:
        """A new organization and its owner, signed in."""
        return cast(Session, await self._json(_register(email, password, name, organization_name)))

    async def login(self, *, email: str, password: str) -> Session:
        """Signs in with an email and password: the user, their organization and a pair of tokens."""
        return cast(Session, await self._json(_login(email, password)))

    async def refresh(self, refresh_token: str) -> Tokens:
        """New tokens; the refresh token given is used up."""
        return cast(Tokens, await self._json(_refresh(refresh_token)))

    async def logout(self, refresh_token: str) -> None:
        """Ends the sign-in the refresh token belongs to."""
        await self._none(_logout(refresh_token))

    async def request_password_reset(self, email: str) -> PasswordResetRequested:
        """Asks for a link that sets a new password, sent if the address has an account; the answer is the same either way."""
        return cast(PasswordResetRequested, await self._json(_request_password_reset(email)))

    async def reset_password(self, *, token: str, password: str) -> None:
        """Sets a new password with a reset link's token (once, within 30 minutes); every sign-in of the account ends."""
        await self._none(_reset_password(token, password))

    async def change_password(self, *, current_password: str, new_password: str) -> Tokens:
        """Changes the signed-in user's password; every sign-in ends, this client's too: continue with the tokens answered."""
        return cast(Tokens, await self._json(_change_password(current_password, new_password)))


class AuthWithRawResponse(SyncRawResource):
    """The methods of :class:`Auth`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Auth

    def register(self, *, email: str, password: str, name: str, organization_name: str) -> RawResponse[Session]:
        """A new organization and its owner, signed in."""
        return self._call(lambda: self._resource.register(email=email, password=password, name=name, organization_name=organization_name))

    def login(self, *, email: str, password: str) -> RawResponse[Session]:
        """Signs in with an email and password: the user, their organization and a pair of tokens."""
        return self._call(lambda: self._resource.login(email=email, password=password))

    def refresh(self, refresh_token: str) -> RawResponse[Tokens]:
        """New tokens; the refresh token given is used up."""
        return self._call(lambda: self._resource.refresh(refresh_token=refresh_token))

    def logout(self, refresh_token: str) -> RawResponse[None]:
        """Ends the sign-in the refresh token belongs to."""
        return self._call(lambda: self._resource.logout(refresh_token=refresh_token))

    def request_password_reset(self, email: str) -> RawResponse[PasswordResetRequested]:
        """Asks for a link that sets a new password, sent if the address has an account; the answer is the same either way."""
        return self._call(lambda: self._resource.request_password_reset(email=email))

    def reset_password(self, *, token: str, password: str) -> RawResponse[None]:
        """Sets a new password with a reset link's token (once, within 30 minutes); every sign-in of the account ends."""
        return self._call(lambda: self._resource.reset_password(token=token, password=password))

    def change_password(self, *, current_password: str, new_password: str) -> RawResponse[Tokens]:
        """Changes the signed-in user's password; every sign-in ends, this client's too: continue with the tokens answered."""
        return self._call(lambda: self._resource.change_password(current_password=current_password, new_password=new_password))


class AsyncAuthWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncAuth`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncAuth

    async def register(self, *, email: str, password: str, name: str, organization_name: str) -> RawResponse[Session]:
        """A new organization and its owner, signed in."""
        return await self._call(lambda: self._resource.register(email=email, password=password, name=name, organization_name=organization_name))

    async def login(self, *, email: str, password: str) -> RawResponse[Session]:
        """Signs in with an email and password: the user, their organization and a pair of tokens."""
        return await self._call(lambda: self._resource.login(email=email, password=password))

    async def refresh(self, refresh_token: str) -> RawResponse[Tokens]:
        """New tokens; the refresh token given is used up."""
        return await self._call(lambda: self._resource.refresh(refresh_token=refresh_token))

    async def logout(self, refresh_token: str) -> RawResponse[None]:
        """Ends the sign-in the refresh token belongs to."""
        return await self._call(lambda: self._resource.logout(refresh_token=refresh_token))

    async def request_password_reset(self, email: str) -> RawResponse[PasswordResetRequested]:
        """Asks for a link that sets a new password, sent if the address has an account; the answer is the same either way."""
        return await self._call(lambda: self._resource.request_password_reset(email=email))

    async def reset_password(self, *, token: str, password: str) -> RawResponse[None]:
        """Sets a new password with a reset link's token (once, within 30 minutes); every sign-in of the account ends."""
        return await self._call(lambda: self._resource.reset_password(token=token, password=password))

    async def change_password(self, *, current_password: str, new_password: str) -> RawResponse[Tokens]:
        """Changes the signed-in user's password; every sign-in ends, this client's too: continue with the tokens answered."""
        return await self._call(lambda: self._resource.change_password(current_password=current_password, new_password=new_password))


Auth._raw_class = AuthWithRawResponse
AsyncAuth._raw_class = AsyncAuthWithRawResponse
