"""The caller's organization (``/organization``)."""

from __future__ import annotations

from typing import Optional, Union, cast

from .._base import NOT_GIVEN, Call, NotGiven, body
from ..types import Organization
from .._pagination import AsyncPage, AsyncPager
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource

_GET = Call("GET", "/organization")


def _update(
    name: Union[str, NotGiven],
    screenshot_retention_days: Union[Optional[int], NotGiven],
    screenshot_interval_minutes: Union[int, NotGiven],
    screenshot_blur: Union[bool, NotGiven],
    currency: Union[str, NotGiven],
    default_hourly_rate: Union[Optional[float], NotGiven],
    members_see_own_amounts: Union[bool, NotGiven],
) -> Call:
    fields = body(
        name=name,
        screenshot_retention_days=screenshot_retention_days,
        screenshot_interval_minutes=screenshot_interval_minutes,
        screenshot_blur=screenshot_blur,
        currency=currency,
        default_hourly_rate=default_hourly_rate,
        members_see_own_amounts=members_see_own_amounts,
    )
    return Call("PATCH", "/organization", json=fields)


class OrganizationResource(SyncResource["OrganizationResourceWithRawResponse"]):
    def get(self) -> Organization:
        """The caller's organization."""
        return cast(Organization, self._data(_GET))

    def update(
        self,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        screenshot_retention_days: Union[Optional[int], NotGiven] = NOT_GIVEN,
        screenshot_interval_minutes: Union[int, NotGiven] = NOT_GIVEN,
        screenshot_blur: Union[bool, NotGiven] = NOT_GIVEN,
        currency: Union[str, NotGiven] = NOT_GIVEN,
        default_hourly_rate: Union[Optional[float], NotGiven] = NOT_GIVEN,
        members_see_own_amounts: Union[bool, NotGiven] = NOT_GIVEN,
    ) -> Organization:
        """Renames it (the owner) or sets how many days screenshots are kept (``None``: until deleted), the capture agent's interval in minutes (0-60, 0: off) and blur, the currency, the default rate (``None``: none) and whether members see their own amounts (the owner and admins)."""
        return cast(Organization, self._data(_update(name, screenshot_retention_days, screenshot_interval_minutes, screenshot_blur, currency, default_hourly_rate, members_see_own_amounts)))

    def rename(self, name: str) -> Organization:
        """``update(name=...)``, kept for code written before ``update``."""
        return self.update(name=name)


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncOrganizationResource(AsyncResource["AsyncOrganizationResourceWithRawResponse"]):
    async def get(self) -> Organization:
        """The caller's organization."""
        return cast(Organization, await self._data(_GET))

    async def update(
        self,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        screenshot_retention_days: Union[Optional[int], NotGiven] = NOT_GIVEN,
        screenshot_interval_minutes: Union[int, NotGiven] = NOT_GIVEN,
        screenshot_blur: Union[bool, NotGiven] = NOT_GIVEN,
        currency: Union[str, NotGiven] = NOT_GIVEN,
        default_hourly_rate: Union[Optional[float], NotGiven] = NOT_GIVEN,
        members_see_own_amounts: Union[bool, NotGiven] = NOT_GIVEN,
    ) -> Organization:
        """Renames it (the owner) or sets how many days screenshots are kept (``None``: until deleted), the capture agent's interval in minutes (0-60, 0: off) and blur, the currency, the default rate (``None``: none) and whether members see their own amounts (the owner and admins)."""
        return cast(Organization, await self._data(_update(name, screenshot_retention_days, screenshot_interval_minutes, screenshot_blur, currency, default_hourly_rate, members_see_own_amounts)))

    async def rename(self, name: str) -> Organization:
        """``update(name=...)``, kept for code written before ``update``."""
        return await self.update(name=name)


class OrganizationResourceWithRawResponse(SyncRawResource):
    """The methods of :class:`OrganizationResource`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: OrganizationResource

    def get(self) -> RawResponse[Organization]:
        """The caller's organization."""
        return self._call(lambda: self._resource.get())

    def update(
        self,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        screenshot_retention_days: Union[Optional[int], NotGiven] = NOT_GIVEN,
        screenshot_interval_minutes: Union[int, NotGiven] = NOT_GIVEN,
        screenshot_blur: Union[bool, NotGiven] = NOT_GIVEN,
        currency: Union[str, NotGiven] = NOT_GIVEN,
        default_hourly_rate: Union[Optional[float], NotGiven] = NOT_GIVEN,
        members_see_own_amounts: Union[bool, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[Organization]:
        """Renames it (the owner) or sets how many days screenshots are kept (``None``: until deleted), the capture agent's interval in minutes (0-60, 0: off) and blur, the currency, the default rate (``None``: none) and whether members see their own amounts (the owner and admins)."""
        return self._call(lambda: self._resource.update(name=name, screenshot_retention_days=screenshot_retention_days, screenshot_interval_minutes=screenshot_interval_minutes, screenshot_blur=screenshot_blur, currency=currency, default_hourly_rate=default_hourly_rate, members_see_own_amounts=members_see_own_amounts))

    def rename(self, name: str) -> RawResponse[Organization]:
        """``update(name=...)``, kept for code written before ``update``."""
        return self._call(lambda: self._resource.rename(name=name))


class AsyncOrganizationResourceWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncOrganizationResource`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncOrganizationResource

    async def get(self) -> RawResponse[Organization]:
        """The caller's organization."""
        return await self._call(lambda: self._resource.get())

    async def update(
        self,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        screenshot_retention_days: Union[Optional[int], NotGiven] = NOT_GIVEN,
        screenshot_interval_minutes: Union[int, NotGiven] = NOT_GIVEN,
        screenshot_blur: Union[bool, NotGiven] = NOT_GIVEN,
        currency: Union[str, NotGiven] = NOT_GIVEN,
        default_hourly_rate: Union[Optional[float], NotGiven] = NOT_GIVEN,
        members_see_own_amounts: Union[bool, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[Organization]:
        """Renames it (the owner) or sets how many days screenshots are kept (``None``: until deleted), the capture agent's interval in minutes (0-60, 0: off) and blur, the currency, the default rate (``None``: none) and whether members see their own amounts (the owner and admins)."""
        return await self._call(lambda: self._resource.update(name=name, screenshot_retention_days=screenshot_retention_days, screenshot_interval_minutes=screenshot_interval_minutes, screenshot_blur=screenshot_blur, currency=currency, default_hourly_rate=default_hourly_rate, members_see_own_amounts=members_see_own_amounts))

    async def rename(self, name: str) -> RawResponse[Organization]:
        """``update(name=...)``, kept for code written before ``update``."""
        return await self._call(lambda: self._resource.rename(name=name))


OrganizationResource._raw_class = OrganizationResourceWithRawResponse
AsyncOrganizationResource._raw_class = AsyncOrganizationResourceWithRawResponse
