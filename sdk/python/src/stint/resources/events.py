"""The organization's events, live (``/events/stream``)."""

from __future__ import annotations

from typing import Callable, Optional

from .._event_stream import DEFAULT_IDLE_TIMEOUT, DEFAULT_MAX_RECONNECT_DELAY, AsyncEventStream, SyncEventStream
from .._pagination import AsyncPage, AsyncPager
from .._response import RawResponse
from ._resource import AsyncRawResource, AsyncResource, SyncRawResource, SyncResource


class Events(SyncResource["EventsWithRawResponse"]):
    def stream(
        self,
        *,
        last_event_id: Optional[str] = None,
        reconnect_delay: Optional[float] = None,
        max_reconnect_delay: float = DEFAULT_MAX_RECONNECT_DELAY,
        idle_timeout: float = DEFAULT_IDLE_TIMEOUT,
        on_open: Optional[Callable[[], None]] = None,
    ) -> SyncEventStream:
        """The events the credential may see, as they happen (it needs ``events:read``), to loop over.

        It reconnects by itself after a lost connection (waiting ``reconnect_delay`` seconds,
        doubled each time up to ``max_reconnect_delay``, with jitter) and resumes after the last
        event it gave, so nothing is missed or given twice; ``last_event_id`` resumes where an
        earlier stream stopped. A ``{"type": "reset"}`` item says it could not resume (the event
        is too old): reload what you show. A refused credential or permission raises its error.
        Nothing is sent until the loop starts; ``on_open`` is called each time a connection is
        open, from when nothing that happens is missed. ``idle_timeout`` seconds without a byte
        (the server sends a heartbeat every 15) count as a lost connection.
        """
        return SyncEventStream(
            self._client,
            last_event_id=last_event_id,
            reconnect_delay=reconnect_delay,
            max_reconnect_delay=max_reconnect_delay,
            idle_timeout=idle_timeout,
            on_open=on_open,
        )


# ---- Derived from the classes above by scripts/derive_twins.py: do not edit below this line. ----


class AsyncEvents(AsyncResource["AsyncEventsWithRawResponse"]):
    def stream(
        self,
        *,
        last_event_id: Optional[str] = None,
        reconnect_delay: Optional[float] = None,
        max_reconnect_delay: float = DEFAULT_MAX_RECONNECT_DELAY,
        idle_timeout: float = DEFAULT_IDLE_TIMEOUT,
        on_open: Optional[Callable[[], None]] = None,
    ) -> AsyncEventStream:
        """The events the credential may see, as they happen (it needs ``events:read``), to loop over.

        It reconnects by itself after a lost connection (waiting ``reconnect_delay`` seconds,
        doubled each time up to ``max_reconnect_delay``, with jitter) and resumes after the last
        event it gave, so nothing is missed or given twice; ``last_event_id`` resumes where an
        earlier stream stopped. A ``{"type": "reset"}`` item says it could not resume (the event
        is too old): reload what you show. A refused credential or permission raises its error.
        Nothing is sent until the loop starts; ``on_open`` is called each time a connection is
        open, from when nothing that happens is missed. ``idle_timeout`` seconds without a byte
        (the server sends a heartbeat every 15) count as a lost connection.
        """
        return AsyncEventStream(
            self._client,
            last_event_id=last_event_id,
            reconnect_delay=reconnect_delay,
            max_reconnect_delay=max_reconnect_delay,
            idle_timeout=idle_timeout,
            on_open=on_open,
        )


class EventsWithRawResponse(SyncRawResource):
    """The methods of :class:`Events`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: Events


class AsyncEventsWithRawResponse(AsyncRawResource):
    """The methods of :class:`AsyncEvents`, each answering a :class:`~stint.RawResponse`: what it answers, with the status, headers and request id."""

    _resource: AsyncEvents


Events._raw_class = EventsWithRawResponse
AsyncEvents._raw_class = AsyncEventsWithRawResponse
