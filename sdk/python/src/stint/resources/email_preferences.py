"""The signed-in user's own email preferences (``/email-preferences``): the weekly summary and its time zone."""

from __future__ import annotations

from typing import Union, cast

from .._base import NOT_GIVEN, Call, NotGiven, body
from ..types import EmailPreferences
from .._pagination import AsyncPage, AsyncPager
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource

_GET = Call("GET", "/email-preferences")


def _update(weekly_summary: Union[bool, NotGiven], time_zone: Union[str, NotGiven]) -> Call:
    return Call("PATCH", "/email-preferences", json=body(weekly_summary=weekly_summary, time_zone=time_zone))


class EmailPreferencesResource(SyncResource["EmailPreferencesResourceWithRawResponse"]):
    def get(self) -> EmailPreferences:
        """Your own preferences; the weekly summary is off until you turn it on."""
        return cast(EmailPreferences, self._data(_GET))

    def update(self, *, weekly_summary: Union[bool, NotGiven] = NOT_GIVEN, time_zone: Union[str, NotGiven] = NOT_GIVEN) -> EmailPreferences:
        """Turns the weekly summary on or off (sent every Monday for the week before) and sets the IANA time zone its weeks are counted in."""
        return cast(EmailPreferences, self._data(_update(weekly_summary, time_zone)))


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncEmailPreferencesResource(AsyncResource["AsyncEmailPreferencesResourceWithRawResponse"]):
    async def get(self) -> EmailPreferences:
        """Your own preferences; the weekly summary is off until you turn it on."""
        return cast(EmailPreferences, await self._data(_GET))

    async def update(self, *, weekly_summary: Union[bool, NotGiven] = NOT_GIVEN, time_zone: Union[str, NotGiven] = NOT_GIVEN) -> EmailPreferences:
        """Turns the weekly summary on or off (sent every Monday for the week before) and sets the IANA time zone its weeks are counted in."""
        return cast(EmailPreferences, await self._data(_update(weekly_summary, time_zone)))


class EmailPreferencesResourceWithRawResponse(SyncRawResource):
    """The methods of :class:`EmailPreferencesResource`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: EmailPreferencesResource

    def get(self) -> RawResponse[EmailPreferences]:
        """Your own preferences; the weekly summary is off until you turn it on."""
        return self._call(lambda: self._resource.get())

    def update(self, *, weekly_summary: Union[bool, NotGiven] = NOT_GIVEN, time_zone: Union[str, NotGiven] = NOT_GIVEN) -> RawResponse[EmailPreferences]:
        """Turns the weekly summary on or off (sent every Monday for the week before) and sets the IANA time zone its weeks are counted in."""
        return self._call(lambda: self._resource.update(weekly_summary=weekly_summary, time_zone=time_zone))


class AsyncEmailPreferencesResourceWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncEmailPreferencesResource`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncEmailPreferencesResource

    async def get(self) -> RawResponse[EmailPreferences]:
        """Your own preferences; the weekly summary is off until you turn it on."""
        return await self._call(lambda: self._resource.get())

    async def update(self, *, weekly_summary: Union[bool, NotGiven] = NOT_GIVEN, time_zone: Union[str, NotGiven] = NOT_GIVEN) -> RawResponse[EmailPreferences]:
        """Turns the weekly summary on or off (sent every Monday for the week before) and sets the IANA time zone its weeks are counted in."""
        return await self._call(lambda: self._resource.update(weekly_summary=weekly_summary, time_zone=time_zone))


EmailPreferencesResource._raw_class = EmailPreferencesResourceWithRawResponse
AsyncEmailPreferencesResource._raw_class = AsyncEmailPreferencesResourceWithRawResponse
