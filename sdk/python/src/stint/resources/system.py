"""The deployment itself (``/version``)."""

from __future__ import annotations

from typing import cast

from .._base import Call
from ..types import Version
from ._resource import AsyncResource, SyncResource

_VERSION = Call("GET", "/version")


class System(SyncResource):
    def version(self) -> Version:
        return cast(Version, self._data(_VERSION))


class AsyncSystem(AsyncResource):
    async def version(self) -> Version:
        return cast(Version, await self._data(_VERSION))
