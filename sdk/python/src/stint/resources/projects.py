"""Projects (``/projects``)."""

from __future__ import annotations

from typing import Optional, Union, cast

from .._base import NOT_GIVEN, Call, NotGiven, body, path, query
from .._pagination import AsyncPage, AsyncPager, SyncPage
from ..types import BudgetSetting, Project
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource


def _list(archived: Optional[bool], billable: Optional[bool], page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", "/projects", params=query(archived=archived, billable=billable, page=page, per_page=per_page))


def _create(
    name: str,
    description: Union[str, None, NotGiven],
    color: Union[str, None, NotGiven],
    client_name: Union[str, None, NotGiven],
    billable: Union[bool, NotGiven],
    hourly_rate: Union[float, None, NotGiven],
    budget: Union[BudgetSetting, None, NotGiven],
) -> Call:
    fields = body(name=name, description=description, color=color, client_name=client_name, billable=billable, hourly_rate=hourly_rate, budget=budget)
    return Call("POST", "/projects", json=fields)


def _update(
    project_id: str,
    name: Union[str, NotGiven],
    description: Union[str, None, NotGiven],
    color: Union[str, None, NotGiven],
    client_name: Union[str, None, NotGiven],
    billable: Union[bool, NotGiven],
    hourly_rate: Union[float, None, NotGiven],
    budget: Union[BudgetSetting, None, NotGiven],
    archived: Union[bool, NotGiven],
) -> Call:
    fields = body(name=name, description=description, color=color, client_name=client_name, billable=billable, hourly_rate=hourly_rate, budget=budget, archived=archived)
    return Call("PATCH", path("/projects/{}", project_id), json=fields)


class Projects(SyncResource["ProjectsWithRawResponse"]):
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
        budget: Union[BudgetSetting, None, NotGiven] = NOT_GIVEN,
    ) -> Project:
        """A new project; its name must be free in the organization (``ConflictError`` otherwise)."""
        return cast(Project, self._data(_create(name, description, color, client_name, billable, hourly_rate, budget)))

    def get(self, project_id: str) -> Project:
        """One project, by either id prefix (``prj_`` or ``proj_``)."""
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
        budget: Union[BudgetSetting, None, NotGiven] = NOT_GIVEN,
        archived: Union[bool, NotGiven] = NOT_GIVEN,
    ) -> Project:
        """Changes only the fields given."""
        return cast(Project, self._data(_update(project_id, name, description, color, client_name, billable, hourly_rate, budget, archived)))

    def delete(self, project_id: str) -> None:
        """Deletes a project without time entries (one with entries is a ``ConflictError``: archive it)."""
        self._none(Call("DELETE", path("/projects/{}", project_id)))

    def archive(self, project_id: str) -> Project:
        """Archives the project: it stays with its entries but takes no new ones."""
        return cast(Project, self._data(Call("POST", path("/projects/{}/archive", project_id))))

    def unarchive(self, project_id: str) -> Project:
        """Makes an archived project active again."""
        return cast(Project, self._data(Call("POST", path("/projects/{}/unarchive", project_id))))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncProjects(AsyncResource["AsyncProjectsWithRawResponse"]):
    def list(self, *, archived: Optional[bool] = None, billable: Optional[bool] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[Project]:
        """A page of projects by name; iterate it for every project."""
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
        budget: Union[BudgetSetting, None, NotGiven] = NOT_GIVEN,
    ) -> Project:
        """A new project; its name must be free in the organization (``ConflictError`` otherwise)."""
        return cast(Project, await self._data(_create(name, description, color, client_name, billable, hourly_rate, budget)))

    async def get(self, project_id: str) -> Project:
        """One project, by either id prefix (``prj_`` or ``proj_``)."""
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
        budget: Union[BudgetSetting, None, NotGiven] = NOT_GIVEN,
        archived: Union[bool, NotGiven] = NOT_GIVEN,
    ) -> Project:
        """Changes only the fields given."""
        return cast(Project, await self._data(_update(project_id, name, description, color, client_name, billable, hourly_rate, budget, archived)))

    async def delete(self, project_id: str) -> None:
        """Deletes a project without time entries (one with entries is a ``ConflictError``: archive it)."""
        await self._none(Call("DELETE", path("/projects/{}", project_id)))

    async def archive(self, project_id: str) -> Project:
        """Archives the project: it stays with its entries but takes no new ones."""
        return cast(Project, await self._data(Call("POST", path("/projects/{}/archive", project_id))))

    async def unarchive(self, project_id: str) -> Project:
        """Makes an archived project active again."""
        return cast(Project, await self._data(Call("POST", path("/projects/{}/unarchive", project_id))))


