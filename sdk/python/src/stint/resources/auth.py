"""Sign-up, sign-in and session tokens (``/auth/...``); these need no credential."""

from __future__ import annotations

from typing import cast

from .._base import Call, body
from ..types import Session, Tokens
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


Auth._raw_class = AuthWithRawResponse
AsyncAuth._raw_class = AsyncAuthWithRawResponse
