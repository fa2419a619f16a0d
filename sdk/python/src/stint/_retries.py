"""When to try a request again, and how long to wait first."""

from __future__ import annotations

import random
import time
from email.utils import parsedate_to_datetime
from typing import Mapping, Optional

import httpx

from ._error_body import parse_error_body

#: The first backoff's ceiling; each retry doubles it, up to MAX_BACKOFF_SECONDS.
INITIAL_BACKOFF_SECONDS = 0.5
MAX_BACKOFF_SECONDS = 8.0
#: A server that asks for a longer wait than this gets the error instead: blocking a caller
#: for an hour (Style A's hourly limit) is worse than telling it.
MAX_RETRY_AFTER_SECONDS = 60.0

#: ``details.reason`` of the 409 Stint answers while the first try of a POST with the same
#: ``Idempotency-Key`` is still running: the one 409 a retry can resolve.
IN_PROGRESS_REASON = "request_in_progress"


def retry_after_seconds(headers: Mapping[str, str]) -> Optional[float]:
    """``Retry-After`` in seconds: a number of seconds, or an HTTP date; None when absent or unreadable."""
    value = headers.get("retry-after")
    if value is None:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        seconds = when.timestamp() - time.time()
    return max(0.0, seconds)


def backoff_seconds(retries_done: int) -> float:
    """Full jitter: anywhere between zero and the exponential ceiling, so clients spread out."""
    ceiling = min(MAX_BACKOFF_SECONDS, INITIAL_BACKOFF_SECONDS * (2**retries_done))
    return random.uniform(0, ceiling)


def is_retryable_status(response: httpx.Response) -> bool:
    """408, 429 and 5xx; a 409 only when it says an earlier try of the same POST is still running.

    Stint answers that 409 with ``details.reason`` ``request_in_progress``. Any other 409 is
    a conflict with stored data (a name in use), which no retry resolves, and a request other
    than a POST is never retried on a 409.
    """
    status = response.status_code
    if status == 409:
        return response.request.method == "POST" and _error_reason(response) == IN_PROGRESS_REASON
    return status in (408, 429) or status >= 500


def _error_reason(response: httpx.Response) -> Optional[str]:
    try:
        body = response.json()
    except ValueError:
        return None
    details = parse_error_body(body)[2] or {}
    reason = details.get("reason")
    return reason if isinstance(reason, str) else None


def delay_before_retry(response: Optional[httpx.Response], retries_done: int) -> Optional[float]:
    """Seconds to wait before the next try; None when the server asks for too long a wait."""
    if response is not None:
        asked = retry_after_seconds(response.headers)
        if asked is not None:
            return asked if asked <= MAX_RETRY_AFTER_SECONDS else None
    return backoff_seconds(retries_done)
