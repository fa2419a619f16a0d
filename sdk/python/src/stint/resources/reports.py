"""Reports (``/reports/summary``, ``/reports/detailed``) and their CSV and XLSX exports."""

from __future__ import annotations

from datetime import date
from typing import Any, Dict, Literal, Optional, Union, cast

from .._base import Call, query
from .._pagination import AsyncPage, AsyncPager, SyncPage
from ..types import DetailedReportEntry, SummaryReport
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource

Day = Union[str, date]
GroupBy = Literal["project", "user", "task", "day", "week", "month", "billable"]
Rounding = Literal["none", "up", "down", "nearest"]
RoundingScope = Literal["entry", "group"]
WeekStart = Literal["monday", "sunday"]
FileFormat = Literal["csv", "xlsx"]


def _selection(start_date: Day, end_date: Day, timezone: Optional[str], user_id: Optional[str], project_id: Optional[str], task_id: Optional[str], billable: Optional[bool]) -> Dict[str, Any]:
    return dict(start_date=start_date, end_date=end_date, timezone=timezone, user_id=user_id, project_id=project_id, task_id=task_id, billable=billable)


def _summary(selection: Dict[str, Any], group_by: Optional[GroupBy], sub_group_by: Optional[GroupBy], rounding: Optional[Rounding], rounding_minutes: Optional[int], rounding_scope: Optional[RoundingScope], week_start: Optional[WeekStart], file_format: Optional[FileFormat]) -> Call:
    params = query(**selection, group_by=group_by, sub_group_by=sub_group_by, rounding=rounding, rounding_minutes=rounding_minutes, rounding_scope=rounding_scope, week_start=week_start, format=file_format)
    return Call("GET", "/reports/summary", params=params)


def _detailed(selection: Dict[str, Any], page: Optional[int], per_page: Optional[int], file_format: Optional[FileFormat]) -> Call:
    return Call("GET", "/reports/detailed", params=query(**selection, page=page, per_page=per_page, format=file_format))


