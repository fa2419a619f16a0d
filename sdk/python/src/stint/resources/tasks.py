"""A project's tasks (``/projects/{id}/tasks``)."""

from __future__ import annotations

from typing import Literal, Optional, Union, cast

from .._base import NOT_GIVEN, Call, NotGiven, body, path, query
from .._pagination import AsyncPager, SyncPage
from ..types import Task
from ._resource import AsyncResource, SyncResource

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


class Tasks(SyncResource):
    def list(self, project_id: str, *, status: Optional[TaskStatus] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[Task]:
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
        return cast(Task, self._data(_create(project_id, name, status, billable, estimate_seconds)))

    def get(self, project_id: str, task_id: str) -> Task:
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
        return cast(Task, self._data(_update(project_id, task_id, name, status, billable, estimate_seconds)))

    def delete(self, project_id: str, task_id: str) -> None:
        self._none(_one("DELETE", project_id, task_id))


class AsyncTasks(AsyncResource):
    def list(self, project_id: str, *, status: Optional[TaskStatus] = None, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[Task]:
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
        return cast(Task, await self._data(_create(project_id, name, status, billable, estimate_seconds)))

    async def get(self, project_id: str, task_id: str) -> Task:
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
        return cast(Task, await self._data(_update(project_id, task_id, name, status, billable, estimate_seconds)))

    async def delete(self, project_id: str, task_id: str) -> None:
        await self._none(_one("DELETE", project_id, task_id))
