"""OAuth applications of the developer portal (``/oauth/applications``) and the caller's
authorizations of applications (``/oauth/authorizations``).

The protocol endpoints (``/auth/oauth/authorize``, ``token``, ``device``, ``revoke``,
``introspect``) are for an OAuth client library, not this one.
"""

from __future__ import annotations

from typing import List, Literal, Optional, Union, cast

from .._base import NOT_GIVEN, Call, NotGiven, body, path, query
from .._pagination import AsyncPager, SyncPage
from ..types import OAuthApplication, OAuthApplicationWithSecret, OAuthAuthorization, Permission
from ._resource import AsyncResource, SyncResource

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


class Applications(SyncResource):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[OAuthApplication]:
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
        return cast(OAuthApplication, self._data(_update(application_id, name, redirect_uris, homepage_url, scopes, status)))

    def delete(self, application_id: str) -> None:
        self._none(Call("DELETE", path("/oauth/applications/{}", application_id)))

    def rotate_secret(self, application_id: str) -> OAuthApplicationWithSecret:
        return cast(OAuthApplicationWithSecret, self._data(Call("POST", path("/oauth/applications/{}/rotate-secret", application_id))))


class AsyncApplications(AsyncResource):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[OAuthApplication]:
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
        return cast(OAuthApplicationWithSecret, await self._data(_create(name, redirect_uris, scopes, client_type, homepage_url)))

    async def get(self, application_id: str) -> OAuthApplication:
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
        return cast(OAuthApplication, await self._data(_update(application_id, name, redirect_uris, homepage_url, scopes, status)))

    async def delete(self, application_id: str) -> None:
        await self._none(Call("DELETE", path("/oauth/applications/{}", application_id)))

    async def rotate_secret(self, application_id: str) -> OAuthApplicationWithSecret:
        return cast(OAuthApplicationWithSecret, await self._data(Call("POST", path("/oauth/applications/{}/rotate-secret", application_id))))


class Authorizations(SyncResource):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> SyncPage[OAuthAuthorization]:
        """The applications the caller has authorized."""
        return self._page(_authorizations(page, per_page))

    def revoke(self, client_id: str) -> None:
        """Withdraws the caller's authorization of an application, and its tokens."""
        self._none(Call("DELETE", path("/oauth/authorizations/{}", client_id)))


class AsyncAuthorizations(AsyncResource):
    def list(self, *, page: Optional[int] = None, per_page: Optional[int] = None) -> AsyncPager[OAuthAuthorization]:
        return self._pager(_authorizations(page, per_page))

    async def revoke(self, client_id: str) -> None:
        await self._none(Call("DELETE", path("/oauth/authorizations/{}", client_id)))


class OAuth(SyncResource):
    @property
    def applications(self) -> Applications:
        return Applications(self._client)

    @property
    def authorizations(self) -> Authorizations:
        return Authorizations(self._client)


class AsyncOAuth(AsyncResource):
    @property
    def applications(self) -> AsyncApplications:
        return AsyncApplications(self._client)

    @property
    def authorizations(self) -> AsyncAuthorizations:
        return AsyncAuthorizations(self._client)
