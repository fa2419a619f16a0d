"""Live streams of the organization's events (``GET /events/stream``): Server-Sent Events,
read as an iterator that reconnects by itself and resumes after the last event it gave.

``SyncEventStream`` for the blocking client, ``AsyncEventStream`` for asyncio; both read the
same way, with the parser and the rules of when to try again shared here.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, AsyncGenerator, Callable, Dict, Generic, Iterator, List, Optional, TypeVar, Union, cast

import httpx

from ._base import Call
from ._errors import APIConnectionError, APITimeoutError, StintError, error_from_response
from ._retries import retry_after_seconds
from .types import StintEvent, StreamReset

if TYPE_CHECKING:
    from ._client import AsyncStint, Stint

__all__ = ["SyncEventStream", "AsyncEventStream", "ServerSentEventParser", "ServerSentMessage"]

#: What the stream gives: an event, or a ``reset`` when it could not resume where it was.
StreamItem = Union[StintEvent, StreamReset]

ClientT = TypeVar("ClientT")
ItemsT = TypeVar("ItemsT")

DEFAULT_RECONNECT_DELAY = 1.0
DEFAULT_MAX_RECONNECT_DELAY = 30.0
#: Seconds without a byte, not even a heartbeat (the server sends one every 15), before the
#: connection is taken for dead and made again.
DEFAULT_IDLE_TIMEOUT = 45.0
#: How long opening a connection may take, up to the answer's headers.
CONNECT_TIMEOUT = 30.0

_LINE_END = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class ServerSentMessage:
    """One message: its type (``message`` when it named none), its data, and the last id seen."""

    event: str
    data: str
    id: Optional[str]


@dataclass
class _Parsed:
    messages: List[ServerSentMessage] = field(default_factory=list)
    retry_ms: Optional[int] = None


class ServerSentEventParser:
    """The Server-Sent Events format as the HTML standard reads it, fed text as it arrives.

    Lines end with CRLF, LF or CR; a blank line ends a message; ``event``, ``data`` (lines
    joined with LF), ``id`` and ``retry`` are its fields, and a line starting with ``:`` is a
    comment. A line or message cut between two pieces of text waits for the rest.
    """

    def __init__(self) -> None:
        self._buffer = ""
        self._event = ""
        self._data: List[str] = []
        self._id: Optional[str] = None
        self._after_carriage_return = False

    def push(self, text: str) -> _Parsed:
        """The messages the text completes, and a reconnection delay if it named one."""
        parsed = _Parsed()
        if self._after_carriage_return and text.startswith("\n"):
            text = text[1:]
        self._after_carriage_return = False
        self._buffer += text
        while True:
            match = _LINE_END.search(self._buffer)
            if match is None:
                break
            if match.group() == "\r" and match.end() == len(self._buffer):
                # Perhaps the first half of a CRLF cut in two.
                self._after_carriage_return = True
            line, self._buffer = self._buffer[: match.start()], self._buffer[match.end() :]
            self._line(line, parsed)
        return parsed

    def _line(self, line: str, parsed: _Parsed) -> None:
        if line == "":
            if self._data:
                parsed.messages.append(ServerSentMessage(self._event or "message", "\n".join(self._data), self._id))
            self._event, self._data = "", []
            return
        if line.startswith(":"):
            return
        name, _, value = line.partition(":")
        if value.startswith(" "):
            value = value[1:]
        if name == "event":
            self._event = value
        elif name == "data":
            self._data.append(value)
        elif name == "id" and "\0" not in value:
            self._id = value
        elif name == "retry" and value.isdigit():
            parsed.retry_ms = int(value)


def _worth_retrying(error: Exception) -> bool:
    """A lost connection, a body that broke off, a 408, 429 or 5xx: connecting again may go better.

    Not a refusal no reconnection changes (a bad request, a credential or a permission
    refused, a missing route), nor an answer that is no event stream.
    """
    status = getattr(error, "status_code", None)
    if isinstance(status, int):
        return status in (408, 429) or status >= 500
    if isinstance(error, APIConnectionError):
        return True
    if isinstance(error, StintError):
        return False
    return isinstance(error, (httpx.TransportError, httpx.StreamError))


class _Reading:
    """What both streams keep between connections: where to resume, and how long to wait next."""

    def __init__(self, last_event_id: Optional[str], reconnect_delay: Optional[float], max_reconnect_delay: float) -> None:
        self.last_event_id = last_event_id
        self._reconnect_delay = reconnect_delay
        self._max_delay = max_reconnect_delay
        self._server_delay: Optional[float] = None
        self._delay: Optional[float] = None
        self._retry_after: Optional[float] = None

    def call(self) -> Call:
        headers: Dict[str, str] = {"Accept": "text/event-stream", "Cache-Control": "no-store"}
        if self.last_event_id is not None:
            headers["Last-Event-ID"] = self.last_event_id
        return Call("GET", "/events/stream", headers=headers)

    def check(self, response: httpx.Response) -> None:
        """Refuses an answer that is not a stream; the caller has read an error's body first."""
        if not response.is_success:
            self._retry_after = retry_after_seconds(response.headers)
            raise error_from_response(response)
        content_type = response.headers.get("content-type", "")
        if not content_type.startswith("text/event-stream"):
            raise StintError(f"GET /events/stream answered {content_type or 'no content type'}, not text/event-stream: is base_url the server's address?")

    def items(self, parser: ServerSentEventParser, text: str) -> Iterator[StreamItem]:
        parsed = parser.push(text)
        if parsed.retry_ms is not None:
            self._server_delay = parsed.retry_ms / 1000
        for message in parsed.messages:
            # Reading again: the next loss waits the shortest time.
            self._delay = None
            if message.event == "reset":
                yield cast(StreamReset, {"type": "reset", **json.loads(message.data)})
            elif message.id is not None:
                event = cast(StintEvent, json.loads(message.data))
                self.last_event_id = message.id
                yield event

    def next_delay(self) -> float:
        """The wait before connecting again: full jitter over a delay that doubles, or what a 429 or 503 asked."""
        first = self._reconnect_delay if self._reconnect_delay is not None else (self._server_delay or DEFAULT_RECONNECT_DELAY)
        self._delay = first if self._delay is None else min(self._max_delay, self._delay * 2)
        asked, self._retry_after = self._retry_after, None
        return asked if asked is not None else random.uniform(0, self._delay)


