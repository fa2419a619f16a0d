"""The clients: ``Stint`` (blocking) and ``AsyncStint`` (asyncio), with the same resources."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Dict, Mapping, Optional, Union

import httpx

from ._base import DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT, NOT_GIVEN, Call, ClientSettings, NotGiven, Timeout
from ._errors import APIConnectionError, APITimeoutError, error_from_response
from ._response import record
from ._retries import delay_before_retry, is_retryable_status
from .resources.api_keys import ApiKeys, AsyncApiKeys
from .resources.auth import AsyncAuth, Auth
from .resources.events import AsyncEvents, Events
from .resources.imports import AsyncImports, Imports
from .resources.oauth import AsyncOAuth, OAuth
from .resources.organization import AsyncOrganizationResource, OrganizationResource
from .resources.projects import AsyncProjects, Projects
from .resources.rates import AsyncRates, Rates
from .resources.reports import AsyncReports, Reports
from .resources.screenshots import AsyncScreenshots, Screenshots
from .resources.system import AsyncSystem, System
from .resources.tags import AsyncTags, Tags
from .resources.tasks import AsyncTasks, Tasks
from .resources.time_entries import AsyncTimeEntries, TimeEntries
from .resources.users import AsyncInvitations, AsyncUsers, Invitations, Users
from .resources.webhooks import AsyncWebhooks, Webhooks


class _ClientBase:
    def __init__(
        self,
        *,
        api_key: Optional[str],
        access_token: Optional[str],
        base_url: Optional[str],
        max_retries: int,
        timeout: Timeout,
        headers: Optional[Mapping[str, str]],
    ) -> None:
        self._settings = ClientSettings(api_key=api_key, access_token=access_token, base_url=base_url, max_retries=max_retries, timeout=timeout, headers=headers)

    @property
    def base_url(self) -> str:
        """Where requests go: the server's address and ``/api/v1``."""
        return self._settings.base_url

    @property
    def max_retries(self) -> int:
        """How many times a failed request is tried again."""
        return self._settings.max_retries

    @property
    def timeout(self) -> Timeout:
        """How long one try may take."""
        return self._settings.timeout

    def _options(self, max_retries: Union[int, NotGiven], timeout: Union[Timeout, NotGiven], headers: Union[Mapping[str, str], NotGiven]) -> Dict[str, Any]:
        settings = self._settings
        return {
            "api_key": settings.api_key,
            "access_token": settings.access_token,
            "base_url": settings.base_url,
            "max_retries": settings.max_retries if isinstance(max_retries, NotGiven) else max_retries,
            "timeout": settings.timeout if isinstance(timeout, NotGiven) else timeout,
            "headers": {**settings.headers, **({} if isinstance(headers, NotGiven) else headers)},
        }


class Stint(_ClientBase):
    """A blocking client of the Stint API (Style A, ``/api/v1``).

    ``Stint(api_key="...", base_url="https://stint.example.com")``, or an ``access_token``
    instead of the key. They default to ``STINT_API_KEY`` and ``STINT_BASE_URL``; with
    neither ``base_url`` nor ``STINT_BASE_URL`` the constructor raises ``StintError``. With no
    key and no token the client is anonymous: it can sign up, sign in, accept an invitation
    and read the version. ``with_options(...)`` gives a client that shares this one's
    connections with other retries, timeout or headers, for one call or many.
    """

    def __init__(
        self,
        *,
        api_key: Optional[str] = None,
        access_token: Optional[str] = None,
        base_url: Optional[str] = None,
        max_retries: int = DEFAULT_MAX_RETRIES,
        timeout: Timeout = DEFAULT_TIMEOUT,
        headers: Optional[Mapping[str, str]] = None,
        http_client: Optional[httpx.Client] = None,
    ) -> None:
        super().__init__(api_key=api_key, access_token=access_token, base_url=base_url, max_retries=max_retries, timeout=timeout, headers=headers)
        self._owns_http = http_client is None
        self._http = http_client if http_client is not None else httpx.Client()
        self.auth = Auth(self)
        self.organization = OrganizationResource(self)
        self.system = System(self)
        self.api_keys = ApiKeys(self)
        self.users = Users(self)
        self.invitations = Invitations(self)
        self.projects = Projects(self)
        self.tasks = Tasks(self)
        self.rates = Rates(self)
        self.time_entries = TimeEntries(self)
        self.tags = Tags(self)
        self.webhooks = Webhooks(self)
        self.reports = Reports(self)
        self.imports = Imports(self)
        self.screenshots = Screenshots(self)
        self.oauth = OAuth(self)
        self.events = Events(self)

    def with_options(
        self,
        *,
        max_retries: Union[int, NotGiven] = NOT_GIVEN,
        timeout: Union[Timeout, NotGiven] = NOT_GIVEN,
        headers: Union[Mapping[str, str], NotGiven] = NOT_GIVEN,
    ) -> "Stint":
        """A client like this one, on the same connections, with other retries, timeout or extra headers."""
        return Stint(**self._options(max_retries, timeout, headers), http_client=self._http)

    def close(self) -> None:
        """Closes the client's connections (not those of an ``http_client`` it was given)."""
        if self._owns_http:
            self._http.close()

    def __enter__(self) -> "Stint":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _send(self, call: Call) -> httpx.Response:
        request = self._settings.build_request(self._http, call)
        retries_done = 0
        while True:
            response: Optional[httpx.Response] = None
            failure: Optional[Exception] = None
            try:
                response = self._http.send(request)
            except httpx.TimeoutException as error:
                failure = APITimeoutError(request)
                failure.__cause__ = error
            except httpx.TransportError as error:
                failure = APIConnectionError(request, f"Connection error: {error}")
                failure.__cause__ = error
            if response is not None:
                if call.is_success(response):
                    record(response)
                    return response
                if not is_retryable_status(response):
                    raise error_from_response(response)
            delay = delay_before_retry(response, retries_done) if retries_done < self._settings.max_retries else None
            if delay is None:
                if response is not None:
                    raise error_from_response(response)
                assert failure is not None
                raise failure
            time.sleep(delay)
            retries_done += 1

    def _request_json(self, call: Call) -> Any:
        return self._send(call).json()

    def _request_bytes(self, call: Call) -> bytes:
        return self._send(call).content

    def _request_none(self, call: Call) -> None:
        self._send(call)

    def _request_response(self, call: Call) -> httpx.Response:
        return self._send(call)


