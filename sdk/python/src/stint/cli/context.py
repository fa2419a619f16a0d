"""What every command shares: one HTTP connection pool, the credential store, the session,
and how results are printed."""

from __future__ import annotations

import json
from typing import Any, Callable, Optional, TypeVar

import click
import httpx

from .._client import Stint
from .session import CredentialStore, Session

F = TypeVar("F", bound=Callable[..., Any])
#: One request may take this long; connecting, at most 10 seconds.
TIMEOUT = httpx.Timeout(30.0, connect=10.0)


class App:
    def __init__(self) -> None:
        self.store = CredentialStore()
        self._http: Optional[httpx.Client] = None
        self._session: Optional[Session] = None

    @property
    def http(self) -> httpx.Client:
        if self._http is None:
            self._http = httpx.Client(timeout=TIMEOUT)
        return self._http

    @property
    def session(self) -> Session:
        if self._session is None:
            self._session = Session(self.store, self.http)
        return self._session

    def run(self, call: Callable[[Stint], Any], *, max_retries: int = 2) -> Any:
        return self.session.run(call, max_retries=max_retries)

    def close(self) -> None:
        if self._http is not None:
            self._http.close()


pass_app = click.make_pass_decorator(App, ensure=True)


def json_option(function: F) -> F:
    """``--json``: the result as JSON on stdout, for scripts."""
    return click.option("--json", "as_json", is_flag=True, help="Print the result as JSON, for scripts.")(function)


def print_json(value: Any) -> None:
    click.echo(json.dumps(value, indent=2, ensure_ascii=False))
