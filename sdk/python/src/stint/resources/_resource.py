"""The bases of every resource: the blocking one, its async twin, and their raw-response views.

A resource module declares each operation once as a function returning a ``Call`` (method,
path, query, body), and a blocking class whose methods send it, each with its docstring.
``scripts/derive_twins.py`` writes the rest below them in the same module: the async class
(``AsyncX``, through ``AsyncStint``) and the ``with_raw_response`` classes of both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Awaitable, Callable, Generic, TypeVar, cast

import httpx

from .._base import Call
from .._pagination import AsyncPage, AsyncPager, SyncPage
from .._response import RawResponse, listening, raw_response

if TYPE_CHECKING:
    from .._client import AsyncStint, Stint

T = TypeVar("T")
#: The resource's ``with_raw_response`` class.
RawT = TypeVar("RawT")


class SyncResource(Generic[RawT]):
    #: The class of ``with_raw_response``: set below each resource by the derived code.
    _raw_class: Any = None

    def __init__(self, client: "Stint") -> None:
        self._client = client

    @property
    def with_raw_response(self) -> RawT:
        """The same methods, each answering a ``RawResponse``: its result with the HTTP status, headers and request id."""
        return cast(RawT, type(self)._raw_class(self))

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


class AsyncResource(Generic[RawT]):
    #: The class of ``with_raw_response``: set below each resource by the derived code.
    _raw_class: Any = None

    def __init__(self, client: "AsyncStint") -> None:
        self._client = client

    @property
    def with_raw_response(self) -> RawT:
        """The same methods, each answering a ``RawResponse``: its result with the HTTP status, headers and request id."""
        return cast(RawT, type(self)._raw_class(self))

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


class SyncRawResource:
    """The base of a blocking resource's ``with_raw_response``: each method calls the resource's and keeps the response."""

    def __init__(self, resource: Any) -> None:
        self._resource = resource

    def _call(self, method: Callable[[], T]) -> RawResponse[T]:
        with listening() as seen:
            data = method()
        return raw_response(data, seen)


class AsyncRawResource:
    """The base of an async resource's ``with_raw_response``."""

    def __init__(self, resource: Any) -> None:
        self._resource = resource

    async def _call(self, method: Callable[[], Awaitable[T]]) -> RawResponse[T]:
        with listening() as seen:
            data = await method()
        return raw_response(data, seen)