class Reports(SyncResource["ReportsWithRawResponse"]):
    def summary(
        self,
        start_date: Day,
        end_date: Day,
        *,
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        group_by: Optional[GroupBy] = None,
        sub_group_by: Optional[GroupBy] = None,
        rounding: Optional[Rounding] = None,
        rounding_minutes: Optional[int] = None,
        rounding_scope: Optional[RoundingScope] = None,
        week_start: Optional[WeekStart] = None,
    ) -> SummaryReport:
        """Time added up by ``group_by`` (and ``sub_group_by``) over whole days of ``timezone``."""
        selection = _selection(start_date, end_date, timezone, user_id, project_id, task_id, billable)
        return cast(SummaryReport, self._data(_summary(selection, group_by, sub_group_by, rounding, rounding_minutes, rounding_scope, week_start, None)))

    def export_summary(
        self,
        start_date: Day,
        end_date: Day,
        *,
        format: FileFormat = "csv",
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        group_by: Optional[GroupBy] = None,
        sub_group_by: Optional[GroupBy] = None,
        rounding: Optional[Rounding] = None,
        rounding_minutes: Optional[int] = None,
        rounding_scope: Optional[RoundingScope] = None,
        week_start: Optional[WeekStart] = None,
    ) -> bytes:
        """The summary as a CSV or XLSX file's bytes."""
        selection = _selection(start_date, end_date, timezone, user_id, project_id, task_id, billable)
        return self._bytes(_summary(selection, group_by, sub_group_by, rounding, rounding_minutes, rounding_scope, week_start, format))

    def detailed(
        self,
        start_date: Day,
        end_date: Day,
        *,
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> SyncPage[DetailedReportEntry]:
        """A page of the range's entries with names; iterate it for every entry."""
        selection = _selection(start_date, end_date, timezone, user_id, project_id, task_id, billable)
        return self._page(_detailed(selection, page, per_page, None))

    def export_detailed(
        self,
        start_date: Day,
        end_date: Day,
        *,
        format: FileFormat = "csv",
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
    ) -> bytes:
        """Every entry of the range as a CSV or XLSX file's bytes."""
        selection = _selection(start_date, end_date, timezone, user_id, project_id, task_id, billable)
        return self._bytes(_detailed(selection, None, None, format))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncReports(AsyncResource["AsyncReportsWithRawResponse"]):
    async def summary(
        self,
        start_date: Day,
        end_date: Day,
        *,
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        group_by: Optional[GroupBy] = None,
        sub_group_by: Optional[GroupBy] = None,
        rounding: Optional[Rounding] = None,
        rounding_minutes: Optional[int] = None,
        rounding_scope: Optional[RoundingScope] = None,
        week_start: Optional[WeekStart] = None,
    ) -> SummaryReport:
        """Time added up by ``group_by`` (and ``sub_group_by``) over whole days of ``timezone``."""
        selection = _selection(start_date, end_date, timezone, user_id, project_id, task_id, billable)
        return cast(SummaryReport, await self._data(_summary(selection, group_by, sub_group_by, rounding, rounding_minutes, rounding_scope, week_start, None)))

    async def export_summary(
        self,
        start_date: Day,
        end_date: Day,
        *,
        format: FileFormat = "csv",
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        group_by: Optional[GroupBy] = None,
        sub_group_by: Optional[GroupBy] = None,
        rounding: Optional[Rounding] = None,
        rounding_minutes: Optional[int] = None,
        rounding_scope: Optional[RoundingScope] = None,
        week_start: Optional[WeekStart] = None,
    ) -> bytes:
        """The summary as a CSV or XLSX file's bytes."""
        selection = _selection(start_date, end_date, timezone, user_id, project_id, task_id, billable)
        return await self._bytes(_summary(selection, group_by, sub_group_by, rounding, rounding_minutes, rounding_scope, week_start, format))

    def detailed(
        self,
        start_date: Day,
        end_date: Day,
        *,
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> AsyncPager[DetailedReportEntry]:
        """A page of the range's entries with names; iterate it for every entry."""
        selection = _selection(start_date, end_date, timezone, user_id, project_id, task_id, billable)
        return self._pager(_detailed(selection, page, per_page, None))

    async def export_detailed(
        self,
        start_date: Day,
        end_date: Day,
        *,
        format: FileFormat = "csv",
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
    ) -> bytes:
        """Every entry of the range as a CSV or XLSX file's bytes."""
        selection = _selection(start_date, end_date, timezone, user_id, project_id, task_id, billable)
        return await self._bytes(_detailed(selection, None, None, format))


class ReportsWithRawResponse(SyncRawResource):
    """The methods of :class:`Reports`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Reports

    def summary(
        self,
        start_date: Day,
        end_date: Day,
        *,
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        group_by: Optional[GroupBy] = None,
        sub_group_by: Optional[GroupBy] = None,
        rounding: Optional[Rounding] = None,
        rounding_minutes: Optional[int] = None,
        rounding_scope: Optional[RoundingScope] = None,
        week_start: Optional[WeekStart] = None,
    ) -> RawResponse[SummaryReport]:
        """Time added up by ``group_by`` (and ``sub_group_by``) over whole days of ``timezone``."""
        return self._call(lambda: self._resource.summary(start_date=start_date, end_date=end_date, timezone=timezone, user_id=user_id, project_id=project_id, task_id=task_id, billable=billable, group_by=group_by, sub_group_by=sub_group_by, rounding=rounding, rounding_minutes=rounding_minutes, rounding_scope=rounding_scope, week_start=week_start))

    def export_summary(
        self,
        start_date: Day,
        end_date: Day,
        *,
        format: FileFormat = "csv",
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        group_by: Optional[GroupBy] = None,
        sub_group_by: Optional[GroupBy] = None,
        rounding: Optional[Rounding] = None,
        rounding_minutes: Optional[int] = None,
        rounding_scope: Optional[RoundingScope] = None,
        week_start: Optional[WeekStart] = None,
    ) -> RawResponse[bytes]:
        """The summary as a CSV or XLSX file's bytes."""
        return self._call(lambda: self._resource.export_summary(start_date=start_date, end_date=end_date, format=format, timezone=timezone, user_id=user_id, project_id=project_id, task_id=task_id, billable=billable, group_by=group_by, sub_group_by=sub_group_by, rounding=rounding, rounding_minutes=rounding_minutes, rounding_scope=rounding_scope, week_start=week_start))

    def detailed(
        self,
        start_date: Day,
        end_date: Day,
        *,
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> RawResponse[SyncPage[DetailedReportEntry]]:
        """A page of the range's entries with names; iterate it for every entry."""
        return self._call(lambda: self._resource.detailed(start_date=start_date, end_date=end_date, timezone=timezone, user_id=user_id, project_id=project_id, task_id=task_id, billable=billable, page=page, per_page=per_page))

    def export_detailed(
        self,
        start_date: Day,
        end_date: Day,
        *,
        format: FileFormat = "csv",
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
    ) -> RawResponse[bytes]:
        """Every entry of the range as a CSV or XLSX file's bytes."""
        return self._call(lambda: self._resource.export_detailed(start_date=start_date, end_date=end_date, format=format, timezone=timezone, user_id=user_id, project_id=project_id, task_id=task_id, billable=billable))


class AsyncReportsWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncReports`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncReports

    async def summary(
        self,
        start_date: Day,
        end_date: Day,
        *,
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        group_by: Optional[GroupBy] = None,
        sub_group_by: Optional[GroupBy] = None,
        rounding: Optional[Rounding] = None,
        rounding_minutes: Optional[int] = None,
        rounding_scope: Optional[RoundingScope] = None,
        week_start: Optional[WeekStart] = None,
    ) -> RawResponse[SummaryReport]:
        """Time added up by ``group_by`` (and ``sub_group_by``) over whole days of ``timezone``."""
        return await self._call(lambda: self._resource.summary(start_date=start_date, end_date=end_date, timezone=timezone, user_id=user_id, project_id=project_id, task_id=task_id, billable=billable, group_by=group_by, sub_group_by=sub_group_by, rounding=rounding, rounding_minutes=rounding_minutes, rounding_scope=rounding_scope, week_start=week_start))

    async def export_summary(
        self,
        start_date: Day,
        end_date: Day,
        *,
        format: FileFormat = "csv",
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        group_by: Optional[GroupBy] = None,
        sub_group_by: Optional[GroupBy] = None,
        rounding: Optional[Rounding] = None,
        rounding_minutes: Optional[int] = None,
        rounding_scope: Optional[RoundingScope] = None,
        week_start: Optional[WeekStart] = None,
    ) -> RawResponse[bytes]:
        """The summary as a CSV or XLSX file's bytes."""
        return await self._call(lambda: self._resource.export_summary(start_date=start_date, end_date=end_date, format=format, timezone=timezone, user_id=user_id, project_id=project_id, task_id=task_id, billable=billable, group_by=group_by, sub_group_by=sub_group_by, rounding=rounding, rounding_minutes=rounding_minutes, rounding_scope=rounding_scope, week_start=week_start))

    async def detailed(
        self,
        start_date: Day,
        end_date: Day,
        *,
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> RawResponse[AsyncPage[DetailedReportEntry]]:
        """A page of the range's entries with names; iterate it for every entry."""
        return await self._call(lambda: self._resource.detailed(start_date=start_date, end_date=end_date, timezone=timezone, user_id=user_id, project_id=project_id, task_id=task_id, billable=billable, page=page, per_page=per_page))

    async def export_detailed(
        self,
        start_date: Day,
        end_date: Day,
        *,
        format: FileFormat = "csv",
        timezone: Optional[str] = None,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
    ) -> RawResponse[bytes]:
        """Every entry of the range as a CSV or XLSX file's bytes."""
        return await self._call(lambda: self._resource.export_detailed(start_date=start_date, end_date=end_date, format=format, timezone=timezone, user_id=user_id, project_id=project_id, task_id=task_id, billable=billable))


Reports._raw_class = ReportsWithRawResponse
AsyncReports._raw_class = AsyncReportsWithRawResponse
