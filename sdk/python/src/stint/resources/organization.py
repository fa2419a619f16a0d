"""The caller's organization (``/organization``)."""

from __future__ import annotations

from typing import cast

from .._base import Call, body
from ..types import Organization
from ._resource import AsyncResource, SyncResource

_GET = Call("GET", "/organization")


def _rename(name: str) -> Call:
    return Call("PATCH", "/organization", json=body(name=name))


class OrganizationResource(SyncResource):
    def get(self) -> Organization:
        return cast(Organization, self._data(_GET))

    def rename(self, name: str) -> Organization:
        return cast(Organization, self._data(_rename(name)))


class AsyncOrganizationResource(AsyncResource):
    async def get(self) -> Organization:
        return cast(Organization, await self._data(_GET))

    async def rename(self, name: str) -> Organization:
        return cast(Organization, await self._data(_rename(name)))
