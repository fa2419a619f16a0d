"""Client library for the Stint time-tracking API.

    import stint

    client = stint.Stint(api_key="...", base_url="https://stint.example.com")
    for project in client.projects.list():
        print(project["name"])
"""

from . import types, webhook_signatures
from ._base import NOT_GIVEN, NotGiven
from ._client import AsyncStint, Stint
from ._errors import (
    APIConnectionError,
    APIError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    PayloadTooLargeError,
    PermissionDeniedError,
    RateLimitError,
    StintError,
    UnprocessableEntityError,
    WebhookVerificationError,
)
from ._event_stream import AsyncEventStream, SyncEventStream
from ._pagination import AsyncPage, AsyncPager, SyncPage
from ._response import RawResponse
from ._version import __version__
from .resources.screenshots import ScreenshotImage

__all__ = [
    "Stint",
    "AsyncStint",
    "SyncPage",
    "AsyncPage",
    "AsyncPager",
    "SyncEventStream",
    "AsyncEventStream",
    "RawResponse",
    "ScreenshotImage",
    "NOT_GIVEN",
    "NotGiven",
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
    "types",
    "webhook_signatures",
    "__version__",
]
