"""Rate changes (``/rates``): the organization's prices, for owners and admins."""

from __future__ import annotations

from typing import Optional, Union, cast

from .._base import NOT_GIVEN, Call, NotGiven, body, path, query
from .._pagination import AsyncPage, AsyncPager, SyncPage
from ..types import Rate, RateLevel
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource


def _list(level: Optional[RateLevel], user_id: Optional[str], project_id: Optional[str], page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", "/rates", params=query(level=level, user_id=user_id, project_id=project_id, page=page, per_page=per_page))


def _create(level: RateLevel, hourly_rate: Optional[float], effective_from: str, user_id: Union[str, NotGiven], project_id: Union[str, NotGiven]) -> Call:
    return Call("POST", "/rates", json=body(level=level, hourly_rate=hourly_rate, effective_from=effective_from, user_id=user_id, project_id=project_id))


class Rates(SyncResource["RatesWithRawResponse"]):
    def list(
        self,
        *,
        level: Optional[RateLevel] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> SyncPage[Rate]:
        """A page of recorded rate changes, oldest recorded first; iterate it for every one."""
        return self._page(_list(level, user_id, project_id, page, per_page))

    def create(
        self,
        level: RateLevel,
        hourly_rate: Optional[float],
        effective_from: str,
        *,
        user_id: Union[str, NotGiven] = NOT_GIVEN,
        project_id: Union[str, NotGiven] = NOT_GIVEN,
    ) -> Rate:
        """Records a change from ``effective_from`` (``YYYY-MM-DD``, the UTC day of an entry's start) on; ``None`` unsets the level from that day."""
        return cast(Rate, self._data(_create(level, hourly_rate, effective_from, user_id, project_id)))

    def get(self, rate_id: str) -> Rate:
        """One recorded change."""
        return cast(Rate, self._data(Call("GET", path("/rates/{}", rate_id))))

    def delete(self, rate_id: str) -> None:
        """Removes a change: the entries it applied to are billed at the rate in force without it."""
        self._none(Call("DELETE", path("/rates/{}", rate_id)))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncRates(AsyncResource["AsyncRatesWithRawResponse"]):
    def list(
        self,
        *,
        level: Optional[RateLevel] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> AsyncPager[Rate]:
        """A page of recorded rate changes, oldest recorded first; iterate it for every one."""
        return self._pager(_list(level, user_id, project_id, page, per_page))

    async def create(
        self,
        level: RateLevel,
        hourly_rate: Optional[float],
        effective_from: str,
        *,
        user_id: Union[str, NotGiven] = NOT_GIVEN,
        project_id: Union[str, NotGiven] = NOT_GIVEN,
    ) -> Rate:
        """Records a change from ``effective_from`` (``YYYY-MM-DD``, the UTC day of an entry's start) on; ``None`` unsets the level from that day."""
        return cast(Rate, await self._data(_create(level, hourly_rate, effective_from, user_id, project_id)))

    async def get(self, rate_id: str) -> Rate:
        """One recorded change."""
        return cast(Rate, await self._data(Call("GET", path("/rates/{}", rate_id))))

    async def delete(self, rate_id: str) -> None:
        """Removes a change: the entries it applied to are billed at the rate in force without it."""
        await self._none(Call("DELETE", path("/rates/{}", rate_id)))


class RatesWithRawResponse(SyncRawResource):
    """The methods of :class:`Rates`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Rates

    def list(
        self,
        *,
        level: Optional[RateLevel] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> RawResponse[SyncPage[Rate]]:
        """A page of recorded rate changes, oldest recorded first; iterate it for every one."""
        return self._call(lambda: self._resource.list(level=level, user_id=user_id, project_id=project_id, page=page, per_page=per_page))

    def create(
        self,
        level: RateLevel,
        hourly_rate: Optional[float],
        effective_from: str,
        *,
        user_id: Union[str, NotGiven] = NOT_GIVEN,
        project_id: Union[str, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[Rate]:
        """Records a change from ``effective_from`` (``YYYY-MM-DD``, the UTC day of an entry's start) on; ``None`` unsets the level from that day."""
        return self._call(lambda: self._resource.create(level=level, hourly_rate=hourly_rate, effective_from=effective_from, user_id=user_id, project_id=project_id))

    def get(self, rate_id: str) -> RawResponse[Rate]:
        """One recorded change."""
        return self._call(lambda: self._resource.get(rate_id=rate_id))

    def delete(self, rate_id: str) -> RawResponse[None]:
        """Removes a change: the entries it applied to are billed at the rate in force without it."""
        return self._call(lambda: self._resource.delete(rate_id=rate_id))


class AsyncRatesWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncRates`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncRates

    async def list(
        self,
        *,
        level: Optional[RateLevel] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> RawResponse[AsyncPage[Rate]]:
        """A page of recorded rate changes, oldest recorded first; iterate it for every one."""
        return await self._call(lambda: self._resource.list(level=level, user_id=user_id, project_id=project_id, page=page, per_page=per_page))

    async def create(
        self,
        level: RateLevel,
        hourly_rate: Optional[float],
        effective_from: str,
        *,
        user_id: Union[str, NotGiven] = NOT_GIVEN,
        project_id: Union[str, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[Rate]:
        """Records a change from ``effective_from`` (``YYYY-MM-DD``, the UTC day of an entry's start) on; ``None`` unsets the level from that day."""
        return await self._call(lambda: self._resource.create(level=level, hourly_rate=hourly_rate, effective_from=effective_from, user_id=user_id, project_id=project_id))

    async def get(self, rate_id: str) -> RawResponse[Rate]:
        """One recorded change."""
        return await self._call(lambda: self._resource.get(rate_id=rate_id))

    async def delete(self, rate_id: str) -> RawResponse[None]:
        """Removes a change: the entries it applied to are billed at the rate in force without it."""
        return await self._call(lambda: self._resource.delete(rate_id=rate_id))


Rates._raw_class = RatesWithRawResponse
AsyncRates._raw_class = AsyncRatesWithRawResponse
