"""The deployment itself (``/version``)."""

from __future__ import annotations

from typing import cast

from .._base import Call
from ..types import Version
from .._pagination import AsyncPage, AsyncPager
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource

_VERSION = Call("GET", "/version")


class System(SyncResource["SystemWithRawResponse"]):
    def version(self) -> Version:
        """The deployment's name and version (no credential needed)."""
        return cast(Version, self._data(_VERSION))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncSystem(AsyncResource["AsyncSystemWithRawResponse"]):
    async def version(self) -> Version:
        """The deployment's name and version (no credential needed)."""
        return cast(Version, await self._data(_VERSION))


class SystemWithRawResponse(SyncRawResource):
    """The methods of :class:`System`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: System

    def version(self) -> RawResponse[Version]:
        """The deployment's name and version (no credential needed)."""
        return self._call(lambda: self._resource.version())


class AsyncSystemWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncSystem`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncSystem

    async def version(self) -> RawResponse[Version]:
        """The deployment's name and version (no credential needed)."""
        return await self._call(lambda: self._resource.version())


System._raw_class = SystemWithRawResponse
AsyncSystem._raw_class = AsyncSystemWithRawResponse
