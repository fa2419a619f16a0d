"""Retries, backoff, Retry-After and idempotency keys, through a proxy that misbehaves on purpose."""

from __future__ import annotations

import socket

import httpx
import pytest

import stint
from tests.support.proxy import MisbehavingProxy, Rule

#: What Stint answers while the first try of a POST with the same key is still running.
IN_PROGRESS_BODY = b'{"error":{"code":"conflict","message":"A request with this Idempotency-Key is still being processed","details":{"reason":"request_in_progress"}}}'


def _through(proxy: MisbehavingProxy, owner: stint.Stint, **options: object) -> stint.Stint:
    token = owner._settings.access_token
    assert token is not None
    return stint.Stint(access_token=token, base_url=proxy.url, **options)  # type: ignore[arg-type]


def test_a_429_is_retried_after_the_seconds_retry_after_asks_for(owner: stint.Stint, proxy: MisbehavingProxy) -> None:
    proxy.add(Rule("GET", "/api/v1/projects", times=1, status=429, headers={"Retry-After": "1"}))
    with _through(proxy, owner) as client:
        assert list(client.projects.list()) == []
    first, second = proxy.requests_to("GET", "/api/v1/projects")
    assert (first.status, second.status) == (429, 200)
    # Without Retry-After the first backoff is at most half a second; a lower bound is safe on a slow machine.
    assert second.at - first.at >= 1.0


def test_a_503_is_retried_at_most_max_retries_times(owner: stint.Stint, proxy: MisbehavingProxy) -> None:
    proxy.add(Rule("GET", "/api/v1/projects", times=2, status=503))
    with _through(proxy, owner) as client:
        assert client.projects.list().meta["total"] == 0
        assert [seen.status for seen in proxy.requests_to("GET", "/api/v1/projects")] == [503, 503, 200]

        proxy.add(Rule("GET", "/api/v1/organization", times=3, status=503))
        with pytest.raises(stint.InternalServerError) as raised:
            client.organization.get()
        assert raised.value.status_code == 503 and raised.value.code == "made_up"
        assert len(proxy.requests_to("GET", "/api/v1/organization")) == 3


def test_retries_are_set_per_client_and_per_request(owner: stint.Stint, proxy: MisbehavingProxy) -> None:
    with _through(proxy, owner, max_retries=0) as client:
        proxy.add(Rule("GET", "/api/v1/projects", times=1, status=503))
        with pytest.raises(stint.InternalServerError):
            client.projects.list()
        assert len(proxy.requests_to("GET", "/api/v1/projects")) == 1

        proxy.add(Rule("GET", "/api/v1/users", times=3, status=502))
        assert client.with_options(max_retries=3).users.list().meta["total"] == 1
        assert [seen.status for seen in proxy.requests_to("GET", "/api/v1/users")] == [502, 502, 502, 200]


def test_a_post_whose_answer_was_lost_runs_once(owner: stint.Stint, proxy: MisbehavingProxy) -> None:
    proxy.add(Rule("POST", "/api/v1/projects", times=1, drop_response=True))
    with _through(proxy, owner) as client:
        project = client.projects.create("Made once")
    first, second = proxy.requests_to("POST", "/api/v1/projects")
    assert first.headers["idempotency-key"] == second.headers["idempotency-key"]
    assert first.status == 201  # the server did create it the first time
    assert second.response_headers.get("idempotent-replayed") == "true"
    assert [p["id"] for p in owner.projects.list()] == [project["id"]]


def test_each_post_has_a_key_of_its_own(owner: stint.Stint, proxy: MisbehavingProxy) -> None:
    with _through(proxy, owner) as client:
        client.projects.create("One")
        client.projects.create("Two")
    keys = {seen.headers["idempotency-key"] for seen in proxy.requests_to("POST", "/api/v1/projects")}
    assert len(keys) == 2
    assert all(seen.headers["user-agent"].startswith(f"stint-python/{stint.__version__}") for seen in proxy.seen)


def test_a_real_conflict_is_not_retried(owner: stint.Stint, proxy: MisbehavingProxy) -> None:
    owner.projects.create("Taken")
    other = owner.projects.create("Free")
    with _through(proxy, owner) as client:
        with pytest.raises(stint.ConflictError) as raised:
            client.projects.create("taken")
        assert raised.value.code == "conflict"
        with pytest.raises(stint.ConflictError):
            client.projects.update(other["id"], name="Taken")
    assert [seen.status for seen in proxy.requests_to("POST", "/api/v1/projects")] == [409]
    assert [seen.status for seen in proxy.requests_to("PATCH", "/api/v1/projects")] == [409]


def test_a_409_saying_the_first_try_still_runs_is_retried_with_the_same_key(owner: stint.Stint, proxy: MisbehavingProxy) -> None:
    proxy.add(Rule("POST", "/api/v1/projects", times=1, status=409, body=IN_PROGRESS_BODY))
    with _through(proxy, owner) as client:
        project = client.projects.create("Waited for")
    first, second = proxy.requests_to("POST", "/api/v1/projects")
    assert (first.status, second.status) == (409, 201)
    assert first.headers["idempotency-key"] == second.headers["idempotency-key"]
    assert [p["id"] for p in owner.projects.list()] == [project["id"]]


def test_no_409_of_a_request_other_than_a_post_is_retried(owner: stint.Stint, proxy: MisbehavingProxy) -> None:
    project = owner.projects.create("Patched")
    proxy.add(Rule("PATCH", "/api/v1/projects", times=1, status=409, body=IN_PROGRESS_BODY))
    with _through(proxy, owner) as client:
        with pytest.raises(stint.ConflictError):
            client.projects.update(project["id"], name="Patched again")
    assert len(proxy.requests_to("PATCH", "/api/v1/projects")) == 1


def test_timeouts_per_request_raise_api_timeout_error(owner: stint.Stint, proxy: MisbehavingProxy) -> None:
    proxy.add(Rule("GET", "/api/v1/projects", times=1, delay_seconds=2.0))
    with _through(proxy, owner, max_retries=0) as client:
        with pytest.raises(stint.APITimeoutError):
            client.with_options(timeout=0.3).projects.list()
        proxy.add(Rule("GET", "/api/v1/projects", times=1, delay_seconds=1.0))
        # The same slow answer within a longer timeout, once a retry is allowed: it arrives.
        assert client.with_options(timeout=10, max_retries=1).projects.list().meta["total"] == 0


def test_a_connection_that_fails_is_retried_then_reported() -> None:
    with socket.socket() as placeholder:
        placeholder.bind(("127.0.0.1", 0))
        port = placeholder.getsockname()[1]
    attempts = []

    def count(request: httpx.Request) -> None:
        attempts.append(request)

    with stint.Stint(api_key="key", base_url=f"http://127.0.0.1:{port}", http_client=httpx.Client(event_hooks={"request": [count]})) as client:
        with pytest.raises(stint.APIConnectionError) as raised:
            client.projects.list()
    assert not isinstance(raised.value, stint.APITimeoutError)
    assert len(attempts) == 3


def test_a_real_rate_limit_becomes_a_rate_limit_error(owner: stint.Stint) -> None:
    impatient = owner.with_options(max_retries=0)
    with pytest.raises(stint.RateLimitError) as raised:
        for _ in range(150):
            impatient.organization.get()
    error = raised.value
    assert error.status_code == 429 and error.code == "rate_limited"
    assert error.retry_after is not None and 0 < error.retry_after <= 60
    assert error.request_id
