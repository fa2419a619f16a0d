"""A project's tasks (``/projects/{id}/tasks``)."""

from __future__ import annotations

from typing import Literal, Optional, Union, cast

from .._base import NOT_GIVEN, Call, NotGiven, body, path, query
from .._pagination import AsyncPage, AsyncPager, SyncPage
from ..types import Task
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource

TaskStatus = Literal["active", "done"]


def _list(project_id: str, status: Optional[TaskStatus], page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", path("/projects/{}/tasks", project_id), params=query(status=status, page=page, per_page=per_page))


def _create(project_id: str, name: str, status: Union[TaskStatus, NotGiven], billable: Union[bool, None, NotGiven], estimate_seconds: Union[int, None, NotGiven]) -> Call:
    return Call("POST", path("/projects/{}/tasks", project_id), json=body(name=name, status=status, billable=billable, estimate_seconds=estimate_seconds))


def _one(method: str, project_id: str, task_id: str) -> Call:
    return Call(method, path("/projects/{}/tasks/{}", project_id, task_id))


def _update(project_id: str, task_id: str, name: Union[str, NotGiven], status: Union[TaskStatus, NotGiven], billable: Union[bool, None, NotGiven], estimate_seconds: Union[int, None, NotGiven]) -> Call:
    fields = body(name=name, status=status, billable=billable, estimate_seconds=estimate_seconds)
    return Call("PATCH", path("/projects/{}/tasks/{}", project_id, task_id), json=fields)


class Tasks(SyncResource["TasksWithRawResponse"]):
    def list(self, project_id: str, *, status: Optional[TaskStatus] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[Task]:
        """A page of the project's tasks; iterate it for every one."""
        return self._page(_list(project_id, status, page, per_page))

    def create(
        self,
        project_id: str,
        name: str,
        *,
        status: Union[TaskStatus, NotGiven] = NOT_GIVEN,
        billable: Union[bool, None, NotGiven] = NOT_GIVEN,
        estimate_seconds: Union[int, None, NotGiven] = NOT_GIVEN,
    ) -> Task:
        """A new task in the project; its name must be free there (``ConflictError`` otherwise)."""
        return cast(Task, self._data(_create(project_id, name, status, billable, estimate_seconds)))

    def get(self, project_id: str, task_id: str) -> Task:
        """One task of the project."""
        return cast(Task, self._data(_one("GET", project_id, task_id)))

    def update(
        self,
        project_id: str,
        task_id: str,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        status: Union[TaskStatus, NotGiven] = NOT_GIVEN,
        billable: Union[bool, None, NotGiven] = NOT_GIVEN,
        estimate_seconds: Union[int, None, NotGiven] = NOT_GIVEN,
    ) -> Task:
        """Changes only the fields given."""
        return cast(Task, self._data(_update(project_id, task_id, name, status, billable, estimate_seconds)))

    def delete(self, project_id: str, task_id: str) -> None:
        """Deletes a task without time entries (one with entries is a ``ConflictError``: set its status to ``done``)."""
        self._none(_one("DELETE", project_id, task_id))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncTasks(AsyncResource["AsyncTasksWithRawResponse"]):
    def list(self, project_id: str, *, status: Optional[TaskStatus] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[Task]:
        """A page of the project's tasks; iterate it for every one."""
        return self._pager(_list(project_id, status, page, per_page))

    async def create(
        self,
        project_id: str,
        name: str,
        *,
        status: Union[TaskStatus, NotGiven] = NOT_GIVEN,
        billable: Union[bool, None, NotGiven] = NOT_GIVEN,
        estimate_seconds: Union[int, None, NotGiven] = NOT_GIVEN,
    ) -> Task:
        """A new task in the project; its name must be free there (``ConflictError`` otherwise)."""
        return cast(Task, await self._data(_create(project_id, name, status, billable, estimate_seconds)))

    async def get(self, project_id: str, task_id: str) -> Task:
        """One task of the project."""
        return cast(Task, await self._data(_one("GET", project_id, task_id)))

    async def update(
        self,
        project_id: str,
        task_id: str,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        status: Union[TaskStatus, NotGiven] = NOT_GIVEN,
        billable: Union[bool, None, NotGiven] = NOT_GIVEN,
        estimate_seconds: Union[int, None, NotGiven] = NOT_GIVEN,
    ) -> Task:
        """Changes only the fields given."""
        return cast(Task, await self._data(_update(project_id, task_id, name, status, billable, estimate_seconds)))

    async def delete(self, project_id: str, task_id: str) -> None:
        """Deletes a task without time entries (one with entries is a ``ConflictError``: set its status to ``done``)."""
        await self._none(_one("DELETE", project_id, task_id))


class TasksWithRawResponse(SyncRawResource):
    """The methods of :class:`Tasks`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Tasks

    def list(self, project_id: str, *, status: Optional[TaskStatus] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[SyncPage[Task]]:
        """A page of the project's tasks; iterate it for every one."""
        return self._call(lambda: self._resource.list(project_id=project_id, status=status, page=page, per_page=per_page))

    def create(
        self,
        project_id: str,
        name: str,
        *,
        status: Union[TaskStatus, NotGiven] = NOT_GIVEN,
        billable: Union[bool, None, NotGiven] = NOT_GIVEN,
        estimate_seconds: Union[int, None, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[Task]:
        """A new task in the project; its name must be free there (``ConflictError`` otherwise)."""
        return self._call(lambda: self._resource.create(project_id=project_id, name=name, status=status, billable=billable, estimate_seconds=estimate_seconds))

    def get(self, project_id: str, task_id: str) -> RawResponse[Task]:
        """One task of the project."""
        return self._call(lambda: self._resource.get(project_id=project_id, task_id=task_id))

    def update(
        self,
        project_id: str,
        task_id: str,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        status: Union[TaskStatus, NotGiven] = NOT_GIVEN,
        billable: Union[bool, None, NotGiven] = NOT_GIVEN,
        estimate_seconds: Union[int, None, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[Task]:
        """Changes only the fields given."""
        return self._call(lambda: self._resource.update(project_id=project_id, task_id=task_id, name=name, status=status, billable=billable, estimate_seconds=estimate_seconds))

    def delete(self, project_id: str, task_id: str) -> RawResponse[None]:
        """Deletes a task without time entries (one with entries is a ``ConflictError``: set its status to ``done``)."""
        return self._call(lambda: self._resource.delete(project_id=project_id, task_id=task_id))


class AsyncTasksWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncTasks`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncTasks

    async def list(self, project_id: str, *, status: Optional[TaskStatus] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[AsyncPage[Task]]:
        """A page of the project's tasks; iterate it for every one."""
        return await self._call(lambda: self._resource.list(project_id=project_id, status=status, page=page, per_page=per_page))

    async def create(
        self,
        project_id: str,
        name: str,
        *,
        status: Union[TaskStatus, NotGiven] = NOT_GIVEN,
        billable: Union[bool, None, NotGiven] = NOT_GIVEN,
        estimate_seconds: Union[int, None, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[Task]:
        """A new task in the project; its name must be free there (``ConflictError`` otherwise)."""
        return await self._call(lambda: self._resource.create(project_id=project_id, name=name, status=status, billable=billable, estimate_seconds=estimate_seconds))

    async def get(self, project_id: str, task_id: str) -> RawResponse[Task]:
        """One task of the project."""
        return await self._call(lambda: self._resource.get(project_id=project_id, task_id=task_id))

    async def update(
        self,
        project_id: str,
        task_id: str,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        status: Union[TaskStatus, NotGiven] = NOT_GIVEN,
        billable: Union[bool, None, NotGiven] = NOT_GIVEN,
        estimate_seconds: Union[int, None, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[Task]:
        """Changes only the fields given."""
        return await self._call(lambda: self._resource.update(project_id=project_id, task_id=task_id, name=name, status=status, billable=billable, estimate_seconds=estimate_seconds))

    async def delete(self, project_id: str, task_id: str) -> RawResponse[None]:
        """Deletes a task without time entries (one with entries is a ``ConflictError``: set its status to ``done``)."""
        return await self._call(lambda: self._resource.delete(project_id=project_id, task_id=task_id))


Tasks._raw_class = TasksWithRawResponse
AsyncTasks._raw_class = AsyncTasksWithRawResponse