class AsyncStint(_ClientBase):
    """The asyncio client: the same resources and methods as :class:`Stint`, awaited."""

    def __init__(
        self,
        *,
        api_key: Optional[str] = None,
        access_token: Optional[str] = None,
        base_url: Optional[str] = None,
        max_retries: int = DEFAULT_MAX_RETRIES,
        timeout: Timeout = DEFAULT_TIMEOUT,
        headers: Optional[Mapping[str, str]] = None,
        http_client: Optional[httpx.AsyncClient] = None,
    ) -> None:
        super().__init__(api_key=api_key, access_token=access_token, base_url=base_url, max_retries=max_retries, timeout=timeout, headers=headers)
        self._owns_http = http_client is None
        self._http = http_client if http_client is not None else httpx.AsyncClient()
        self.auth = AsyncAuth(self)
        self.organization = AsyncOrganizationResource(self)
        self.system = AsyncSystem(self)
        self.api_keys = AsyncApiKeys(self)
        self.users = AsyncUsers(self)
        self.invitations = AsyncInvitations(self)
        self.projects = AsyncProjects(self)
        self.tasks = AsyncTasks(self)
        self.rates = AsyncRates(self)
        self.time_entries = AsyncTimeEntries(self)
        self.tags = AsyncTags(self)
        self.webhooks = AsyncWebhooks(self)
        self.reports = AsyncReports(self)
        self.imports = AsyncImports(self)
        self.screenshots = AsyncScreenshots(self)
        self.oauth = AsyncOAuth(self)
        self.events = AsyncEvents(self)

    def with_options(
        self,
        *,
        max_retries: Union[int, NotGiven] = NOT_GIVEN,
        timeout: Union[Timeout, NotGiven] = NOT_GIVEN,
        headers: Union[Mapping[str, str], NotGiven] = NOT_GIVEN,
    ) -> "AsyncStint":
        """A client like this one, on the same connections, with other retries, timeout or extra headers."""
        return AsyncStint(**self._options(max_retries, timeout, headers), http_client=self._http)

    async def close(self) -> None:
        """Closes the client's connections (not those of an ``http_client`` it was given)."""
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> "AsyncStint":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def _send(self, call: Call) -> httpx.Response:
        request = self._settings.build_request(self._http, call)
        retries_done = 0
        while True:
            response: Optional[httpx.Response] = None
            failure: Optional[Exception] = None
            try:
                response = await self._http.send(request)
            except httpx.TimeoutException as error:
                failure = APITimeoutError(request)
                failure.__cause__ = error
            except httpx.TransportError as error:
                failure = APIConnectionError(request, f"Connection error: {error}")
                failure.__cause__ = error
            if response is not None:
                await response.aread()
                if call.is_success(response):
                    record(response)
                    return response
                if not is_retryable_status(response):
                    raise error_from_response(response)
            delay = delay_before_retry(response, retries_done) if retries_done < self._settings.max_retries else None
            if delay is None:
                if response is not None:
                    raise error_from_response(response)
                assert failure is not None
                raise failure
            await asyncio.sleep(delay)
            retries_done += 1

    async def _request_json(self, call: Call) -> Any:
        return (await self._send(call)).json()

    async def _request_bytes(self, call: Call) -> bytes:
        return (await self._send(call)).content

    async def _request_none(self, call: Call) -> None:
        await self._send(call)

    async def _request_response(self, call: Call) -> httpx.Response:
        return await self._send(call)
