"""Sign-up, sign-in and session tokens (``/auth/...``); these need no credential."""

from __future__ import annotations

from typing import cast

from .._base import Call, body
from ..types import Session, Tokens
from ._resource import AsyncResource, SyncResource


def _register(email: str, password: str, name: str, organization_name: str) -> Call:
    return Call("POST", "/auth/register", json=body(email=email, password=password, name=name, organization_name=organization_name))


def _login(email: str, password: str) -> Call:
    return Call("POST", "/auth/login", json=body(email=email, password=password))


def _refresh(refresh_token: str) -> Call:
    return Call("POST", "/auth/refresh", json=body(refresh_token=refresh_token))


def _logout(refresh_token: str) -> Call:
    return Call("POST", "/auth/logout", json=body(refresh_token=refresh_token))


class Auth(SyncResource):
    def register(self, *, email: str, password: str, name: str, organization_name: str) -> Session:
        """A new organization and its owner, signed in."""
        return cast(Session, self._json(_register(email, password, name, organization_name)))

    def login(self, *, email: str, password: str) -> Session:
        return cast(Session, self._json(_login(email, password)))

    def refresh(self, refresh_token: str) -> Tokens:
        """New tokens; the refresh token given is used up."""
        return cast(Tokens, self._json(_refresh(refresh_token)))

    def logout(self, refresh_token: str) -> None:
        self._none(_logout(refresh_token))


class AsyncAuth(AsyncResource):
    async def register(self, *, email: str, password: str, name: str, organization_name: str) -> Session:
        return cast(Session, await self._json(_register(email, password, name, organization_name)))

    async def login(self, *, email: str, password: str) -> Session:
        return cast(Session, await self._json(_login(email, password)))

    async def refresh(self, refresh_token: str) -> Tokens:
        return cast(Tokens, await self._json(_refresh(refresh_token)))

    async def logout(self, refresh_token: str) -> None:
        await self._none(_logout(refresh_token))
