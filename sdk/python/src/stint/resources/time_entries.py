"""Time entries and the timer (``/time-entries``)."""

from __future__ import annotations

from datetime import date, datetime
from typing import List, Optional, Union, cast

from .._base import NOT_GIVEN, Call, NotGiven, body, path, query
from .._pagination import AsyncPage, AsyncPager, SyncPage
from ..types import TimeEntry
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource

#: A moment: an ISO 8601 string, or a datetime (a naive one is taken as UTC).
Moment = Union[str, datetime]
Day = Union[str, date]


def _list(user_id: Optional[str], project_id: Optional[str], task_id: Optional[str], billable: Optional[bool], start_date: Optional[Day], end_date: Optional[Day], tags: Optional[List[str]], page: Optional[int], per_page: Optional[int]) -> Call:
    params = query(user_id=user_id, project_id=project_id, task_id=task_id, billable=billable, start_date=start_date, end_date=end_date, page=page, per_page=per_page)
    if tags:
        # `?tag=a&tag=b`: entries carrying any of them.
        params["tag"] = list(tags)
    return Call("GET", "/time-entries", params=params)


def _create(project_id: str, start_time: Moment, end_time: Moment, task_id: Union[str, None, NotGiven], description: Union[str, NotGiven], billable: Union[bool, NotGiven], tags: Union[List[str], NotGiven], user_id: Union[str, NotGiven]) -> Call:
    fields = body(project_id=project_id, start_time=start_time, end_time=end_time, task_id=task_id, description=description, billable=billable, tags=tags, user_id=user_id)
    return Call("POST", "/time-entries", json=fields)


def _update(
    entry_id: str,
    project_id: Union[str, NotGiven],
    start_time: Union[Moment, NotGiven],
    end_time: Union[Moment, NotGiven],
    task_id: Union[str, None, NotGiven],
    description: Union[str, NotGiven],
    billable: Union[bool, NotGiven],
    tags: Union[List[str], NotGiven],
    user_id: Union[str, NotGiven],
) -> Call:
    fields = body(project_id=project_id, start_time=start_time, end_time=end_time, task_id=task_id, description=description, billable=billable, tags=tags, user_id=user_id)
    return Call("PUT", path("/time-entries/{}", entry_id), json=fields)


def _start(project_id: str, description: Optional[str], task_id: Optional[str], billable: Union[bool, NotGiven], tags: Union[List[str], NotGiven]) -> Call:
    fields = body(project_id=project_id, billable=billable, tags=tags)
    if description is not None:
        fields["description"] = description
    if task_id is not None:
        fields["task_id"] = task_id
    return Call("POST", "/time-entries/start", json=fields)


_CURRENT = Call("GET", "/time-entries/current")
_STOP = Call("POST", "/time-entries/stop")


