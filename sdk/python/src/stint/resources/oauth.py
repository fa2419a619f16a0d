"""OAuth applications of the developer portal (``/oauth/applications``) and the caller's
authorizations of applications (``/oauth/authorizations``).

The protocol endpoints (``/auth/oauth/authorize``, ``token``, ``device``, ``revoke``,
``introspect``) are for an OAuth client library, not this one.
"""

from __future__ import annotations

from typing import List, Literal, Optional, Union, cast

from .._base import NOT_GIVEN, Call, NotGiven, body, path, query
from .._pagination import AsyncPage, AsyncPager, SyncPage
from ..types import OAuthApplication, OAuthApplicationWithSecret, OAuthAuthorization, Permission
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource

ClientType = Literal["confidential", "public"]
ApplicationStatus = Literal["active", "disabled"]


def _list(page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", "/oauth/applications", params=query(page=page, per_page=per_page))


def _create(name: str, redirect_uris: List[str], scopes: List[Permission], client_type: Union[ClientType, NotGiven], homepage_url: Union[str, None, NotGiven]) -> Call:
    fields = body(name=name, redirect_uris=redirect_uris, scopes=scopes, client_type=client_type, homepage_url=homepage_url)
    return Call("POST", "/oauth/applications", json=fields)


def _update(
    application_id: str,
    name: Union[str, NotGiven],
    redirect_uris: Union[List[str], NotGiven],
    homepage_url: Union[str, None, NotGiven],
    scopes: Union[List[Permission], NotGiven],
    status: Union[ApplicationStatus, NotGiven],
) -> Call:
    fields = body(name=name, redirect_uris=redirect_uris, homepage_url=homepage_url, scopes=scopes, status=status)
    return Call("PATCH", path("/oauth/applications/{}", application_id), json=fields)


def _authorizations(page: Optional[int], per_page: Optional[int]) -> Call:
    return Call("GET", "/oauth/authorizations", params=query(page=page, per_page=per_page))


class Applications(SyncResource["ApplicationsWithRawResponse"]):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[OAuthApplication]:
        """A page of the organization's OAuth applications; iterate it for every one."""
        return self._page(_list(page, per_page))

    def create(
        self,
        name: str,
        *,
        redirect_uris: List[str],
        scopes: List[Permission],
        client_type: Union[ClientType, NotGiven] = NOT_GIVEN,
        homepage_url: Union[str, None, NotGiven] = NOT_GIVEN,
    ) -> OAuthApplicationWithSecret:
        """A new application; ``client_secret`` (confidential ones) is shown here and on rotation only."""
        return cast(OAuthApplicationWithSecret, self._data(_create(name, redirect_uris, scopes, client_type, homepage_url)))

    def get(self, application_id: str) -> OAuthApplication:
        """One OAuth application (without its secret)."""
        return cast(OAuthApplication, self._data(Call("GET", path("/oauth/applications/{}", application_id))))

    def update(
        self,
        application_id: str,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        redirect_uris: Union[List[str], NotGiven] = NOT_GIVEN,
        homepage_url: Union[str, None, NotGiven] = NOT_GIVEN,
        scopes: Union[List[Permission], NotGiven] = NOT_GIVEN,
        status: Union[ApplicationStatus, NotGiven] = NOT_GIVEN,
    ) -> OAuthApplication:
        """Changes only the fields given; ``status="disabled"`` stops its tokens working."""
        return cast(OAuthApplication, self._data(_update(application_id, name, redirect_uris, homepage_url, scopes, status)))

    def delete(self, application_id: str) -> None:
        """Deletes the application and revokes every token issued to it."""
        self._none(Call("DELETE", path("/oauth/applications/{}", application_id)))

    def rotate_secret(self, application_id: str) -> OAuthApplicationWithSecret:
        """A new ``client_secret``, shown once; the previous one keeps working for 24 hours."""
        return cast(OAuthApplicationWithSecret, self._data(Call("POST", path("/oauth/applications/{}/rotate-secret", application_id))))


class Authorizations(SyncResource["AuthorizationsWithRawResponse"]):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[OAuthAuthorization]:
        """The applications the caller has authorized."""
        return self._page(_authorizations(page, per_page))

    def revoke(self, client_id: str) -> None:
        """Withdraws the caller's authorization of an application, and its tokens."""
        self._none(Call("DELETE", path("/oauth/authorizations/{}", client_id)))


class OAuth(SyncResource["OAuthWithRawResponse"]):
    @property
    def applications(self) -> Applications:
        """The developer portal's applications (owners and admins, with a signed-in user's token)."""
        return Applications(self._client)

    @property
    def authorizations(self) -> Authorizations:
        """The applications the caller has authorized."""
        return Authorizations(self._client)


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncApplications(AsyncResource["AsyncApplicationsWithRawResponse"]):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[OAuthApplication]:
        """A page of the organization's OAuth applications; iterate it for every one."""
        return self._pager(_list(page, per_page))

    async def create(
        self,
        name: str,
        *,
        redirect_uris: List[str],
        scopes: List[Permission],
        client_type: Union[ClientType, NotGiven] = NOT_GIVEN,
        homepage_url: Union[str, None, NotGiven] = NOT_GIVEN,
    ) -> OAuthApplicationWithSecret:
        """A new application; ``client_secret`` (confidential ones) is shown here and on rotation only."""
        return cast(OAuthApplicationWithSecret, await self._data(_create(name, redirect_uris, scopes, client_type, homepage_url)))

    async def get(self, application_id: str) -> OAuthApplication:
        """One OAuth application (without its secret)."""
        return cast(OAuthApplication, await self._data(Call("GET", path("/oauth/applications/{}", application_id))))

    async def update(
        self,
        application_id: str,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        redirect_uris: Union[List[str], NotGiven] = NOT_GIVEN,
        homepage_url: Union[str, None, NotGiven] = NOT_GIVEN,
        scopes: Union[List[Permission], NotGiven] = NOT_GIVEN,
        status: Union[ApplicationStatus, NotGiven] = NOT_GIVEN,
    ) -> OAuthApplication:
        """Changes only the fields given; ``status="disabled"`` stops its tokens working."""
        return cast(OAuthApplication, await self._data(_update(application_id, name, redirect_uris, homepage_url, scopes, status)))

    async def delete(self, application_id: str) -> None:
        """Deletes the application and revokes every token issued to it."""
        await self._none(Call("DELETE", path("/oauth/applications/{}", application_id)))

    async def rotate_secret(self, application_id: str) -> OAuthApplicationWithSecret:
        """A new ``client_secret``, shown once; the previous one keeps working for 24 hours."""
        return cast(OAuthApplicationWithSecret, await self._data(Call("POST", path("/oauth/applications/{}/rotate-secret", application_id))))


class ApplicationsWithRawResponse(SyncRawResource):
    """The methods of :class:`Applications`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Applications

    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[SyncPage[OAuthApplication]]:
        """A page of the organization's OAuth applications; iterate it for every one."""
        return self._call(lambda: self._resource.list(page=page, per_page=per_page))

    def create(
        self,
        name: str,
        *,
        redirect_uris: List[str],
        scopes: List[Permission],
        client_type: Union[ClientType, NotGiven] = NOT_GIVEN,
        homepage_url: Union[str, None, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[OAuthApplicationWithSecret]:
        """A new application; ``client_secret`` (confidential ones) is shown here and on rotation only."""
        return self._call(lambda: self._resource.create(name=name, redirect_uris=redirect_uris, scopes=scopes, client_type=client_type, homepage_url=homepage_url))

    def get(self, application_id: str) -> RawResponse[OAuthApplication]:
        """One OAuth application (without its secret)."""
        return self._call(lambda: self._resource.get(application_id=application_id))

    def update(
        self,
        application_id: str,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        redirect_uris: Union[List[str], NotGiven] = NOT_GIVEN,
        homepage_url: Union[str, None, NotGiven] = NOT_GIVEN,
        scopes: Union[List[Permission], NotGiven] = NOT_GIVEN,
        status: Union[ApplicationStatus, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[OAuthApplication]:
        """Changes only the fields given; ``status="disabled"`` stops its tokens working."""
        return self._call(lambda: self._resource.update(application_id=application_id, name=name, redirect_uris=redirect_uris, homepage_url=homepage_url, scopes=scopes, status=status))

    def delete(self, application_id: str) -> RawResponse[None]:
        """Deletes the application and revokes every token issued to it."""
        return self._call(lambda: self._resource.delete(application_id=application_id))

    def rotate_secret(self, application_id: str) -> RawResponse[OAuthApplicationWithSecret]:
        """A new ``client_secret``, shown once; the previous one keeps working for 24 hours."""
        return self._call(lambda: self._resource.rotate_secret(application_id=application_id))


class AsyncApplicationsWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncApplications`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncApplications

    async def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[AsyncPage[OAuthApplication]]:
        """A page of the organization's OAuth applications; iterate it for every one."""
        return await self._call(lambda: self._resource.list(page=page, per_page=per_page))

    async def create(
        self,
        name: str,
        *,
        redirect_uris: List[str],
        scopes: List[Permission],
        client_type: Union[ClientType, NotGiven] = NOT_GIVEN,
        homepage_url: Union[str, None, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[OAuthApplicationWithSecret]:
        """A new application; ``client_secret`` (confidential ones) is shown here and on rotation only."""
        return await self._call(lambda: self._resource.create(name=name, redirect_uris=redirect_uris, scopes=scopes, client_type=client_type, homepage_url=homepage_url))

    async def get(self, application_id: str) -> RawResponse[OAuthApplication]:
        """One OAuth application (without its secret)."""
        return await self._call(lambda: self._resource.get(application_id=application_id))

    async def update(
        self,
        application_id: str,
        *,
        name: Union[str, NotGiven] = NOT_GIVEN,
        redirect_uris: Union[List[str], NotGiven] = NOT_GIVEN,
        homepage_url: Union[str, None, NotGiven] = NOT_GIVEN,
        scopes: Union[List[Permission], NotGiven] = NOT_GIVEN,
        status: Union[ApplicationStatus, NotGiven] = NOT_GIVEN,
    ) -> RawResponse[OAuthApplication]:
        """Changes only the fields given; ``status="disabled"`` stops its tokens working."""
        return await self._call(lambda: self._resource.update(application_id=application_id, name=name, redirect_uris=redirect_uris, homepage_url=homepage_url, scopes=scopes, status=status))

    async def delete(self, application_id: str) -> RawResponse[None]:
        """Deletes the application and revokes every token issued to it."""
        return await self._call(lambda: self._resource.delete(application_id=application_id))

    async def rotate_secret(self, application_id: str) -> RawResponse[OAuthApplicationWithSecret]:
        """A new ``client_secret``, shown once; the previous one keeps working for 24 hours."""
        return await self._call(lambda: self._resource.rotate_secret(application_id=application_id))


class AsyncAuthorizations(AsyncResource["AsyncAuthorizationsWithRawResponse"]):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[OAuthAuthorization]:
        """The applications the caller has authorized."""
        return self._pager(_authorizations(page, per_page))

    async def revoke(self, client_id: str) -> None:
        """Withdraws the caller's authorization of an application, and its tokens."""
        await self._none(Call("DELETE", path("/oauth/authorizations/{}", client_id)))


class AuthorizationsWithRawResponse(SyncRawResource):
    """The methods of :class:`Authorizations`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Authorizations

    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[SyncPage[OAuthAuthorization]]:
        """The applications the caller has authorized."""
        return self._call(lambda: self._resource.list(page=page, per_page=per_page))

    def revoke(self, client_id: str) -> RawResponse[None]:
        """Withdraws the caller's authorization of an application, and its tokens."""
        return self._call(lambda: self._resource.revoke(client_id=client_id))


class AsyncAuthorizationsWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncAuthorizations`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncAuthorizations

    async def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> RawResponse[AsyncPage[OAuthAuthorization]]:
        """The applications the caller has authorized."""
        return await self._call(lambda: self._resource.list(page=page, per_page=per_page))

    async def revoke(self, client_id: str) -> RawResponse[None]:
        """Withdraws the caller's authorization of an application, and its tokens."""
        return await self._call(lambda: self._resource.revoke(client_id=client_id))


class AsyncOAuth(AsyncResource["AsyncOAuthWithRawResponse"]):
    @property
    def applications(self) -> AsyncApplications:
        """The developer portal's applications (owners and admins, with a signed-in user's token)."""
        return AsyncApplications(self._client)

    @property
    def authorizations(self) -> AsyncAuthorizations:
        """The applications the caller has authorized."""
        return AsyncAuthorizations(self._client)


class OAuthWithRawResponse(SyncRawResource):
    """The methods of :class:`OAuth`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: OAuth

    @property
    def applications(self) -> ApplicationsWithRawResponse:
        """The developer portal's applications (owners and admins, with a signed-in user's token)."""
        return self._resource.applications.with_raw_response

    @property
    def authorizations(self) -> AuthorizationsWithRawResponse:
        """The applications the caller has authorized."""
        return self._resource.authorizations.with_raw_response


class AsyncOAuthWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncOAuth`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncOAuth

    @property
    def applications(self) -> AsyncApplicationsWithRawResponse:
        """The developer portal's applications (owners and admins, with a signed-in user's token)."""
        return self._resource.applications.with_raw_response

    @property
    def authorizations(self) -> AsyncAuthorizationsWithRawResponse:
        """The applications the caller has authorized."""
        return self._resource.authorizations.with_raw_response


Applications._raw_class = ApplicationsWithRawResponse
AsyncApplications._raw_class = AsyncApplicationsWithRawResponse
Authorizations._raw_class = AuthorizationsWithRawResponse
AsyncAuthorizations._raw_class = AsyncAuthorizationsWithRawResponse
OAuth._raw_class = OAuthWithRawResponse
AsyncOAuth._raw_class = AsyncOAuthWithRawResponse
