"""Tags (``/tags``): the organization's tags with how many entries carry each."""

from __future__ import annotations

from typing import Optional

from .._base import Call, query
from .._pagination import AsyncPage, AsyncPager, SyncPage
from ..types import Tag
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource


class Tags(SyncResource["TagsWithRawResponse"]):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[Tag]:
        """A page of the organization's tags by name, each with the entries carrying it that the caller sees; iterate it for every one."""
        return self._page(Call("GET", "/tags", params=query(page=page, per_page=per_page)))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncTags(AsyncResource["AsyncTagsWithRawResponse"]):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[Tag]:
        """A page of the organization's tags by name, each with the entries carrying it that the caller sees; iterate it for every one."""
        return self._pager(Call("GET", "/tags", params=query(page=page, per_page=per_page)))


class TagsWithRawResponse(SyncRawResource):
    """The methods of :class:`Tags`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Tags

    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[SyncPage[Tag]]:
        """A page of the organization's tags by name, each with the entries carrying it that the caller sees; iterate it for every one."""
        return self._call(lambda: self._resource.list(page=page, per_page=per_page))


class AsyncTagsWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncTags`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncTags

    async def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[AsyncPage[Tag]]:
        """A page of the organization's tags by name, each with the entries carrying it that the caller sees; iterate it for every one."""
        return await self._call(lambda: self._resource.list(page=page, per_page=per_page))


Tags._raw_class = TagsWithRawResponse
AsyncTags._raw_class = AsyncTagsWithRawResponse