class ProjectsWithRawResponse(SyncRawResource):
    """The methods of :class:`Projects`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Projects

    def list(self, *, archived: Optional[bool] = None, billable: Optional[bool] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[SyncPage[Project]]:
        """A page of projects by name; iterate it for every project."""
        return self._call(lambda: self._resource.list(archived=archived, billable=billable, page=page, per_page=per_page))

    def create(
        self,
        name: str,
        *,
        description: Union[str, None, NotGiven] = NOT_GIVEN,
        color: Union[str, None, NotGiven] = NOT_GIVEN,
        client_name: Union[str, None, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        hourly_rate: Union[float, None, NotGiven] = NOT_GIVEN,
        budget: Union[BudgetSetting, None, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[Project]:
        """A new project; its name must be free in the organization (``ConflictError`` otherwise)."""
        return self._call(lambda: self._resource.create(name=name, description=description, color=color, client_name=client_name, billable=billable, hourly_rate=hourly_rate, budget=budget))

    def get(self, project_id: str) -> RawResponse[Project]:
        """One project, by either id prefix (``prj_`` or ``proj_``)."""
        return self._call(lambda: self._resource.get(project_id=project_id))

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
        budget: Union[BudgetSetting, None, NotGiven] = NOT_GIVEN,
        archived: Union[bool, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[Project]:
        """Changes only the fields given."""
        return self._call(lambda: self._resource.update(project_id=project_id, name=name, description=description, color=color, client_name=client_name, billable=billable, hourly_rate=hourly_rate, budget=budget, archived=archived))

    def delete(self, project_id: str) -> RawResponse[None]:
        """Deletes a project without time entries (one with entries is a ``ConflictError``: archive it)."""
        return self._call(lambda: self._resource.delete(project_id=project_id))

    def archive(self, project_id: str) -> RawResponse[Project]:
        """Archives the project: it stays with its entries but takes no new ones."""
        return self._call(lambda: self._resource.archive(project_id=project_id))

    def unarchive(self, project_id: str) -> RawResponse[Project]:
        """Makes an archived project active again."""
        return self._call(lambda: self._resource.unarchive(project_id=project_id))


class AsyncProjectsWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncProjects`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncProjects

    async def list(self, *, archived: Optional[bool] = None, billable: Optional[bool] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[AsyncPage[Project]]:
        """A page of projects by name; iterate it for every project."""
        return await self._call(lambda: self._resource.list(archived=archived, billable=billable, page=page, per_page=per_page))

    async def create(
        self,
        name: str,
        *,
        description: Union[str, None, NotGiven] = NOT_GIVEN,
        color: Union[str, None, NotGiven] = NOT_GIVEN,
        client_name: Union[str, None, NotGiven] = NOT_GIVEN,
        billable: Union[bool, NotGiven] = NOT_GIVEN,
        hourly_rate: Union[float, None, NotGiven] = NOT_GIVEN,
        budget: Union[BudgetSetting, None, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[Project]:
        """A new project; its name must be free in the organization (``ConflictError`` otherwise)."""
        return await self._call(lambda: self._resource.create(name=name, description=description, color=color, client_name=client_name, billable=billable, hourly_rate=hourly_rate, budget=budget))

    async def get(self, project_id: str) -> RawResponse[Project]:
        """One project, by either id prefix (``prj_`` or ``proj_``)."""
        return await self._call(lambda: self._resource.get(project_id=project_id))

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
        budget: Union[BudgetSetting, None, NotGiven] = NOT_GIVEN,
        archived: Union[bool, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[Project]:
        """Changes only the fields given."""
        return await self._call(lambda: self._resource.update(project_id=project_id, name=name, description=description, color=color, client_name=client_name, billable=billable, hourly_rate=hourly_rate, budget=budget, archived=archived))

    async def delete(self, project_id: str) -> RawResponse[None]:
        """Deletes a project without time entries (one with entries is a ``ConflictError``: archive it)."""
        return await self._call(lambda: self._resource.delete(project_id=project_id))

    async def archive(self, project_id: str) -> RawResponse[Project]:
        """Archives the project: it stays with its entries but takes no new ones."""
        return await self._call(lambda: self._resource.archive(project_id=project_id))

    async def unarchive(self, project_id: str) -> RawResponse[Project]:
        """Makes an archived project active again."""
        return await self._call(lambda: self._resource.unarchive(project_id=project_id))


Projects._raw_class = ProjectsWithRawResponse
AsyncProjects._raw_class = AsyncProjectsWithRawResponse
