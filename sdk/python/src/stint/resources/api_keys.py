"""API keys (``/api-keys``)."""

from __future__ import annotations

from typing import List, Optional, cast

from .._base import Call, body, path, query
from .._pagination import AsyncPager, SyncPage
from ..types import ApiKey, CreatedApiKey, Permission
from ._resource import AsyncResource, SyncResource


def _list(page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", "/api-keys", params=query(page=page, per_page=per_page))


def _create(name: str, permissions: List[Permission]) -> Call:
    return Call("POST", "/api-keys", json=body(name=name, permissions=permissions))


class ApiKeys(SyncResource):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[ApiKey]:
        return self._page(_list(page, per_page))

    def create(self, name: str, permissions: List[Permission]) -> CreatedApiKey:
        """A new key; ``key`` in the answer is the key itself, shown this once."""
        return cast(CreatedApiKey, self._data(_create(name, permissions)))

    def revoke(self, key_id: str) -> None:
        self._none(Call("DELETE", path("/api-keys/{}", key_id)))


class AsyncApiKeys(AsyncResource):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[ApiKey]:
        return self._pager(_list(page, per_page))

    async def create(self, name: str, permissions: List[Permission]) -> CreatedApiKey:
        return cast(CreatedApiKey, await self._data(_create(name, permissions)))

    async def revoke(self, key_id: str) -> None:
        await self._none(Call("DELETE", path("/api-keys/{}", key_id)))
