"""What the sync and the async client share: settings, and how a call becomes an HTTP request."""

from __future__ import annotations

import os
import platform
import uuid
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any, Dict, Mapping, Optional, Tuple, Union
from urllib.parse import quote

import httpx

from ._errors import StintError
from ._version import __version__

#: Style A, the versioned path style (``/api/v1``), is the one this library speaks.
API_PREFIX = "/api/v1"
DEFAULT_TIMEOUT = httpx.Timeout(60.0, connect=10.0)
DEFAULT_MAX_RETRIES = 2
USER_AGENT = f"stint-python/{__version__} (httpx/{httpx.__version__}; python/{platform.python_version()})"


class NotGiven:
    """The default of an optional argument: leaves the field out, where ``None`` sends ``null``."""

    _instance: Optional["NotGiven"] = None

    def __new__(cls) -> "NotGiven":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN = NotGiven()

Timeout = Union[float, httpx.Timeout, None]
#: A file to upload: its bytes, or a binary file object (read whole, so a retry can send it again).
FileContent = Union[bytes, Any]


@dataclass(frozen=True)
class Call:
    """One API operation, ready to send: Style A path (without the prefix), query, body."""

    method: str
    path: str
    params: Optional[Dict[str, Any]] = None
    json: Optional[Any] = None
    data: Optional[Dict[str, str]] = None
    files: Optional[Dict[str, Tuple[str, bytes, str]]] = None
    #: Per-call overrides of the client's settings.
    headers: Mapping[str, str] = field(default_factory=dict)
    #: A 304 is an answer, not an error: the call sent ``If-None-Match`` and the caller has the bytes.
    not_modified_is_success: bool = False

    def is_success(self, response: httpx.Response) -> bool:
        return response.is_success or (self.not_modified_is_success and response.status_code == 304)


def path(template: str, *ids: str) -> str:
    """A path with each id percent-encoded, so an id can never reach another route."""
    return template.format(*(quote(str(value), safe="") for value in ids))


def _wire_value(value: Any) -> Any:
    if isinstance(value, datetime):
        moment = value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)
        return moment.isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return value


def body(**fields: Any) -> Dict[str, Any]:
    """A JSON body of the fields given (``NOT_GIVEN`` ones left out, ``None`` sent as null)."""
    return {name: _wire_value(value) for name, value in fields.items() if not isinstance(value, NotGiven)}


def query(**fields: Any) -> Dict[str, Any]:
    """Query parameters of the fields given; booleans as ``true``/``false``, as the API reads them."""
    out: Dict[str, Any] = {}
    for name, value in fields.items():
        if value is None or isinstance(value, NotGiven):
            continue
        out[name] = ("true" if value else "false") if isinstance(value, bool) else _wire_value(value)
    return out


def read_file(content: FileContent) -> bytes:
    if isinstance(content, (bytes, bytearray)):
        return bytes(content)
    if isinstance(content, (str, os.PathLike)):
        with open(content, "rb") as handle:
            return handle.read()
    data = content.read()
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError("an upload needs bytes, a path, or a file opened in binary mode")
    return bytes(data)


def normalize_base_url(base_url: str) -> str:
    """The server's root plus ``/api/v1``; a base that already ends in ``/api/v1`` or ``/v1`` is kept."""
    root = base_url.rstrip("/")
    if root.endswith(API_PREFIX) or root.endswith("/v1"):
        return root
    return root + API_PREFIX


class ClientSettings:
    """Credentials, address, retries, timeout and headers: everything but the connection pool."""

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
        if api_key is not None and access_token is not None:
            raise ValueError("give an api_key or an access_token, not both")
        if max_retries < 0:
            raise ValueError("max_retries cannot be negative")
        self.api_key = api_key if api_key is not None or access_token is not None else os.environ.get("STINT_API_KEY")
        self.access_token = access_token
        # No built-in address: a client that silently talked to some local default would send
        # its credential to whatever listens there.
        address = base_url or os.environ.get("STINT_BASE_URL")
        if not address:
            raise StintError("Stint needs a base_url (the server's address, like https://stint.example.com), or STINT_BASE_URL set")
        self.base_url = normalize_base_url(address)
        self.max_retries = max_retries
        self.timeout = timeout
        self.headers: Dict[str, str] = dict(headers or {})

    def request_headers(self, call: Call) -> Dict[str, str]:
        headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
        if self.api_key:
            headers["X-API-Key"] = self.api_key
        elif self.access_token:
            headers["Authorization"] = f"Bearer {self.access_token}"
        if call.method == "POST":
            # Made once per call, before the first try: every retry carries the same key, so
            # a POST whose answer was lost runs once on the server however often it is sent.
            headers["Idempotency-Key"] = str(uuid.uuid4())
        headers.update(self.headers)
        headers.update(call.headers)
        return headers

    def build_request(self, http: Union[httpx.Client, httpx.AsyncClient], call: Call) -> httpx.Request:
        return http.build_request(
            call.method,
            self.base_url + call.path,
            params=call.params or None,
            json=call.json,
            data=call.data,
            files=call.files,
            headers=self.request_headers(call),
            timeout=self.timeout,
        )