def _timeout(idle_timeout: float) -> httpx.Timeout:
    return httpx.Timeout(CONNECT_TIMEOUT, read=idle_timeout)


class _EventStream(Generic[ClientT, ItemsT]):
    """What both kinds of stream hold: the client, where reading stands, and the connection."""

    def __init__(
        self,
        client: ClientT,
        *,
        last_event_id: Optional[str] = None,
        reconnect_delay: Optional[float] = None,
        max_reconnect_delay: float = DEFAULT_MAX_RECONNECT_DELAY,
        idle_timeout: float = DEFAULT_IDLE_TIMEOUT,
        on_open: Optional[Callable[[], None]] = None,
    ) -> None:
        self._client = client
        self._reading = _Reading(last_event_id, reconnect_delay, max_reconnect_delay)
        self._idle_timeout = idle_timeout
        self._on_open = on_open
        self._closed = False
        self._response: Optional[httpx.Response] = None
        self._items: ItemsT = self._run()

    @property
    def last_event_id(self) -> Optional[str]:
        """The id of the last event given, or the one the stream was asked to resume after."""
        return self._reading.last_event_id

    def _run(self) -> ItemsT:
        raise NotImplementedError


class SyncEventStream(_EventStream["Stint", Iterator[StreamItem]]):
    """The organization's events as they happen, for a ``for`` loop; see ``client.events.stream``.

    ``last_event_id`` is the id of the last event given: keep it to resume later. ``close()``
    (or leaving a ``with`` block) ends the loop.
    """

    def __iter__(self) -> "SyncEventStream":
        return self

    def __next__(self) -> StreamItem:
        return next(self._items)

    def __enter__(self) -> "SyncEventStream":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Closes the connection; the loop ends."""
        self._closed = True
        if self._response is not None:
            self._response.close()

    def _run(self) -> Iterator[StreamItem]:
        settings, http = self._client._settings, self._client._http
        while not self._closed:
            request = settings.build_request(http, self._reading.call())
            request.extensions["timeout"] = _timeout(self._idle_timeout).as_dict()
            try:
                try:
                    self._response = http.send(request, stream=True)
                except httpx.TimeoutException as error:
                    raise APITimeoutError(request) from error
                except httpx.TransportError as error:
                    raise APIConnectionError(request, f"Connection error: {error}") from error
                response = self._response
                try:
                    if not response.is_success:
                        response.read()
                    self._reading.check(response)
                    if self._on_open is not None:
                        self._on_open()
                    parser = ServerSentEventParser()
                    for text in response.iter_text():
                        yield from self._reading.items(parser, text)
                finally:
                    response.close()
            except Exception as error:
                if self._closed:
                    return
                if not _worth_retrying(error):
                    raise
            if self._closed:
                return
            time.sleep(self._reading.next_delay())


class AsyncEventStream(_EventStream["AsyncStint", AsyncGenerator[StreamItem, None]]):
    """The organization's events as they happen, for an ``async for`` loop; see ``client.events.stream``.

    ``last_event_id`` is the id of the last event given: keep it to resume later. ``aclose()``
    (or leaving an ``async with`` block) ends the loop.
    """

    def __aiter__(self) -> "AsyncEventStream":
        return self

    async def __anext__(self) -> StreamItem:
        return await self._items.__anext__()

    async def __aenter__(self) -> "AsyncEventStream":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Closes the connection; the loop ends."""
        self._closed = True
        if self._response is not None:
            await self._response.aclose()
        try:
            await self._items.aclose()
        except RuntimeError:
            # A loop reading it in another task right now: it ends by itself, its connection closed.
            pass

    async def _run(self) -> AsyncGenerator[StreamItem, None]:
        settings, http = self._client._settings, self._client._http
        while not self._closed:
            request = settings.build_request(http, self._reading.call())
            request.extensions["timeout"] = _timeout(self._idle_timeout).as_dict()
            try:
                try:
                    self._response = await http.send(request, stream=True)
                except httpx.TimeoutException as error:
                    raise APITimeoutError(request) from error
                except httpx.TransportError as error:
                    raise APIConnectionError(request, f"Connection error: {error}") from error
                response = self._response
                try:
                    if not response.is_success:
                        await response.aread()
                    self._reading.check(response)
                    if self._on_open is not None:
                        self._on_open()
                    parser = ServerSentEventParser()
                    async for text in response.aiter_text():
                        for item in self._reading.items(parser, text):
                            yield item
                finally:
                    await response.aclose()
            except Exception as error:
                if self._closed:
                    return
                if not _worth_retrying(error):
                    raise
            if self._closed:
                return
            await asyncio.sleep(self._reading.next_delay())
