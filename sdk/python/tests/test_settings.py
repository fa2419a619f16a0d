"""Where a client sends its requests and with which credential: given, from the environment, or refused."""

from __future__ import annotations

import asyncio
from typing import List

import httpx
import pytest

import stint


def _recorded(client_class: "type[stint.Stint]", sent: List[httpx.Request], **options: str) -> stint.Stint:
    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        return httpx.Response(200, json={"data": {"name": "stint", "version": "0", "api": "v1"}})

    return client_class(**options, http_client=httpx.Client(transport=httpx.MockTransport(answer)))  # type: ignore[arg-type]


def test_without_an_address_or_stint_base_url_the_client_refuses_to_start(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STINT_BASE_URL", raising=False)
    monkeypatch.delenv("STINT_API_KEY", raising=False)
    for make in (lambda: stint.Stint(), lambda: stint.Stint(api_key="tt_live_x"), lambda: stint.AsyncStint(access_token="t")):
        with pytest.raises(stint.StintError, match="base_url"):
            make()


def test_the_address_and_the_key_come_from_the_environment_when_not_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STINT_BASE_URL", "http://from-env.test")
    monkeypatch.setenv("STINT_API_KEY", "tt_live_from_env")
    sent: List[httpx.Request] = []
    with _recorded(stint.Stint, sent) as client:
        client.system.version()
    assert (str(sent[0].url), sent[0].headers["x-api-key"]) == ("http://from-env.test/api/v1/version", "tt_live_from_env")
    # What is given wins; a token given means no key is read from the environment.
    with _recorded(stint.Stint, sent, base_url="http://given.test", access_token="tok") as client:
        client.system.version()
    assert (sent[1].url.host, sent[1].headers["authorization"], "x-api-key" in sent[1].headers) == ("given.test", "Bearer tok", False)


def test_without_a_key_or_token_the_client_is_anonymous(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STINT_API_KEY", raising=False)
    sent: List[httpx.Request] = []
    with _recorded(stint.Stint, sent, base_url="http://stint.test") as client:
        client.system.version()
    assert "x-api-key" not in sent[0].headers and "authorization" not in sent[0].headers
    asyncio.run(stint.AsyncStint(base_url="http://stint.test").close())
