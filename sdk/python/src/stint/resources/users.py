"""People of the organization (``/users``) and invitations (``/users/invitations``)."""

from __future__ import annotations

from typing import Optional, cast

from .._base import Call, body, path, query
from .._pagination import AsyncPager, SyncPage
from ..types import CreatedInvitation, Invitation, InvitedRole, Role, Session, User
from ._resource import AsyncResource, SyncResource


def _list(role: Optional[Role], page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", "/users", params=query(role=role, page=page, per_page=per_page))


def _change_role(user_id: str, role: Role) -> Call:
    return Call("PATCH", path("/users/{}", user_id), json=body(role=role))


class Users(SyncResource):
    def list(self, *, role: Optional[Role] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[User]:
        return self._page(_list(role, page, per_page))

    def get(self, user_id: str) -> User:
        return cast(User, self._data(Call("GET", path("/users/{}", user_id))))

    def change_role(self, user_id: str, role: Role) -> User:
        return cast(User, self._data(_change_role(user_id, role)))

    def remove(self, user_id: str) -> None:
        self._none(Call("DELETE", path("/users/{}", user_id)))


class AsyncUsers(AsyncResource):
    def list(self, *, role: Optional[Role] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[User]:
        return self._pager(_list(role, page, per_page))

    async def get(self, user_id: str) -> User:
        return cast(User, await self._data(Call("GET", path("/users/{}", user_id))))

    async def change_role(self, user_id: str, role: Role) -> User:
        return cast(User, await self._data(_change_role(user_id, role)))

    async def remove(self, user_id: str) -> None:
        await self._none(Call("DELETE", path("/users/{}", user_id)))


def _list_invitations(page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", "/users/invitations", params=query(page=page, per_page=per_page))


def _invite(email: str, role: InvitedRole) -> Call:
    return Call("POST", "/users/invitations", json=body(email=email, role=role))


def _accept(token: str, name: str, password: str) -> Call:
    return Call("POST", "/auth/invitations/accept", json=body(token=token, name=name, password=password))


class Invitations(SyncResource):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[Invitation]:
        return self._page(_list_invitations(page, per_page))

    def create(self, email: str, role: InvitedRole = "member") -> CreatedInvitation:
        """Invites someone; the answer's ``token`` is what they accept with (shown once)."""
        return cast(CreatedInvitation, self._data(_invite(email, role)))

    def get(self, invitation_id: str) -> Invitation:
        return cast(Invitation, self._data(Call("GET", path("/users/invitations/{}", invitation_id))))

    def revoke(self, invitation_id: str) -> None:
        self._none(Call("DELETE", path("/users/invitations/{}", invitation_id)))

    def accept(self, token: str, *, name: str, password: str) -> Session:
        """Accepts an invitation (no credential needed): the new account, signed in."""
        return cast(Session, self._json(_accept(token, name, password)))


class AsyncInvitations(AsyncResource):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[Invitation]:
        return self._pager(_list_invitations(page, per_page))

    async def create(self, email: str, role: InvitedRole = "member") -> CreatedInvitation:
        return cast(CreatedInvitation, await self._data(_invite(email, role)))

    async def get(self, invitation_id: str) -> Invitation:
        return cast(Invitation, await self._data(Call("GET", path("/users/invitations/{}", invitation_id))))

    async def revoke(self, invitation_id: str) -> None:
        await self._none(Call("DELETE", path("/users/invitations/{}", invitation_id)))

    async def accept(self, token: str, *, name: str, password: str) -> Session:
        return cast(Session, await self._json(_accept(token, name, password)))
