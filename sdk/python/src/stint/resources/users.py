"""People of the organization (``/users``) and invitations (``/users/invitations``)."""

from __future__ import annotations

from typing import Optional, cast

from .._base import Call, body, path, query
from .._pagination import AsyncPage, AsyncPager, SyncPage
from ..types import CreatedInvitation, Invitation, InvitedRole, Role, Session, User
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource


def _list(role: Optional[Role], page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", "/users", params=query(role=role, page=page, per_page=per_page))


def _change_role(user_id: str, role: Role) -> Call:
    return Call("PATCH", path("/users/{}", user_id), json=body(role=role))


def _set_rate(user_id: str, hourly_rate: Optional[float]) -> Call:
    return Call("PATCH", path("/users/{}", user_id), json=body(hourly_rate=hourly_rate))


class Users(SyncResource["UsersWithRawResponse"]):
    def list(self, *, role: Optional[Role] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[User]:
        """A page of the organization's people, oldest first; iterate it for every one."""
        return self._page(_list(role, page, per_page))

    def get(self, user_id: str) -> User:
        """One person of the organization."""
        return cast(User, self._data(Call("GET", path("/users/{}", user_id))))

    def change_role(self, user_id: str, role: Role) -> User:
        """Makes someone an admin or a member (owners and admins); the owner's role is fixed (``ConflictError``)."""
        return cast(User, self._data(_change_role(user_id, role)))

    def set_rate(self, user_id: str, hourly_rate: Optional[float]) -> User:
        """Sets someone's own rate from the beginning, replacing its history (``None``: none); owners and admins, with ``projects:write``."""
        return cast(User, self._data(_set_rate(user_id, hourly_rate)))

    def remove(self, user_id: str) -> None:
        """Removes someone from the organization and revokes their credentials; the owner cannot be removed."""
        self._none(Call("DELETE", path("/users/{}", user_id)))


def _list_invitations(page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", "/users/invitations", params=query(page=page, per_page=per_page))


def _invite(email: str, role: InvitedRole) -> Call:
    return Call("POST", "/users/invitations", json=body(email=email, role=role))


def _accept(token: str, name: str, password: str) -> Call:
    return Call("POST", "/auth/invitations/accept", json=body(token=token, name=name, password=password))


class Invitations(SyncResource["InvitationsWithRawResponse"]):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[Invitation]:
        """A page of pending invitations, newest first (owners and admins); iterate it for every one."""
        return self._page(_list_invitations(page, per_page))

    def create(self, email: str, role: InvitedRole = "member") -> CreatedInvitation:
        """Invites someone; the answer's ``token`` is what they accept with (shown once)."""
        return cast(CreatedInvitation, self._data(_invite(email, role)))

    def get(self, invitation_id: str) -> Invitation:
        """One invitation (without its token)."""
        return cast(Invitation, self._data(Call("GET", path("/users/invitations/{}", invitation_id))))

    def revoke(self, invitation_id: str) -> None:
        """Withdraws an invitation: its token no longer works."""
        self._none(Call("DELETE", path("/users/invitations/{}", invitation_id)))

    def accept(self, token: str, *, name: str, password: str) -> Session:
        """Accepts an invitation (no credential needed): the new account, signed in."""
        return cast(Session, self._json(_accept(token, name, password)))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncUsers(AsyncResource["AsyncUsersWithRawResponse"]):
    def list(self, *, role: Optional[Role] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[User]:
        """A page of the organization's people, oldest first; iterate it for every one."""
        return self._pager(_list(role, page, per_page))

    async def get(self, user_id: str) -> User:
        """One person of the organization."""
        return cast(User, await self._data(Call("GET", path("/users/{}", user_id))))

    async def change_role(self, user_id: str, role: Role) -> User:
        """Makes someone an admin or a member (owners and admins); the owner's role is fixed (``ConflictError``)."""
        return cast(User, await self._data(_change_role(user_id, role)))

    async def set_rate(self, user_id: str, hourly_rate: Optional[float]) -> User:
        """Sets someone's own rate from the beginning, replacing its history (``None``: none); owners and admins, with ``projects:write``."""
        return cast(User, await self._data(_set_rate(user_id, hourly_rate)))

    async def remove(self, user_id: str) -> None:
        """Removes someone from the organization and revokes their credentials; the owner cannot be removed."""
        await self._none(Call("DELETE", path("/users/{}", user_id)))


class UsersWithRawResponse(SyncRawResource):
    """The methods of :class:`Users`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Users

    def list(self, *, role: Optional[Role] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[SyncPage[User]]:
        """A page of the organization's people, oldest first; iterate it for every one."""
        return self._call(lambda: self._resource.list(role=role, page=page, per_page=per_page))

    def get(self, user_id: str) -> RawResponse[User]:
        """One person of the organization."""
        return self._call(lambda: self._resource.get(user_id=user_id))

    def change_role(self, user_id: str, role: Role) -> RawResponse[User]:
        """Makes someone an admin or a member (owners and admins); the owner's role is fixed (``ConflictError``)."""
        return self._call(lambda: self._resource.change_role(user_id=user_id, role=role))

    def set_rate(self, user_id: str, hourly_rate: Optional[float]) -> RawResponse[User]:
        """Sets someone's own rate from the beginning, replacing its history (``None``: none); owners and admins, with ``projects:write``."""
        return self._call(lambda: self._resource.set_rate(user_id=user_id, hourly_rate=hourly_rate))

    def remove(self, user_id: str) -> RawResponse[None]:
        """Removes someone from the organization and revokes their credentials; the owner cannot be removed."""
        return self._call(lambda: self._resource.remove(user_id=user_id))


class AsyncUsersWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncUsers`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncUsers

    async def list(self, *, role: Optional[Role] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[AsyncPage[User]]:
        """A page of the organization's people, oldest first; iterate it for every one."""
        return await self._call(lambda: self._resource.list(role=role, page=page, per_page=per_page))

    async def get(self, user_id: str) -> RawResponse[User]:
        """One person of the organization."""
        return await self._call(lambda: self._resource.get(user_id=user_id))

    async def change_role(self, user_id: str, role: Role) -> RawResponse[User]:
        """Makes someone an admin or a member (owners and admins); the owner's role is fixed (``ConflictError``)."""
        return await self._call(lambda: self._resource.change_role(user_id=user_id, role=role))

    async def set_rate(self, user_id: str, hourly_rate: Optional[float]) -> RawResponse[User]:
        """Sets someone's own rate from the beginning, replacing its history (``None``: none); owners and admins, with ``projects:write``."""
        return await self._call(lambda: self._resource.set_rate(user_id=user_id, hourly_rate=hourly_rate))

    async def remove(self, user_id: str) -> RawResponse[None]:
        """Removes someone from the organization and revokes their credentials; the owner cannot be removed."""
        return await self._call(lambda: self._resource.remove(user_id=user_id))


class AsyncInvitations(AsyncResource["AsyncInvitationsWithRawResponse"]):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[Invitation]:
        """A page of pending invitations, newest first (owners and admins); iterate it for every one."""
        return self._pager(_list_invitations(page, per_page))

    async def create(self, email: str, role: InvitedRole = "member") -> CreatedInvitation:
        """Invites someone; the answer's ``token`` is what they accept with (shown once)."""
        return cast(CreatedInvitation, await self._data(_invite(email, role)))

    async def get(self, invitation_id: str) -> Invitation:
        """One invitation (without its token)."""
        return cast(Invitation, await self._data(Call("GET", path("/users/invitations/{}", invitation_id))))

    async def revoke(self, invitation_id: str) -> None:
        """Withdraws an invitation: its token no longer works."""
        await self._none(Call("DELETE", path("/users/invitations/{}", invitation_id)))

    async def accept(self, token: str, *, name: str, password: str) -> Session:
        """Accepts an invitation (no credential needed): the new account, signed in."""
        return cast(Session, await self._json(_accept(token, name, password)))


class InvitationsWithRawResponse(SyncRawResource):
    """The methods of :class:`Invitations`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Invitations

    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[SyncPage[Invitation]]:
        """A page of pending invitations, newest first (owners and admins); iterate it for every one."""
        return self._call(lambda: self._resource.list(page=page, per_page=per_page))

    def create(self, email: str, role: InvitedRole = "member") -> RawResponse[CreatedInvitation]:
        """Invites someone; the answer's ``token`` is what they accept with (shown once)."""
        return self._call(lambda: self._resource.create(email=email, role=role))

    def get(self, invitation_id: str) -> RawResponse[Invitation]:
        """One invitation (without its token)."""
        return self._call(lambda: self._resource.get(invitation_id=invitation_id))

    def revoke(self, invitation_id: str) -> RawResponse[None]:
        """Withdraws an invitation: its token no longer works."""
        return self._call(lambda: self._resource.revoke(invitation_id=invitation_id))

    def accept(self, token: str, *, name: str, password: str) -> RawResponse[Session]:
        """Accepts an invitation (no credential needed): the new account, signed in."""
        return self._call(lambda: self._resource.accept(token=token, name=name, password=password))


class AsyncInvitationsWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncInvitations`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncInvitations

    async def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[AsyncPage[Invitation]]:
        """A page of pending invitations, newest first (owners and admins); iterate it for every one."""
        return await self._call(lambda: self._resource.list(page=page, per_page=per_page))

    async def create(self, email: str, role: InvitedRole = "member") -> RawResponse[CreatedInvitation]:
        """Invites someone; the answer's ``token`` is what they accept with (shown once)."""
        return await self._call(lambda: self._resource.create(email=email, role=role))

    async def get(self, invitation_id: str) -> RawResponse[Invitation]:
        """One invitation (without its token)."""
        return await self._call(lambda: self._resource.get(invitation_id=invitation_id))

    async def revoke(self, invitation_id: str) -> RawResponse[None]:
        """Withdraws an invitation: its token no longer works."""
        return await self._call(lambda: self._resource.revoke(invitation_id=invitation_id))

    async def accept(self, token: str, *, name: str, password: str) -> RawResponse[Session]:
        """Accepts an invitation (no credential needed): the new account, signed in."""
        return await self._call(lambda: self._resource.accept(token=token, name=name, password=password))


Users._raw_class = UsersWithRawResponse
AsyncUsers._raw_class = AsyncUsersWithRawResponse
Invitations._raw_class = InvitationsWithRawResponse
AsyncInvitations._raw_class = AsyncInvitationsWithRawResponse
