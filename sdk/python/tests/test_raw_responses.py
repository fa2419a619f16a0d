"""``with_raw_response``: every call again, answering its result with the HTTP status, headers and request id."""

from __future__ import annotations

import asyncio

import pytest

import stint
from tests.support.stint_process import Deployment


def test_a_blocking_call_answers_its_result_with_the_response(owner: stint.Stint) -> None:
    created = owner.projects.with_raw_response.create("Raw")
    assert (created.status_code, created.data["name"]) == (201, "Raw")
    assert created.headers["location"].endswith(f"/projects/{created.data['id']}")
    assert created.request_id and created.request_id == created.http_response.headers["x-request-id"]

    read = owner.with_options(headers={"X-Request-Id": "sdk-python-raw-1"}).projects.with_raw_response.get(created.data["id"])
    assert (read.status_code, read.request_id, read.data) == (200, "sdk-python-raw-1", created.data)

    page = owner.projects.with_raw_response.list(per_page=1)
    assert page.status_code == 200 and [p["id"] for p in page.data] == [created.data["id"]]
    assert page.headers["content-type"].startswith("application/json")

    deleted = owner.projects.with_raw_response.delete(created.data["id"])
    assert (deleted.status_code, deleted.data) == (204, None)


def test_sub_resources_exports_and_renamed_calls_have_raw_responses(owner: stint.Stint) -> None:
    application = owner.oauth.with_raw_response.applications.create("Raw app", redirect_uris=["https://a.example.com/cb"], scopes=["projects:read"])
    assert application.status_code == 201 and application.data["client_secret"]
    assert owner.oauth.applications.with_raw_response.get(application.data["id"]).status_code == 200
    hook = owner.webhooks.create("http://127.0.0.1:9/none", ["project.created"])
    assert owner.webhooks.with_raw_response.deliveries.list(hook["id"]).data.meta["total"] == 0
    csv = owner.reports.with_raw_response.export_detailed("2026-01-01", "2026-01-31")
    assert csv.headers["content-type"].startswith("text/csv") and csv.data == csv.http_response.content
    renamed = owner.organization.with_raw_response.rename("Renamed raw")
    assert (renamed.status_code, renamed.data["name"]) == (200, "Renamed raw")


def test_a_failed_call_raises_as_it_always_does(owner: stint.Stint) -> None:
    with pytest.raises(stint.NotFoundError) as raised:
        owner.time_entries.with_raw_response.get("te_doesnotexist")
    assert raised.value.request_id


def test_async_calls_running_together_each_get_their_own_response(deployment: Deployment, owner: stint.Stint) -> None:
    token = owner._settings.access_token

    async def scenario() -> None:
        async with stint.AsyncStint(access_token=token, base_url=deployment.url) as client:
            raw = client.projects.with_raw_response
            first, second = await asyncio.gather(raw.create("Async raw one"), raw.create("Async raw two"))
            for answer, name in ((first, "Async raw one"), (second, "Async raw two")):
                assert (answer.status_code, answer.data["name"]) == (201, name)
                assert answer.headers["location"].endswith(answer.data["id"])
            assert first.request_id != second.request_id
            page = await client.projects.with_raw_response.list()
            assert page.status_code == 200 and page.data.meta["total"] == 2
            assert (await client.time_entries.with_raw_response.current()).data is None

    asyncio.run(scenario())
