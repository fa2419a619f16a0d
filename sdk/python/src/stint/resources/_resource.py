"""The base of every resource: a sync and an async flavour of the same few request shapes.

A resource module declares each operation once as a function returning a ``Call`` (method,
path, query, body), and two thin classes send it: ``X`` through ``Stint``, ``AsyncX``
through ``AsyncStint``. Adding a resource is one module of that form.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import httpx

from .._base import Call
from .._pagination import AsyncPage, AsyncPager, SyncPage

if TYPE_CHECKING:
    from .._client import AsyncStint, Stint


class SyncResource:
    def __init__(self, client: "Stint") -> None:
        self._client = client

    def _data(self, call: Call) -> Any:
        return self._client._request_json(call)["data"]

    def _json(self, call: Call) -> Any:
        return self._client._request_json(call)

    def _bytes(self, call: Call) -> bytes:
        return self._client._request_bytes(call)

    def _none(self, call: Call) -> None:
        self._client._request_none(call)

    def _response(self, call: Call) -> httpx.Response:
        return self._client._request_response(call)

    def _page(self, call: Call) -> SyncPage[Any]:
        return SyncPage(self._client, call, self._client._request_json(call))


class AsyncResource:
    def __init__(self, client: "AsyncStint") -> None:
        self._client = client

    async def _data(self, call: Call) -> Any:
        return (await self._client._request_json(call))["data"]

    async def _json(self, call: Call) -> Any:
        return await self._client._request_json(call)

    async def _bytes(self, call: Call) -> bytes:
        return await self._client._request_bytes(call)

    async def _none(self, call: Call) -> None:
        await self._client._request_none(call)

    async def _response(self, call: Call) -> httpx.Response:
        return await self._client._request_response(call)

    def _pager(self, call: Call) -> AsyncPager[Any]:
        client = self._client

        async def first_page() -> AsyncPage[Any]:
            return AsyncPage(client, call, await client._request_json(call))

        return AsyncPager(first_page)
