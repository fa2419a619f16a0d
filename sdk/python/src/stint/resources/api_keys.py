"""API keys (``/api-keys``)."""

from __future__ import annotations

from typing import List, Optional, cast

from .._base import Call, body, path, query
from .._pagination import AsyncPage, AsyncPager, SyncPage
from ..types import ApiKey, CreatedApiKey, Permission
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource


def _list(page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", "/api-keys", params=query(page=page, per_page=per_page))


def _create(name: str, permissions: List[Permission]) -> Call:
    return Call("POST", "/api-keys", json=body(name=name, permissions=permissions))


class ApiKeys(SyncResource["ApiKeysWithRawResponse"]):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[ApiKey]:
        """A page of the organization's API keys (never the keys themselves); iterate it for every one. Needs a signed-in user's token."""
        return self._page(_list(page, per_page))

    def create(self, name: str, permissions: List[Permission]) -> CreatedApiKey:
        """A new key; ``key`` in the answer is the key itself, shown this once."""
        return cast(CreatedApiKey, self._data(_create(name, permissions)))

    def revoke(self, key_id: str) -> None:
        """Revokes a key: requests made with it fail from now on."""
        self._none(Call("DELETE", path("/api-keys/{}", key_id)))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncApiKeys(AsyncResource["AsyncApiKeysWithRawResponse"]):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[ApiKey]:
        """A page of the organization's API keys (never the keys themselves); iterate it for every one. Needs a signed-in user's token."""
        return self._pager(_list(page, per_page))

    async def create(self, name: str, permissions: List[Permission]) -> CreatedApiKey:
        """A new key; ``key`` in the answer is the key itself, shown this once."""
        return cast(CreatedApiKey, await self._data(_create(name, permissions)))

    async def revoke(self, key_id: str) -> None:
        """Revokes a key: requests made with it fail from now on."""
        await self._none(Call("DELETE", path("/api-keys/{}", key_id)))


class ApiKeysWithRawResponse(SyncRawResource):
    """The methods of :class:`ApiKeys`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: ApiKeys

    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[SyncPage[ApiKey]]:
        """A page of the organization's API keys (never the keys themselves); iterate it for every one. Needs a signed-in user's token."""
        return self._call(lambda: self._resource.list(page=page, per_page=per_page))

    def create(self, name: str, permissions: List[Permission]) -> RawResponse[CreatedApiKey]:
        """A new key; ``key`` in the answer is the key itself, shown this once."""
        return self._call(lambda: self._resource.create(name=name, permissions=permissions))

    def revoke(self, key_id: str) -> RawResponse[None]:
        """Revokes a key: requests made with it fail from now on."""
        return self._call(lambda: self._resource.revoke(key_id=key_id))


class AsyncApiKeysWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncApiKeys`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncApiKeys

    async def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[AsyncPage[ApiKey]]:
        """A page of the organization's API keys (never the keys themselves); iterate it for every one. Needs a signed-in user's token."""
        return await self._call(lambda: self._resource.list(page=page, per_page=per_page))

    async def create(self, name: str, permissions: List[Permission]) -> RawResponse[CreatedApiKey]:
        """A new key; ``key`` in the answer is the key itself, shown this once."""
        return await self._call(lambda: self._resource.create(name=name, permissions=permissions))

    async def revoke(self, key_id: str) -> RawResponse[None]:
        """Revokes a key: requests made with it fail from now on."""
        return await self._call(lambda: self._resource.revoke(key_id=key_id))


ApiKeys._raw_class = ApiKeysWithRawResponse
AsyncApiKeys._raw_class = AsyncApiKeysWithRawResponse
