"""Projects (``/projects``)."""

from __future__ import annotations

from typing import Optional, Union, cast

from .._base import NOT_GIVEN, Call, NotGiven, body, path, query
from .._pagination import AsyncPager, SyncPage
from ..types import Project
from ._resource import AsyncResource, SyncResource


def _list(archived: Optional[bool], billable: Optional[bool], page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", "/projects", params=query(archived=archived, billable=billable, page=page, per_page=per_page))


def _create(name: str, description: Union[str, None, NotGiven], color: Union[str, None, NotGiven], client_name: Union[str, None, NotGiven], billable: Union[bool, NotGiven], hourly_rate: Union[float, None, NotGiven]) -> Call:
    return Call("POST", "/projects", json=body(name=name, description=description, color=color, client_name=client_name, billable=billable, hourly_rate=hourly_rate))


def _update(
    project_id: str,
    name: Union[str, NotGiven],
    description: Union[str, None, NotGiven],
    color: Union[str, None, NotGiven],
    client_name: Union[str, None, NotGiven],
    billable: Union[bool, NotGiven],
    hourly_rate: Union[float, None, NotGiven],
    archived: Union[bool, NotGiven],
) -> Call:
    fields = body(name=name, description=description, color=color, client_name=client_name, billable=billable, hourly_rate=hourly_rate, archived=archived)
    return Call("PATCH", path("/projects/{}", project_id), json=fields)


class Projects(SyncResource):
    def list(self, *, archived: Optional[bool] = None, billable: Optional[bool] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[Project]:
        """A page of projects by name; iterate it for every project."""
        return self._page(_list(archived, billable, page, per_page))

    def create(
        self,
        name: str,
        *,
        description: Union[str, None, NotGiven] = NOT_GIVEN,
        color: Union[str, None, NotGiven] = NOT_GIVEN,
        client_name: Union[str, None, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        hourly_rate: Union[float, None, NotGiven] = NOT_GIVEN,
    ) -> Project:
        return cast(Project, self._data(_create(name, description, color, client_name, billable, hourly_rate)))

    def get(self, project_id: str) -> Project:
        return cast(Project, self._data(Call("GET", path("/projects/{}", project_id))))

    def update(
        self,
        project_id: str,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        description: Union[str, None, NotGiven] = NOT_GIVEN,
        color: Union[str, None, NotGiven] = NOT_GIVEN,
        client_name: Union[str, None, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        hourly_rate: Union[float, None, NotGiven] = NOT_GIVEN,
        archived: Union[bool, NotGiven] = NOT_GIVEN,
    ) -> Project:
        """Changes only the fields given."""
        return cast(Project, self._data(_update(project_id, name, description, color, client_name, billable, hourly_rate, archived)))

    def delete(self, project_id: str) -> None:
        """Deletes a project without time entries (one with entries is a ``ConflictError``: archive it)."""
        self._none(Call("DELETE", path("/projects/{}", project_id)))

    def archive(self, project_id: str) -> Project:
        return cast(Project, self._data(Call("POST", path("/projects/{}/archive", project_id))))

    def unarchive(self, project_id: str) -> Project:
        return cast(Project, self._data(Call("POST", path("/projects/{}/unarchive", project_id))))


class AsyncProjects(AsyncResource):
    def list(self, *, archived: Optional[bool] = None, billable: Optional[bool] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[Project]:
        return self._pager(_list(archived, billable, page, per_page))

    async def create(
        self,
        name: str,
        *,
        description: Union[str, None, NotGiven] = NOT_GIVEN,
        color: Union[str, None, NotGiven] = NOT_GIVEN,
        client_name: Union[str, None, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        hourly_rate: Union[float, None, NotGiven] = NOT_GIVEN,
    ) -> Project:
        return cast(Project, await self._data(_create(name, description, color, client_name, billable, hourly_rate)))

    async def get(self, project_id: str) -> Project:
        return cast(Project, await self._data(Call("GET", path("/projects/{}", project_id))))

    async def update(
        self,
        project_id: str,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        description: Union[str, None, NotGiven] = NOT_GIVEN,
        color: Union[str, None, NotGiven] = NOT_GIVEN,
        client_name: Union[str, None, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        hourly_rate: Union[float, None, NotGiven] = NOT_GIVEN,
        archived: Union[bool, NotGiven] = NOT_GIVEN,
    ) -> Project:
        return cast(Project, await self._data(_update(project_id, name, description, color, client_name, billable, hourly_rate, archived)))

    async def delete(self, project_id: str) -> None:
        await self._none(Call("DELETE", path("/projects/{}", project_id)))

    async def archive(self, project_id: str) -> Project:
        return cast(Project, await self._data(Call("POST", path("/projects/{}/archive", project_id))))

    async def unarchive(self, project_id: str) -> Project:
        return cast(Project, await self._data(Call("POST", path("/projects/{}/unarchive", project_id))))
