"""Errors are typed by status and carry the body, the code and the request id, in either style."""

from __future__ import annotations

import pytest

import stint
from tests.support.proxy import MisbehavingProxy, Rule
from tests.support.stint_process import Deployment


def test_a_bad_field_is_a_bad_request_error_naming_it(owner: stint.Stint) -> None:
    with pytest.raises(stint.BadRequestError) as raised:
        owner.projects.create("")
    error = raised.value
    assert (error.status_code, error.code) == (400, "invalid_request")
    assert error.details is not None and error.details["field"] == "name"
    assert isinstance(error.body, dict) and error.body["error"]["code"] == "invalid_request"
    assert error.request_id and error.request_id in str(error)


def test_missing_and_wrong_credentials_are_authentication_errors(deployment: Deployment) -> None:
    for client in (stint.Stint(base_url=deployment.url), stint.Stint(api_key="sk_not_a_key", base_url=deployment.url)):
        with client, pytest.raises(stint.AuthenticationError) as raised:
            client.projects.list()
        assert (raised.value.status_code, raised.value.code) == (401, "unauthorized")


def test_a_missing_permission_is_permission_denied(deployment: Deployment, owner: stint.Stint) -> None:
    key = owner.api_keys.create("read only", ["projects:read"])
    with stint.Stint(api_key=key["key"], base_url=deployment.url) as client:
        with pytest.raises(stint.PermissionDeniedError) as raised:
            client.projects.create("Not allowed")
    assert (raised.value.status_code, raised.value.code) == (403, "forbidden")


def test_a_missing_resource_is_not_found_with_the_request_id_sent(owner: stint.Stint) -> None:
    with pytest.raises(stint.NotFoundError) as raised:
        owner.with_options(headers={"X-Request-Id": "sdk-python-test-1"}).time_entries.get("te_doesnotexist")
    assert (raised.value.status_code, raised.value.code, raised.value.request_id) == (404, "not_found", "sdk-python-test-1")
    assert isinstance(raised.value, stint.APIStatusError) and isinstance(raised.value, stint.StintError)


def test_style_b_error_bodies_are_read_too(owner: stint.Stint, proxy: MisbehavingProxy) -> None:
    # The proxy sends the request on to Style B (`/api/...`), whose error body has another shape.
    proxy.add(Rule("GET", "/api/v1/projects/", times=1, rewrite=lambda path: path.replace("/api/v1/", "/api/", 1)))
    token = owner._settings.access_token
    with stint.Stint(access_token=token, base_url=proxy.url) as client:
        with pytest.raises(stint.NotFoundError) as raised:
            client.projects.get("prj_doesnotexist")
    error = raised.value
    assert (error.status_code, error.code) == (404, "NOT_FOUND")
    assert isinstance(error.body, dict) and isinstance(error.body["error"], str) and error.message == error.body["error"]
    assert error.request_id


def test_an_idempotency_key_reused_with_another_body_is_unprocessable(owner: stint.Stint) -> None:
    same_key = owner.with_options(headers={"Idempotency-Key": "sdk-python-reused"})
    same_key.projects.create("First body")
    with pytest.raises(stint.UnprocessableEntityError) as raised:
        same_key.projects.create("Second body")
    assert raised.value.status_code == 422
