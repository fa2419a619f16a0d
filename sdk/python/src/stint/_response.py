"""Raw responses: what a call answered, with the HTTP response it came in.

Every resource has ``with_raw_response``, whose methods make the same calls and answer a
``RawResponse``. They learn which response a call got by listening while it runs: the
transport records each successful response in a context variable that only a listening
caller has set, so concurrent calls (threads, asyncio tasks) never see each other's.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Generic, Iterator, List, Optional, TypeVar

import httpx

from ._errors import StintError

T = TypeVar("T")


@dataclass(frozen=True)
class RawResponse(Generic[T]):
    """What a call answered (``data``, as the plain method returns it) and the HTTP response it came in.

    For a list, ``data`` is the first page; for a call that sent several requests, the
    response is the last one's.
    """

    data: T
    http_response: httpx.Response

    @property
    def status_code(self) -> int:
        """The HTTP status."""
        return self.http_response.status_code

    @property
    def headers(self) -> httpx.Headers:
        """The response's headers (``Location``, ``ETag``, ``Idempotent-Replayed``, the rate limit's ``X-RateLimit-*``, ...)."""
        return self.http_response.headers

    @property
    def request_id(self) -> Optional[str]:
        """The server's ``X-Request-Id`` for the request: quote it when asking why."""
        request_id: Optional[str] = self.http_response.headers.get("x-request-id")
        return request_id


_listening: "ContextVar[Optional[List[httpx.Response]]]" = ContextVar("stint_responses", default=None)


@contextmanager
def listening() -> Iterator[List[httpx.Response]]:
    """Collects the successful responses of the calls made inside the block, in order."""
    seen: List[httpx.Response] = []
    token = _listening.set(seen)
    try:
        yield seen
    finally:
        _listening.reset(token)


def record(response: httpx.Response) -> None:
    """Hands a successful response to whoever is listening (nobody, mostly)."""
    seen = _listening.get()
    if seen is not None:
        seen.append(response)


def raw_response(data: T, seen: List[httpx.Response]) -> RawResponse[T]:
    if not seen:
        raise StintError("the call sent no request, so there is no response to show")
    return RawResponse(data, seen[-1])
