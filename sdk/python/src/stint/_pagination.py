"""Pages of a list, which are also iterators over every item of every page from there on."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, AsyncIterator, Awaitable, Callable, Dict, Generator, Generic, Iterator, List, Optional, TypeVar

from ._base import Call
from .types import PageMeta

if TYPE_CHECKING:
    from ._client import AsyncStint, Stint

T = TypeVar("T")


def _next_call(call: Call, meta: PageMeta) -> Call:
    params: Dict[str, Any] = dict(call.params or {})
    params["page"] = meta["page"] + 1
    params["per_page"] = meta["per_page"]
    return dataclasses.replace(call, params=params)


def _has_next(data: List[Any], meta: PageMeta) -> bool:
    # An empty page ends the walk even if `total` grew meanwhile: never loop on nothing.
    return len(data) > 0 and meta["page"] * meta["per_page"] < meta["total"]


class SyncPage(Generic[T]):
    """One page (``data``, ``meta``); iterating it walks every item of this and the following pages."""

    def __init__(self, client: "Stint", call: Call, payload: Dict[str, Any]) -> None:
        self._client = client
        self._call = call
        self.data: List[T] = payload["data"]
        self.meta: PageMeta = payload["meta"]

    def has_next_page(self) -> bool:
        """Whether a page follows this one."""
        return _has_next(self.data, self.meta)

    def next_page(self) -> Optional["SyncPage[T]"]:
        """The following page, or None after the last."""
        if not self.has_next_page():
            return None
        call = _next_call(self._call, self.meta)
        return SyncPage(self._client, call, self._client._request_json(call))

    def iter_pages(self) -> Iterator["SyncPage[T]"]:
        """This page and every page after it, each fetched as the loop gets there."""
        page: Optional[SyncPage[T]] = self
        while page is not None:
            yield page
            page = page.next_page()

    def __iter__(self) -> Iterator[T]:
        for page in self.iter_pages():
            yield from page.data

    def __repr__(self) -> str:
        return f"SyncPage(meta={self.meta!r}, items={len(self.data)})"


class AsyncPage(Generic[T]):
    """The async twin of :class:`SyncPage`: ``async for`` walks every item of every page."""

    def __init__(self, client: "AsyncStint", call: Call, payload: Dict[str, Any]) -> None:
        self._client = client
        self._call = call
        self.data: List[T] = payload["data"]
        self.meta: PageMeta = payload["meta"]

    def has_next_page(self) -> bool:
        """Whether a page follows this one."""
        return _has_next(self.data, self.meta)

    async def next_page(self) -> Optional["AsyncPage[T]"]:
        """The following page, or None after the last."""
        if not self.has_next_page():
            return None
        call = _next_call(self._call, self.meta)
        return AsyncPage(self._client, call, await self._client._request_json(call))

    async def iter_pages(self) -> AsyncIterator["AsyncPage[T]"]:
        """This page and every page after it, each fetched as the loop gets there."""
        page: Optional[AsyncPage[T]] = self
        while page is not None:
            yield page
            page = await page.next_page()

    async def _items(self) -> AsyncIterator[T]:
        async for page in self.iter_pages():
            for item in page.data:
                yield item

    def __aiter__(self) -> AsyncIterator[T]:
        return self._items()

    def __repr__(self) -> str:
        return f"AsyncPage(meta={self.meta!r}, items={len(self.data)})"


class AsyncPager(Generic[T]):
    """What an async ``list`` returns: ``await`` it for the first page, or ``async for`` over every item."""

    def __init__(self, fetch: Callable[[], Awaitable[AsyncPage[T]]]) -> None:
        self._fetch = fetch

    def __await__(self) -> Generator[Any, None, AsyncPage[T]]:
        return self._fetch().__await__()

    async def _items(self) -> AsyncIterator[T]:
        page = await self._fetch()
        async for item in page:
            yield item

    def __aiter__(self) -> AsyncIterator[T]:
        return self._items()