class TimeEntries(SyncResource["TimeEntriesWithRawResponse"]):
    def list(
        self,
        *,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        start_date: Optional[Day] = None,
        end_date: Optional[Day] = None,
        tags: Optional[List[str]] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> SyncPage[TimeEntry]:
        """A page of entries, newest first; iterate it for every entry."""
        return self._page(_list(user_id, project_id, task_id, billable, start_date, end_date, tags, page, per_page))

    def create(
        self,
        project_id: str,
        start_time: Moment,
        end_time: Moment,
        *,
        task_id: Union[str, None, NotGiven] = NOT_GIVEN,
        description: Union[str, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        tags: Union[List[str], NotGiven] = NOT_GIVEN,
        user_id: Union[str, NotGiven] = NOT_GIVEN,
    ) -> TimeEntry:
        """A finished entry recorded by hand."""
        return cast(TimeEntry, self._data(_create(project_id, start_time, end_time, task_id, description, billable, tags, user_id)))

    def get(self, entry_id: str) -> TimeEntry:
        """One time entry."""
        return cast(TimeEntry, self._data(Call("GET", path("/time-entries/{}", entry_id))))

    def update(
        self,
        entry_id: str,
        *,
        project_id: Union[str, NotGiven] = NOT_GIVEN,
        start_time: Union[Moment, NotGiven] = NOT_GIVEN,
        end_time: Union[Moment, NotGiven] = NOT_GIVEN,
        task_id: Union[str, None, NotGiven] = NOT_GIVEN,
        description: Union[str, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        tags: Union[List[str], NotGiven] = NOT_GIVEN,
        user_id: Union[str, NotGiven] = NOT_GIVEN,
    ) -> TimeEntry:
        """Changes only the fields given (a running entry's ``end_time`` stops it)."""
        return cast(TimeEntry, self._data(_update(entry_id, project_id, start_time, end_time, task_id, description, billable, tags, user_id)))

    def delete(self, entry_id: str) -> None:
        """Deletes the entry."""
        self._none(Call("DELETE", path("/time-entries/{}", entry_id)))

    def start(
        self,
        project_id: str,
        description: Optional[str] = None,
        task_id: Optional[str] = None,
        *,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        tags: Union[List[str], NotGiven] = NOT_GIVEN,
    ) -> TimeEntry:
        """Starts the caller's timer (stopping a running one first) and returns the running entry."""
        return cast(TimeEntry, self._data(_start(project_id, description, task_id, billable, tags)))

    def stop(self) -> TimeEntry:
        """Stops the caller's running timer; ``NotFoundError`` when none runs."""
        return cast(TimeEntry, self._data(_STOP))

    def current(self) -> Optional[TimeEntry]:
        """The caller's running entry, or None when no timer runs."""
        return cast(Optional[TimeEntry], self._data(_CURRENT))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncTimeEntries(AsyncResource["AsyncTimeEntriesWithRawResponse"]):
    def list(
        self,
        *,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        start_date: Optional[Day] = None,
        end_date: Optional[Day] = None,
        tags: Optional[List[str]] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> AsyncPager[TimeEntry]:
        """A page of entries, newest first; iterate it for every entry."""
        return self._pager(_list(user_id, project_id, task_id, billable, start_date, end_date, tags, page, per_page))

    async def create(
        self,
        project_id: str,
        start_time: Moment,
        end_time: Moment,
        *,
        task_id: Union[str, None, NotGiven] = NOT_GIVEN,
        description: Union[str, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        tags: Union[List[str], NotGiven] = NOT_GIVEN,
        user_id: Union[str, NotGiven] = NOT_GIVEN,
    ) -> TimeEntry:
        """A finished entry recorded by hand."""
        return cast(TimeEntry, await self._data(_create(project_id, start_time, end_time, task_id, description, billable, tags, user_id)))

    async def get(self, entry_id: str) -> TimeEntry:
        """One time entry."""
        return cast(TimeEntry, await self._data(Call("GET", path("/time-entries/{}", entry_id))))

    async def update(
        self,
        entry_id: str,
        *,
        project_id: Union[str, NotGiven] = NOT_GIVEN,
        start_time: Union[Moment, NotGiven] = NOT_GIVEN,
        end_time: Union[Moment, NotGiven] = NOT_GIVEN,
        task_id: Union[str, None, NotGiven] = NOT_GIVEN,
        description: Union[str, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        tags: Union[List[str], NotGiven] = NOT_GIVEN,
        user_id: Union[str, NotGiven] = NOT_GIVEN,
    ) -> TimeEntry:
        """Changes only the fields given (a running entry's ``end_time`` stops it)."""
        return cast(TimeEntry, await self._data(_update(entry_id, project_id, start_time, end_time, task_id, description, billable, tags, user_id)))

    async def delete(self, entry_id: str) -> None:
        """Deletes the entry."""
        await self._none(Call("DELETE", path("/time-entries/{}", entry_id)))

    async def start(
        self,
        project_id: str,
        description: Optional[str] = None,
        task_id: Optional[str] = None,
        *,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        tags: Union[List[str], NotGiven] = NOT_GIVEN,
    ) -> TimeEntry:
        """Starts the caller's timer (stopping a running one first) and returns the running entry."""
        return cast(TimeEntry, await self._data(_start(project_id, description, task_id, billable, tags)))

    async def stop(self) -> TimeEntry:
        """Stops the caller's running timer; ``NotFoundError`` when none runs."""
        return cast(TimeEntry, await self._data(_STOP))

    async def current(self) -> Optional[TimeEntry]:
        """The caller's running entry, or None when no timer runs."""
        return cast(Optional[TimeEntry], await self._data(_CURRENT))


class TimeEntriesWithRawResponse(SyncRawResource):
    """The methods of :class:`TimeEntries`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: TimeEntries

    def list(
        self,
        *,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        start_date: Optional[Day] = None,
        end_date: Optional[Day] = None,
        tags: Optional[List[str]] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> RawResponse[SyncPage[TimeEntry]]:
        """A page of entries, newest first; iterate it for every entry."""
        return self._call(lambda: self._resource.list(user_id=user_id, project_id=project_id, task_id=task_id, billable=billable, start_date=start_date, end_date=end_date, tags=tags, page=page, per_page=per_page))

    def create(
        self,
        project_id: str,
        start_time: Moment,
        end_time: Moment,
        *,
        task_id: Union[str, None, NotGiven] = NOT_GIVEN,
        description: Union[str, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        tags: Union[List[str], NotGiven] = NOT_GIVEN,
        user_id: Union[str, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[TimeEntry]:
        """A finished entry recorded by hand."""
        return self._call(lambda: self._resource.create(project_id=project_id, start_time=start_time, end_time=end_time, task_id=task_id, description=description, billable=billable, tags=tags, user_id=user_id))

    def get(self, entry_id: str) -> RawResponse[TimeEntry]:
        """One time entry."""
        return self._call(lambda: self._resource.get(entry_id=entry_id))

    def update(
        self,
        entry_id: str,
        *,
        project_id: Union[str, NotGiven] = NOT_GIVEN,
        start_time: Union[Moment, NotGiven] = NOT_GIVEN,
        end_time: Union[Moment, NotGiven] = NOT_GIVEN,
        task_id: Union[str, None, NotGiven] = NOT_GIVEN,
        description: Union[str, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        tags: Union[List[str], NotGiven] = NOT_GIVEN,
        user_id: Union[str, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[TimeEntry]:
        """Changes only the fields given (a running entry's ``end_time`` stops it)."""
        return self._call(lambda: self._resource.update(entry_id=entry_id, project_id=project_id, start_time=start_time, end_time=end_time, task_id=task_id, description=description, billable=billable, tags=tags, user_id=user_id))

    def delete(self, entry_id: str) -> RawResponse[None]:
        """Deletes the entry."""
        return self._call(lambda: self._resource.delete(entry_id=entry_id))

    def start(
        self,
        project_id: str,
        description: Optional[str] = None,
        task_id: Optional[str] = None,
        *,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        tags: Union[List[str], NotGiven] = NOT_GIVEN,
    ) -> RawResponse[TimeEntry]:
        """Starts the caller's timer (stopping a running one first) and returns the running entry."""
        return self._call(lambda: self._resource.start(project_id=project_id, description=description, task_id=task_id, billable=billable, tags=tags))

    def stop(self) -> RawResponse[TimeEntry]:
        """Stops the caller's running timer; ``NotFoundError`` when none runs."""
        return self._call(lambda: self._resource.stop())

    def current(self) -> RawResponse[Optional[TimeEntry]]:
        """The caller's running entry, or None when no timer runs."""
        return self._call(lambda: self._resource.current())


class AsyncTimeEntriesWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncTimeEntries`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncTimeEntries

    async def list(
        self,
        *,
        user_id: Optional[str] = None,
        project_id: Optional[str] = None,
        task_id: Optional[str] = None,
        billable: Optional[bool] = None,
        start_date: Optional[Day] = None,
        end_date: Optional[Day] = None,
        tags: Optional[List[str]] = None,
        page: Optional[int] = None,
        per_page: Optional[int] = None,
    ) -> RawResponse[AsyncPage[TimeEntry]]:
        """A page of entries, newest first; iterate it for every entry."""
        return await self._call(lambda: self._resource.list(user_id=user_id, project_id=project_id, task_id=task_id, billable=billable, start_date=start_date, end_date=end_date, tags=tags, page=page, per_page=per_page))

    async def create(
        self,
        project_id: str,
        start_time: Moment,
        end_time: Moment,
        *,
        task_id: Union[str, None, NotGiven] = NOT_GIVEN,
        description: Union[str, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        tags: Union[List[str], NotGiven] = NOT_GIVEN,
        user_id: Union[str, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[TimeEntry]:
        """A finished entry recorded by hand."""
        return await self._call(lambda: self._resource.create(project_id=project_id, start_time=start_time, end_time=end_time, task_id=task_id, description=description, billable=billable, tags=tags, user_id=user_id))

    async def get(self, entry_id: str) -> RawResponse[TimeEntry]:
        """One time entry."""
        return await self._call(lambda: self._resource.get(entry_id=entry_id))

    async def update(
        self,
        entry_id: str,
        *,
        project_id: Union[str, NotGiven] = NOT_GIVEN,
        start_time: Union[Moment, NotGiven] = NOT_GIVEN,
        end_time: Union[Moment, NotGiven] = NOT_GIVEN,
        task_id: Union[str, None, NotGiven] = NOT_GIVEN,
        description: Union[str, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        tags: Union[List[str], NotGiven] = NOT_GIVEN,
        user_id: Union[str, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[TimeEntry]:
        """Changes only the fields given (a running entry's ``end_time`` stops it)."""
        return await self._call(lambda: self._resource.update(entry_id=entry_id, project_id=project_id, start_time=start_time, end_time=end_time, task_id=task_id, description=description, billable=billable, tags=tags, user_id=user_id))

    async def delete(self, entry_id: str) -> RawResponse[None]:
        """Deletes the entry."""
        return await self._call(lambda: self._resource.delete(entry_id=entry_id))

    async def start(
        self,
        project_id: str,
        description: Optional[str] = None,
        task_id: Optional[str] = None,
        *,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        tags: Union[List[str], NotGiven] = NOT_GIVEN,
    ) -> RawResponse[TimeEntry]:
        """Starts the caller's timer (stopping a running one first) and returns the running entry."""
        return await self._call(lambda: self._resource.start(project_id=project_id, description=description, task_id=task_id, billable=billable, tags=tags))

    async def stop(self) -> RawResponse[TimeEntry]:
        """Stops the caller's running timer; ``NotFoundError`` when none runs."""
        return await self._call(lambda: self._resource.stop())

    async def current(self) -> RawResponse[Optional[TimeEntry]]:
        """The caller's running entry, or None when no timer runs."""
        return await self._call(lambda: self._resource.current())


TimeEntries._raw_class = TimeEntriesWithRawResponse
AsyncTimeEntries._raw_class = AsyncTimeEntriesWithRawResponse
