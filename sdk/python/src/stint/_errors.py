"""Errors, one class per kind of failure, whichever style's error body the server sent."""

from __future__ import annotations

from typing import Any, Dict, Mapping, Optional, Type

import httpx

from ._error_body import parse_error_body
from ._retries import retry_after_seconds

__all__ = [
    "StintError",
    "APIError",
    "APIConnectionError",
    "APITimeoutError",
    "APIStatusError",
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "ConflictError",
    "PayloadTooLargeError",
    "UnprocessableEntityError",
    "RateLimitError",
    "InternalServerError",
    "WebhookVerificationError",
]


class StintError(Exception):
    """Every error this library raises."""


class APIError(StintError):
    """A request that did not get a successful answer."""

    def __init__(self, message: str, request: httpx.Request) -> None:
        super().__init__(message)
        self.message = message
        self.request = request


class APIConnectionError(APIError):
    """No answer at all: the connection failed or broke before a response arrived."""

    def __init__(self, request: httpx.Request, message: str = "Connection error") -> None:
        super().__init__(message, request)


class APITimeoutError(APIConnectionError):
    """No answer within the timeout."""

    def __init__(self, request: httpx.Request) -> None:
        super().__init__(request, "Request timed out")


class APIStatusError(APIError):
    """The server answered with a 4xx or 5xx status.

    ``code`` is the error code in the server's spelling (``not_found`` in Style A,
    ``NOT_FOUND`` in Style B, ``invalid_grant`` from the OAuth endpoints), ``details`` the
    error's details (for a validation error ``field``, ``reason`` and ``errors``), ``body``
    the whole parsed body, and ``request_id`` the ``X-Request-Id`` to quote when asking why.
    """

    def __init__(self, response: httpx.Response, body: object, code: Optional[str], message: str, details: Optional[Dict[str, Any]]) -> None:
        super().__init__(message, response.request)
        self.response = response
        self.status_code = response.status_code
        self.headers: Mapping[str, str] = response.headers
        self.body = body
        self.code = code
        self.details = details
        self.request_id: Optional[str] = response.headers.get("x-request-id")

    def __str__(self) -> str:
        parts = [f"{self.status_code}", self.code or "", self.message]
        suffix = f" (request id {self.request_id})" if self.request_id else ""
        return " ".join(part for part in parts if part) + suffix


class BadRequestError(APIStatusError):
    """400: the request was malformed or a field was invalid (see ``details``)."""


class AuthenticationError(APIStatusError):
    """401: no credential, or one that is invalid, expired or revoked."""


class PermissionDeniedError(APIStatusError):
    """403: the credential lacks the permission or the role."""


class NotFoundError(APIStatusError):
    """404: nothing with this id in the caller's organization."""


class ConflictError(APIStatusError):
    """409: a name already taken, a resource still in use, or an idempotent request still running."""


class PayloadTooLargeError(APIStatusError):
    """413: the body or the uploaded file is larger than the server accepts."""


class UnprocessableEntityError(APIStatusError):
    """422: the same ``Idempotency-Key`` was already used with another body."""


class RateLimitError(APIStatusError):
    """429: a rate limit is used up; ``retry_after`` says how many seconds to wait."""

    def __init__(self, response: httpx.Response, body: object, code: Optional[str], message: str, details: Optional[Dict[str, Any]]) -> None:
        super().__init__(response, body, code, message, details)
        self.retry_after: Optional[float] = retry_after_seconds(response.headers)


class InternalServerError(APIStatusError):
    """5xx: the server failed or a service behind it is unavailable."""


class WebhookVerificationError(StintError):
    """A webhook delivery whose signature, timestamp or body does not check out."""


_BY_STATUS: Dict[int, Type[APIStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    413: PayloadTooLargeError,
    422: UnprocessableEntityError,
    429: RateLimitError,
}


def error_from_response(response: httpx.Response) -> APIStatusError:
    """The typed error for a 4xx or 5xx response whose body has been read."""
    body: object
    try:
        body = response.json()
    except ValueError:
        body = response.text or None
    code, message, details = parse_error_body(body)
    status = response.status_code
    cls = _BY_STATUS.get(status, InternalServerError if status >= 500 else APIStatusError)
    return cls(response, body, code, message or response.reason_phrase or f"HTTP {status}", details)
