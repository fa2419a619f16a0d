"""The caller's organization (``/organization``)."""

from __future__ import annotations

from typing import Optional, Union, cast

from .._base import NOT_GIVEN, Call, NotGiven, body
from ..types import Organization
from ._resource import AsyncResource, SyncResource

_GET = Call("GET", "/organization")


def _update(name: Union[str, NotGiven], screenshot_retention_days: Union[Optional[int], NotGiven]) -> Call:
    return Call("PATCH", "/organization", json=body(name=name, screenshot_retention_days=screenshot_retention_days))


class OrganizationResource(SyncResource):
    def get(self) -> Organization:
        return cast(Organization, self._data(_GET))

    def update(self, *, name: Union[str, NotGiven] = NOT_GIVEN, screenshot_retention_days: Union[Optional[int], NotGiven] = NOT_GIVEN) -> Organization:
        """Renames it (the owner) or sets how many days screenshots are kept (``None``: until deleted; the owner and admins)."""
        return cast(Organization, self._data(_update(name, screenshot_retention_days)))

    def rename(self, name: str) -> Organization:
        """``update(name=...)``, kept for code written before ``update``."""
        return self.update(name=name)


class AsyncOrganizationResource(AsyncResource):
    async def get(self) -> Organization:
        return cast(Organization, await self._data(_GET))

    async def update(self, *, name: Union[str, NotGiven] = NOT_GIVEN, screenshot_retention_days: Union[Optional[int], NotGiven] = NOT_GIVEN) -> Organization:
        return cast(Organization, await self._data(_update(name, screenshot_retention_days)))

    async def rename(self, name: str) -> Organization:
        return await self.update(name=name)
